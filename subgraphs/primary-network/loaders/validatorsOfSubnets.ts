import { validatorRulesSql } from '../../../domain';
import { Prisma, type PrismaClient, type Validator } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';
import { loaderKey } from '../../shared/loaderKeys';
import { selectColumns } from '../queries/selectColumns';
import type { ValidationStatus } from '../types/validator.args';

/** Key of `Subnet.validators`: the subnet and the field's arguments. */
export type SubnetValidatorsKey = {
  network: DbNetwork;
  subnetId: string;
  status?: ValidationStatus;
  first: number;
  at: number;
};

/**
 * Loads the latest `first` validations (by block index) of each subnet in the batch, optionally
 * only those with a status at the instant; L1 validations aside, as in 4.5: one statement per distinct (status, first, instant),
 * which is one for a request whose subnets all ask the same.
 * @param prisma the client
 * @param keys the batch
 * @returns the validations of each key, in key order
 * @example await loadValidatorsOfSubnets(prisma, [{ network: 'MAINNET', subnetId, first: 100, at: now }])
 */
export async function loadValidatorsOfSubnets(
  prisma: PrismaClient,
  keys: readonly SubnetValidatorsKey[],
): Promise<Validator[][]> {
  const groups = new Map<string, SubnetValidatorsKey[]>();
  for (const key of keys) {
    const group = loaderKey({ status: key.status ?? null, first: key.first, at: key.at });
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  const found = new Map<string, Validator[]>();
  for (const group of groups.values()) {
    const { status, first, at } = group[0]!;
    const rules = validatorRulesSql({ at, alias: 'v' });
    const byNetwork = new Map<DbNetwork, string[]>();
    for (const key of group) byNetwork.set(key.network, [...(byNetwork.get(key.network) ?? []), key.subnetId]);
    const subnets = [...byNetwork].map(
      ([network, ids]) =>
        Prisma.sql`(v.network = CAST(${dataModel.enums.Network[network]} AS network) AND v.subnet_id = ANY (${ids}::text[]))`,
    );
    const rows = await prisma.$queryRaw<(Validator & { rank: bigint })[]>(Prisma.sql`SELECT * FROM (
        SELECT ${selectColumns('Validator', 'v')},
          row_number() OVER (PARTITION BY v.network, v.subnet_id ORDER BY v.block_index DESC, v.validation_id DESC) AS "rank"
        FROM validator v
        WHERE (${Prisma.join(subnets, ' OR ')}) AND NOT v.is_l1_validator ${status ? Prisma.sql`AND ${Prisma.raw(rules.status(status))}` : Prisma.empty}
      ) ranked WHERE "rank" <= ${first} ORDER BY "network", "subnetId", "rank"`);
    for (const { rank: _rank, ...row } of rows) {
      const id = `${row.network}:${row.subnetId}:${loaderKey({ status: status ?? null, first, at })}`;
      found.set(id, [...(found.get(id) ?? []), row]);
    }
  }
  return keys.map(
    (key) =>
      found.get(
        `${key.network}:${key.subnetId}:${loaderKey({ status: key.status ?? null, first: key.first, at: key.at })}`,
      ) ?? [],
  );
}
