// Makes sure a configured chain has its EvmChain row (and the Blockchain and Subnet rows it
// references), so its blocks are counted in the metrics and its data answers on /v1/chains/{chainId}
// right away. A chain the primary-network data knows is left as it is.
import type { Database } from '../../../prisma/database';
import { insertRows } from '../../../prisma/write';
import type { EvmChainConfig } from '../../config/readIndexerConfig';
import type { RpcClient } from '../../../shared/jsonRpc/createRpcClient';
import { derivedChainId } from './derivedChainId';
import { resolveNativeToken, type ResolvedNativeToken } from './resolveNativeToken';

/** subnet-evm's VM ID: what an L1 indexed over JSON-RPC most likely runs. */
const SUBNET_EVM_VM_ID = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy';

/**
 * Returns the chain's blockchain ID, creating its rows when the database does not know the chain.
 * @param db database
 * @param rpc the chain's node (eth_chainId is checked; eth_getChainConfig is stored when the node has it)
 * @param chain the configured chain
 * @returns blockchain ID, whether rows were created, and the native token they were created with
 * @throws Error when the node's eth_chainId differs from the configured chain ID
 * @example const { blockchainId } = await registerChain(db, rpc, chain)
 */
export async function registerChain(
  db: Database,
  rpc: RpcClient,
  chain: EvmChainConfig,
): Promise<{ blockchainId: string; created: boolean; nativeToken?: ResolvedNativeToken }> {
  const nodeChainId = BigInt(await rpc.call<string>('eth_chainId'));
  if (nodeChainId !== chain.chainId)
    throw new Error(
      `evm[${chain.chainId}]: the node at ${chain.rpcUrls[0]} serves chain ID ${nodeChainId}, not ${chain.chainId}`,
    );
  const [known] = await db.query<{ blockchain_id: string }>('SELECT blockchain_id FROM evm_chain WHERE chain_id = $1', [
    chain.chainId.toString(),
  ]);
  if (known) return { blockchainId: known.blockchain_id, created: false };
  const [blockchain] = await db.query<{ blockchain_id: string; subnet_id: string }>(
    'SELECT blockchain_id, subnet_id FROM blockchain WHERE network = $1::network AND (evm_chain_id = $2 OR blockchain_id = $3) ORDER BY (blockchain_id = $3) DESC LIMIT 1',
    [chain.network === 'MAINNET' ? 'mainnet' : 'fuji', chain.chainId.toString(), chain.blockchainId ?? ''],
  );
  const blockchainId = blockchain?.blockchain_id ?? chain.blockchainId ?? derivedChainId('blockchain', chain.chainId);
  const name = chain.name ?? `EVM chain ${chain.chainId}`;
  const chainConfig = await rpc.call<unknown>('eth_getChainConfig').catch(() => null);
  const nativeToken = resolveNativeToken(chain, chainConfig);
  await db.transaction(async (tx) => {
    if (!blockchain) {
      const subnetId = derivedChainId('subnet', chain.chainId);
      await insertRows(tx, 'Subnet', [
        {
          network: chain.network,
          subnetId,
          createBlockTimestamp: 0n,
          createBlockIndex: 0n,
          ownerAddresses: [],
          threshold: 0,
          locktime: 0n,
        },
      ]);
      await insertRows(tx, 'Blockchain', [
        {
          network: chain.network,
          blockchainId,
          subnetId,
          createBlockTimestamp: 0n,
          createBlockNumber: 0n,
          vmId: SUBNET_EVM_VM_ID,
          blockchainName: name,
          evmChainId: chain.chainId,
          genesisData: chainConfig && typeof chainConfig === 'object' ? { config: chainConfig } : undefined,
        },
      ]);
    }
    await insertRows(tx, 'EvmChain', [
      {
        chainId: chain.chainId,
        network: chain.network,
        blockchainId,
        chainName: name,
        nativeTokenName: nativeToken.token.name,
        nativeTokenSymbol: nativeToken.token.symbol,
        nativeTokenDecimals: nativeToken.token.decimals,
      },
    ]);
  });
  return { blockchainId, created: true, nativeToken };
}
