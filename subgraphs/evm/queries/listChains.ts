// The official chain operations: the indexed chains, one chain, and the chains an address is
// active on. A chain is its evm_chain row and the subnet and VM of its blockchain row.
import { Prisma } from '../../../prisma/generated/client';
import { readSql } from '../../../prisma/read/readSql';
import { toModelRow } from '../../../prisma/read/toModelRow';
import type { EvmChain } from '../../../prisma/generated/client';
import { toDbNetwork, type Network } from '../../shared/network';
import type { EvmContext } from '../context';
import { ENABLED_FEATURES, formatChainInfo, type ChainInfoRow } from '../formatters/chainInfo';
import type { ApiFeature, ChainInfo } from '../types/chainInfo.type';

/** The chains matching `where`, by EVM chain ID. */
async function chainInfoRows(context: EvmContext, where: Prisma.Sql): Promise<ChainInfoRow[]> {
  const rows = await readSql<Record<string, unknown>>(
    context.read,
    Prisma.sql`SELECT c.*, bc.subnet_id, bc.vm_id FROM evm_chain c
      JOIN blockchain bc ON bc.network = c.network AND bc.blockchain_id = c.blockchain_id
      WHERE ${where} ORDER BY c.chain_id`,
  );
  return rows.map((row) => ({
    ...toModelRow<EvmChain>('EvmChain', row),
    subnetId: row.subnet_id as string,
    vmId: row.vm_id as string,
  }));
}

/**
 * supportedChains: the indexed chains, by EVM chain ID, of a network and with a feature when asked.
 * @param context the request's context
 * @param filter network (fuji and testnet alike) and feature, each optional
 * @returns the chains
 * @example await supportedChains(context, { network: Network.mainnet })
 */
export async function supportedChains(
  context: EvmContext,
  filter: { network?: Network; feature?: ApiFeature },
): Promise<ChainInfo[]> {
  // Every indexed chain has the same features, so a feature either keeps them all or none.
  if (filter.feature && !ENABLED_FEATURES.includes(filter.feature)) return [];
  const where = filter.network
    ? Prisma.sql`c.network = ${toDbNetwork(filter.network) === 'MAINNET' ? 'mainnet' : 'fuji'}::network`
    : Prisma.sql`TRUE`;
  return (await chainInfoRows(context, where)).map(formatChainInfo);
}

/**
 * getChainInfo: one indexed chain (resolved by the caller, resolveChain.ts).
 * @param context the request's context
 * @param chain the chain
 * @returns its description
 * @example await getChainInfo(context, await resolveChain(context, args.chainId))
 */
export async function getChainInfo(context: EvmContext, chain: EvmChain): Promise<ChainInfo> {
  const [row] = await chainInfoRows(context, Prisma.sql`c.chain_id = ${chain.chainId}`);
  // evm_chain references its blockchain row, so the join finds it unless the chain was just removed.
  if (!row) throw new Error(`chain ${chain.chainId} vanished while answering`);
  return formatChainInfo(row);
}

/**
 * listAddressChains: the indexed chains where an address sent or received a transaction, a token
 * transfer (any standard) or an internal transaction. Six index probes per chain, each answered
 * by the first matching entry of an (chain_id, address, …) index, however busy the address.
 * @param context the request's context
 * @param address lower-case EVM address
 * @returns the chains, by EVM chain ID
 * @example await listAddressChains(context, '0xad9ea0f0f155856c610bc910d7af91513f98a093')
 */
export async function listAddressChains(context: EvmContext, address: string): Promise<ChainInfo[]> {
  const rows = await chainInfoRows(
    context,
    Prisma.sql`(EXISTS (SELECT 1 FROM evm_transaction t WHERE t.chain_id = c.chain_id AND t.from_address = ${address})
      OR EXISTS (SELECT 1 FROM evm_transaction t WHERE t.chain_id = c.chain_id AND t.to_address = ${address})
      OR EXISTS (SELECT 1 FROM evm_token_transfer t WHERE t.chain_id = c.chain_id AND t.from_address = ${address})
      OR EXISTS (SELECT 1 FROM evm_token_transfer t WHERE t.chain_id = c.chain_id AND t.to_address = ${address})
      OR EXISTS (SELECT 1 FROM evm_internal_transaction i WHERE i.chain_id = c.chain_id AND i.from_address = ${address})
      OR EXISTS (SELECT 1 FROM evm_internal_transaction i WHERE i.chain_id = c.chain_id AND i.to_address = ${address}))`,
  );
  return rows.map(formatChainInfo);
}
