import type { EvmChain as EvmChainRow } from '../../../prisma/generated/client';
import { ApiFeature, ChainStatus, VmName, type ChainInfo } from '../types/chainInfo.type';
import { formatNetworkToken } from './evmChain';

/** A stored EVM chain with the members of its blockchain the chain operations answer. */
export type ChainInfoRow = EvmChainRow & { subnetId: string; vmId: string };

/**
 * The Data API features this service provides on every chain it indexes: NFT indexing (each
 * chain's ERC-721 and ERC-1155 tokens, transfers and metadata) and Teleporter (the ICM message
 * operations, `/v1/icm/messages…`: the EVM indexer reads the TeleporterMessenger events of every
 * chain it indexes, whichever contract emits them, so each chain's messages are listed from the
 * start, before the first one is seen). It serves no webhooks, so it does not list them.
 */
export const ENABLED_FEATURES: readonly ApiFeature[] = [ApiFeature.nftIndexing, ApiFeature.teleporter];

/**
 * A stored chain as the official chain operations answer it (ChainInfo). The members the index
 * does not know (explorer, WebSocket and logo URLs, utility contracts, AvaCloud's `private`) are
 * left out: the official document makes none of them required.
 * @example formatChainInfo({ ...chain, subnetId: '11111111111111111111111111111111LpoYY', vmId: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6' })
 */
export function formatChainInfo(row: ChainInfoRow): ChainInfo {
  return {
    chainId: row.chainId.toString(),
    // The service answers from its index, which holds the chain whether or not a node is up.
    status: ChainStatus.OK,
    chainName: row.chainName,
    description: row.description,
    platformChainId: row.blockchainId,
    subnetId: row.subnetId,
    vmId: row.vmId,
    // Only EVM chains are indexed (evm_chain).
    vmName: VmName.EVM,
    // The node RPC of this service serves every indexed EVM chain at this path (node-rpc/).
    rpcUrl: `/ext/bc/${row.blockchainId}/rpc`,
    isTestnet: row.network !== 'MAINNET',
    networkToken: formatNetworkToken(row),
    enabledFeatures: [...ENABLED_FEATURES],
  };
}
