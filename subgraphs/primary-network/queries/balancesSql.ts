import { balanceCategorySql, type BalanceCategory } from '../../../domain';
import { Prisma } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';

/** One sum of the balances query: an asset's UTXOs in one category (and atomic source chain). */
export type BalanceSumRow = {
  /** Set when the query sums per address (the Address.balances loader). */
  address?: string;
  assetId: string;
  name: string;
  symbol: string;
  denomination: number;
  type: string;
  category: BalanceCategory;
  sharedWithChainId: string | null;
  amount: Prisma.Decimal;
  utxoCount: number;
};

/** What {@link balancesSql} sums. */
export type BalancesQuery = {
  network: DbNetwork;
  blockchainId: string;
  /** Stored addresses (bech32 without chain prefix). */
  addresses: readonly string[];
  /** The instant of the balance, Unix seconds. */
  at: number;
  /** Sum per address instead of over the whole set (a UTXO owned by several of them counts once either way per sum). */
  perAddress?: boolean;
};

/**
 * The one statement of a balance (4.6, and Address.balances): the UTXOs of the addresses on the
 * chain that exist at the instant, summed exactly per asset, balance category (the domain's rule,
 * domain/balanceCategorySql.ts) and, for atomic memory, the chain that exported them.
 *
 * @param query network, chain, addresses, instant and whether to sum per address
 * @returns the statement; its rows are {@link BalanceSumRow}s
 * @example await readSql<BalanceSumRow>(context.read, balancesSql({ network: 'MAINNET', blockchainId, addresses, at: now }))
 */
export function balancesSql(query: BalancesQuery): Prisma.Sql {
  const network = dataModel.enums.Network[query.network];
  const t = query.at;
  const category = Prisma.raw(balanceCategorySql({ at: t, alias: 'u' }));
  const owners = Prisma.sql`ua.network = CAST(${network} AS network) AND ua.address = ANY (${[...query.addresses]}::text[])
    AND ua.blockchain_id = ${query.blockchainId} AND ua.block_timestamp <= ${t}`;
  const byAddress = query.perAddress === true;
  return Prisma.sql`SELECT ${byAddress ? Prisma.sql`ua.address AS "address", ` : Prisma.empty}u.asset_id AS "assetId", s.name, s.symbol,
      s.denomination, s.type::text AS "type", ${category} AS "category", u.shared_with_chain_id AS "sharedWithChainId",
      sum(u.amount) AS "amount", count(*)::int AS "utxoCount"
    FROM utxo u
    JOIN asset s ON s.network = u.network AND s.asset_id = u.asset_id
    ${byAddress ? Prisma.sql`JOIN utxo_address ua ON ua.network = u.network AND ua.utxo_id = u.utxo_id AND ${owners}` : Prisma.empty}
    WHERE u.network = CAST(${network} AS network) AND u.blockchain_id = ${query.blockchainId}
      ${byAddress ? Prisma.empty : Prisma.sql`AND u.utxo_id IN (SELECT ua.utxo_id FROM utxo_address ua WHERE ${owners})`}
      AND u.block_timestamp <= ${t} AND (u.consuming_block_timestamp IS NULL OR u.consuming_block_timestamp > ${t})
    GROUP BY ${byAddress ? Prisma.sql`ua.address, ` : Prisma.empty}u.asset_id, s.name, s.symbol, s.denomination, s.type, "category", u.shared_with_chain_id
    ORDER BY ${byAddress ? Prisma.sql`ua.address, ` : Prisma.empty}u.asset_id, "category", u.shared_with_chain_id`;
}
