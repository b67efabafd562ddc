import { validatorRulesSql } from '../../../domain';
import { Prisma, type PrismaClient } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';

/** Key of the active stake of a subnet at an instant. */
export type ActiveStakeKey = { network: DbNetwork; subnetId: string; at: number };

/**
 * The stake (weight on a subnet) of each subnet's validations active at the instant, L1
 * validations aside (they are not validators of 4.5): what `stakePercentage` divides by. One
 * statement per network and instant, grouped by subnet.
 *
 * @param prisma the client
 * @param keys the batch
 * @returns each key's total, in key order (0 when the subnet has no active validation)
 * @example await loadActiveStakeOfSubnets(prisma, [{ network: 'MAINNET', subnetId, at: now }])
 */
export async function loadActiveStakeOfSubnets(prisma: PrismaClient, keys: readonly ActiveStakeKey[]): Promise<Prisma.Decimal[]> {
  const totals = new Map<string, Prisma.Decimal>();
  const id = (key: ActiveStakeKey) => `${key.network}:${key.at}:${key.subnetId}`;
  const groups = new Map<string, ActiveStakeKey[]>();
  for (const key of keys) groups.set(`${key.network}:${key.at}`, [...(groups.get(`${key.network}:${key.at}`) ?? []), key]);
  for (const group of groups.values()) {
    const { network, at } = group[0]!;
    const rows = await prisma.$queryRaw<{ subnetId: string; total: Prisma.Decimal }[]>(activeStakeSql(network, group.map((key) => key.subnetId), at));
    for (const row of rows) totals.set(id({ network, at, subnetId: row.subnetId }), row.total);
  }
  return keys.map((key) => totals.get(id(key)) ?? new Prisma.Decimal(0));
}

/**
 * The statement of {@link loadActiveStakeOfSubnets} for one network and instant: the stake of
 * each subnet's validations active then, L1 validations aside (the benchmark runs it too).
 * @param network the network
 * @param subnetIds the subnets
 * @param at the instant, Unix seconds
 * @returns rows of `subnetId` and `total`
 * @example await prisma.$queryRaw(activeStakeSql('MAINNET', [PRIMARY_NETWORK_ID], now))
 */
export function activeStakeSql(network: DbNetwork, subnetIds: readonly string[], at: number): Prisma.Sql {
  return Prisma.sql`
    SELECT v.subnet_id AS "subnetId", sum(v.amount_staked) AS total
    FROM validator v
    WHERE v.network = CAST(${dataModel.enums.Network[network]} AS network) AND v.subnet_id = ANY (${[...subnetIds]}::text[])
      AND NOT v.is_l1_validator AND ${Prisma.raw(validatorRulesSql({ at, alias: 'v' }).status('active'))}
    GROUP BY v.subnet_id`;
}
