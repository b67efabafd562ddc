import type { EvmBlock } from '../../../prisma/rows';
import { toModelRow } from '../../../prisma/read/toModelRow';
import { createLoader, inKeyOrder } from '../../shared/loaderKeys';
import type { SubgraphDeps } from '../../shared/subgraph';
import { chainKeyId, type ChainKey } from './chainKeys';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';

const toBlock = (row: Record<string, unknown>) => toModelRow<EvmBlock>('EvmBlock', row);

/**
 * Loaders of EVM blocks: by number, by hash, and the latest indexed block of a chain. Primary-key
 * and one-step index reads on most EVM requests: raw reads (`read`, rows shaped by toModelRow).
 * @param deps the subgraph's dependencies (`read`)
 * @returns the loaders
 * @example createBlockLoaders(deps).block.load({ chainId: 43114n, number: 71000000n })
 */
export function createBlockLoaders({ read }: Pick<SubgraphDeps, 'read'>) {
  return {
    /** A block by (chainId, number). */
    block: createLoader<ChainKey<'number', bigint>, EvmBlock | null>(
      async (keys) => {
        const rows = await read<Record<string, unknown>>(
          'SELECT b.* FROM evm_block b JOIN unnest($1::bigint[], $2::bigint[]) AS k (chain_id, number) ON b.chain_id = k.chain_id AND b.number = k.number',
          [keys.map((key) => key.chainId.toString()), keys.map((key) => key.number.toString())],
          KEEP_PLAN,
        );
        return inKeyOrder(
          keys,
          rows.map(toBlock),
          (key) => chainKeyId(key, 'number'),
          (row) => chainKeyId(row, 'number'),
        );
      },
      (key) => chainKeyId(key, 'number'),
    ),
    /** A block by (chainId, hash); hashes are lower case. */
    blockByHash: createLoader<ChainKey<'hash'>, EvmBlock | null>(
      async (keys) => {
        const rows = await read<Record<string, unknown>>(
          'SELECT b.* FROM evm_block b JOIN unnest($1::bigint[], $2::bytea[]) AS k (chain_id, hash) ON b.chain_id = k.chain_id AND b.hash = k.hash',
          [keys.map((key) => key.chainId.toString()), keys.map((key) => key.hash)],
          KEEP_PLAN,
        );
        return inKeyOrder(
          keys,
          rows.map(toBlock),
          (key) => chainKeyId(key, 'hash'),
          (row) => chainKeyId(row, 'hash'),
        );
      },
      (key) => chainKeyId(key, 'hash'),
    ),
    /** The latest indexed block of a chain: one backward index step per chain. */
    latestBlock: createLoader<bigint, EvmBlock | null>(async (chainIds) => {
      const rows = await read<Record<string, unknown>>(
        `SELECT b.* FROM unnest($1::bigint[]) AS c (id)
         CROSS JOIN LATERAL (SELECT * FROM evm_block WHERE chain_id = c.id ORDER BY number DESC LIMIT 1) b`,
        [chainIds.map(String)],
        KEEP_PLAN,
      );
      return inKeyOrder(chainIds, rows.map(toBlock), String, (row) => String(row.chainId));
    }),
  };
}
