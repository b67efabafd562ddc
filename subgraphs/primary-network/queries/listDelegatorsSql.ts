import { delegationStatusSql } from '../../../domain';
import { Prisma, type Delegation as DelegationModel } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';
import { bigintKey, stringKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { sortKey, type SortKey } from '../../shared/paging/sortKey';
import type { DelegationStatus } from '../types/delegator.args';
import { selectColumns } from './selectColumns';

/** A delegation of the list, with its validator's delegation fee. */
export type DelegatorListRow = DelegationModel & { validatorFee: Prisma.Decimal | null };

/** What listDelegators filters on. */
export type DelegatorFilter = {
  network: DbNetwork;
  /** Delegations rewarding any of these addresses (stored form, avax1…). */
  rewardAddresses?: readonly string[];
  nodeIds?: readonly string[];
  status?: DelegationStatus;
};

/**
 * Keyset order of listDelegators: the block that accepted the delegation (the order of the
 * transactions' times), then the transaction. Index `delegation(network, block_index, tx_hash)`,
 * or with nodeIds `delegation(network, node_id, block_index, tx_hash)`, serves it.
 */
export const delegatorSortKeys: SortKey<DelegatorListRow>[] = [
  sortKey('blockIndex', bigintKey),
  sortKey('txHash', stringKey),
];

/**
 * The one statement of a delegators page: the filters at the request's instant (the status through
 * the domain's SQL rule), the keyset range and order, and each delegation's validator fee.
 * @param filter network, reward addresses, nodes and status
 * @param now the request's instant, Unix seconds
 * @param keyset the page's keyset pieces (paginateSql)
 * @returns the statement
 * @example await paginateSql(request, (k) => listDelegatorsSql(filter, now, k), (sql) => readSql(context.read, sql))
 */
export function listDelegatorsSql(filter: DelegatorFilter, now: number, keyset: KeysetSql): Prisma.Sql {
  const conditions: Prisma.Sql[] = [
    Prisma.sql`d.network = CAST(${dataModel.enums.Network[filter.network]} AS network)`,
  ];
  if (filter.nodeIds) conditions.push(Prisma.sql`d.node_id = ANY (${[...filter.nodeIds]}::text[])`);
  if (filter.rewardAddresses) conditions.push(Prisma.sql`d.reward_addresses && ${[...filter.rewardAddresses]}::text[]`);
  if (filter.status) conditions.push(Prisma.raw(delegationStatusSql(filter.status, { at: now, alias: 'd' })));
  return Prisma.sql`SELECT ${selectColumns('Delegation', 'd')},
      (SELECT v.delegation_fee FROM validator v WHERE v.network = d.network AND v.validation_id = d.validator_tx_hash) AS "validatorFee"
    FROM delegation d
    WHERE ${Prisma.join(conditions, ' AND ')} ${keyset.after('d')}
    ORDER BY ${keyset.orderBy('d')}
    LIMIT ${keyset.limit}`;
}
