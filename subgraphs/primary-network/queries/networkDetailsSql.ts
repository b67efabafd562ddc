import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { validatorRulesSql } from '../../../domain';
import { Prisma } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';

/** A row of {@link activeValidatorsByVersionSql}: the primary network's active validations of one version. */
export type ValidatorsByVersionRow = {
  version: string | null;
  validatorCount: number;
  amountStaked: Prisma.Decimal;
  potentialReward: Prisma.Decimal;
};

/** The row of {@link activeDelegationsSql}. */
export type ActiveDelegationsRow = {
  delegatorCount: number;
  amountDelegated: Prisma.Decimal;
  potentialReward: Prisma.Decimal;
};

/** The row of {@link currentSupplySql}. */
export type CurrentSupplyRow = { currentSupply: Prisma.Decimal };

const networkValue = (network: DbNetwork) => dataModel.enums.Network[network];

/**
 * The primary network's validations active at an instant, summed per avalanchego version. Reads the
 * range `end_timestamp > at` of `validator(network, end_timestamp, validation_id)`: the validations
 * still in the set or waiting to start, never the completed history.
 * @param network the network
 * @param at the instant, Unix seconds
 * @returns the statement; its rows are {@link ValidatorsByVersionRow}s
 * @example await readSql<ValidatorsByVersionRow>(context.read, activeValidatorsByVersionSql('MAINNET', now))
 */
export function activeValidatorsByVersionSql(network: DbNetwork, at: number): Prisma.Sql {
  const active = Prisma.raw(validatorRulesSql({ at, alias: 'v' }).status('active'));
  return Prisma.sql`SELECT v.avalanche_go_version AS "version", count(*)::int AS "validatorCount",
      sum(v.amount_staked) AS "amountStaked", coalesce(sum(v.potential_reward), 0) AS "potentialReward"
    FROM validator v
    WHERE v.network = CAST(${networkValue(network)} AS network) AND v.end_timestamp > ${BigInt(at)}
      AND v.subnet_id = ${PRIMARY_NETWORK_ID} AND NOT v.is_l1_validator AND ${active}
    GROUP BY v.avalanche_go_version
    ORDER BY "amountStaked" DESC, "version"`;
}

/**
 * The delegations active at an instant, counted and summed; reads the range `end_timestamp > at` of
 * `delegation(network, end_timestamp)`.
 * @param network the network
 * @param at the instant, Unix seconds
 * @returns the statement; its one row is an {@link ActiveDelegationsRow}
 * @example await readSql<ActiveDelegationsRow>(context.read, activeDelegationsSql('MAINNET', now))
 */
export function activeDelegationsSql(network: DbNetwork, at: number): Prisma.Sql {
  const t = BigInt(at);
  return Prisma.sql`SELECT count(*)::int AS "delegatorCount", coalesce(sum(d.amount_delegated), 0) AS "amountDelegated",
      coalesce(sum(d.potential_reward), 0) AS "potentialReward"
    FROM delegation d
    WHERE d.network = CAST(${networkValue(network)} AS network) AND d.end_timestamp > ${t} AND d.start_timestamp <= ${t}`;
}

/**
 * The P-Chain's current supply after its last block at or before an instant (one row of
 * `primary_network_block(network, blockchain_id, block_timestamp, block_number)`); no row before
 * the first indexed block.
 * @param network the network
 * @param at the instant, Unix seconds
 * @returns the statement; its row is a {@link CurrentSupplyRow}
 * @example await readSql<CurrentSupplyRow>(context.read, currentSupplySql('MAINNET', now))
 */
export function currentSupplySql(network: DbNetwork, at: number): Prisma.Sql {
  return Prisma.sql`SELECT b.current_supply AS "currentSupply" FROM primary_network_block b
    WHERE b.network = CAST(${networkValue(network)} AS network) AND b.blockchain_id = ${PRIMARY_NETWORK_ID}
      AND b.block_timestamp <= ${BigInt(at)}
    ORDER BY b.block_timestamp DESC, b.block_number DESC LIMIT 1`;
}
