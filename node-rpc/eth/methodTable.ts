// The methods a chain's `/rpc` answers from the index. Every other method goes to the chain's
// upstream node when one is configured, and is otherwise "not available", as on a node that does not
// serve it.
import { eth_blockNumber, eth_chainId, net_version, web3_clientVersion, web3_sha3 } from './basicMethods';
import {
  eth_getBlockByHash,
  eth_getBlockByNumber,
  eth_getBlockTransactionCountByHash,
  eth_getBlockTransactionCountByNumber,
  eth_getHeaderByHash,
  eth_getHeaderByNumber,
} from './blockMethods';
import { eth_getBalance } from './getBalance';
import { eth_getLogs } from './getLogs';
import type { EthMethod } from './methodSpec';
import {
  eth_feeConfig,
  eth_getActivePrecompilesAt,
  eth_getActiveRulesAt,
  eth_getChainConfig,
} from './subnetEvmMethods';
import {
  eth_getBlockReceipts,
  eth_getTransactionByBlockHashAndIndex,
  eth_getTransactionByBlockNumberAndIndex,
  eth_getTransactionByHash,
  eth_getTransactionReceipt,
} from './transactionMethods';

/** Methods served from the index, by name. */
export const ETH_METHODS: Readonly<Record<string, EthMethod>> = {
  eth_chainId,
  net_version,
  web3_clientVersion,
  web3_sha3,
  eth_blockNumber,
  eth_getBlockByNumber,
  eth_getBlockByHash,
  eth_getHeaderByNumber,
  eth_getHeaderByHash,
  eth_getBlockTransactionCountByNumber,
  eth_getBlockTransactionCountByHash,
  eth_getTransactionByHash,
  eth_getTransactionByBlockNumberAndIndex,
  eth_getTransactionByBlockHashAndIndex,
  eth_getTransactionReceipt,
  eth_getBlockReceipts,
  eth_getLogs,
  eth_getBalance,
  eth_feeConfig,
  eth_getChainConfig,
  eth_getActivePrecompilesAt,
  eth_getActiveRulesAt,
};
