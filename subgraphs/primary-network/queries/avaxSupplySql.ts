import { validatorRulesSql } from '../../../domain';
import { Prisma } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';
import { PUBLIC_NETWORKS } from '../../../avalanche/networks';

/** The figures behind the supply; amounts as numeric text (nAVAX; wei for `cBurnedWei`). */
export type AvaxSupplyRow = {
  currentSupply: string;
  pBurned: string;
  l1ValidatorFees: string;
  rewards: string;
  lastUpdated: bigint;
  xBurned: string;
  cBurnedWei: string;
  /** What the C-Chain's atomic transactions burned, nAVAX (the last indexed C-Chain block's running total). */
  cAtomicBurned: string;
  staked: string;
};

/**
 * The one statement of getAvaxSupply: the running totals of the last indexed P- and X-Chain block
 * (or DAG-era vertex), the C-Chain's fees from its metric rollups (a row per month) and its atomic
 * transactions' running total on its last block, and the stake
 * active at `at`. Nothing sums the history per request.
 * @param network the network
 * @param at the instant of the stake, Unix seconds
 * @returns the statement; no row while no P-Chain block is indexed
 * @example const [row] = await readSql<AvaxSupplyRow>(context.read, avaxSupplySql('MAINNET', now))
 */
export function avaxSupplySql(network: DbNetwork, at: number): Prisma.Sql {
  const facts = PUBLIC_NETWORKS[network];
  const net = Prisma.sql`CAST(${dataModel.enums.Network[network]} AS network)`;
  const active = Prisma.raw(validatorRulesSql({ at, alias: 'v' }).status('active'));
  return Prisma.sql`SELECT p.current_supply::text AS "currentSupply", p.burned_total::text AS "pBurned",
      p.l1_validator_fees_total::text AS "l1ValidatorFees", p.rewards_total::text AS "rewards", p.block_timestamp AS "lastUpdated",
      coalesce(
        (SELECT x.burned_total FROM primary_network_block x WHERE x.network = ${net} AND x.blockchain_id = ${facts.chains['x-chain']}
          ORDER BY x.block_number DESC LIMIT 1),
        (SELECT v.burned_total FROM x_chain_vertex v WHERE v.network = ${net} ORDER BY v.vertex_index DESC LIMIT 1),
        0)::text AS "xBurned",
      (SELECT coalesce(sum(m.fees), 0) FROM metric_rollup m
        WHERE m.scope = ${facts.cChainEvmId.toString()} AND m.time_interval = 'month')::text AS "cBurnedWei",
      coalesce((SELECT b.atomic_burned_total FROM evm_chain c JOIN evm_block b ON b.chain_id = c.chain_id
        WHERE c.network = ${net} AND c.blockchain_id = ${facts.chains['c-chain']}
        ORDER BY b.number DESC LIMIT 1), 0)::text AS "cAtomicBurned",
      ((SELECT coalesce(sum(v.amount_staked), 0) FROM validator v
         WHERE v.network = ${net} AND v.subnet_id = ${facts.chains['p-chain']} AND NOT v.is_l1_validator AND ${active})
       + (SELECT coalesce(sum(d.amount_delegated), 0) FROM delegation d
         WHERE d.network = ${net} AND d.start_timestamp <= ${BigInt(at)} AND d.end_timestamp > ${BigInt(at)}))::text AS "staked"
    FROM primary_network_block p
    WHERE p.network = ${net} AND p.blockchain_id = ${facts.chains['p-chain']}
    ORDER BY p.block_number DESC LIMIT 1`;
}
