import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { Prisma, type Validator as ValidatorModel } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';
import { bigintKey, stringKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { sortKey, type SortKey } from '../../shared/paging/sortKey';
import { selectColumns } from './selectColumns';

/** An L1 validation of the list, with its balance after the latest P-Chain block. */
export type L1ValidatorListRow = ValidatorModel & {
  /** nAVAX left at the latest indexed P-Chain block, as decimal text. */
  remaining: string;
  /** The latest indexed P-Chain block's height (null before any is indexed). */
  headHeight: bigint | null;
};

/** What listL1Validators filters on. */
export type L1ValidatorFilter = {
  network: DbNetwork;
  validationId?: string;
  nodeId?: string;
  subnetId?: string;
  /** Also the validations whose balance ran out, disabled ones and removed ones. */
  includeInactive: boolean;
};

/**
 * Keyset order of listL1Validators: the block that added the validation, then its ID. Indexes
 * `validator(network, is_l1_validator | node_id | subnet_id, block_index, validation_id)` serve it.
 */
export const l1ValidatorSortKeys: SortKey<L1ValidatorListRow>[] = [
  sortKey('blockIndex', bigintKey),
  sortKey('validationId', stringKey),
];

/**
 * The one statement of an L1 validators page. A validation's balance pays the continuous fee until
 * the P-Chain's accrued fees reach its EndAccumulatedFee (domain/l1ValidatorFee.ts), so what is left
 * after the latest P-Chain block is that end minus the block's accrued fees; active means something
 * is left and the validation was not removed (weight 0). A row without the fee state (a chain not
 * indexed from Etna on) falls back on the balance the node last reported.
 * @param filter network, the ID, node or subnet filters, and whether inactive ones are wanted
 * @param keyset the page's keyset pieces (paginateSql)
 * @returns the statement
 * @example await paginateSql(request, (k) => listL1ValidatorsSql(filter, k), (sql) => readSql(context.read, sql))
 */
export function listL1ValidatorsSql(filter: L1ValidatorFilter, keyset: KeysetSql): Prisma.Sql {
  const network = dataModel.enums.Network[filter.network];
  const conditions: Prisma.Sql[] = [Prisma.sql`v.network = CAST(${network} AS network)`, Prisma.sql`v.is_l1_validator`];
  if (filter.validationId !== undefined) conditions.push(Prisma.sql`v.validation_id = ${filter.validationId}`);
  if (filter.nodeId !== undefined) conditions.push(Prisma.sql`v.node_id = ${filter.nodeId}`);
  if (filter.subnetId !== undefined) conditions.push(Prisma.sql`v.subnet_id = ${filter.subnetId}`);
  const left = Prisma.sql`COALESCE(v.l1_end_accumulated_fee - h.accrued, v.l1_balance, 0)`;
  if (!filter.includeInactive) conditions.push(Prisma.sql`v.removed_timestamp IS NULL AND ${left} > 0`);
  return Prisma.sql`WITH h AS MATERIALIZED (
      SELECT MAX(b.block_number) AS height,
        COALESCE((ARRAY_AGG(b.l1_validators_accrued_fees ORDER BY b.block_number DESC))[1], 0)::numeric AS accrued
      FROM (SELECT block_number, l1_validators_accrued_fees FROM primary_network_block
        WHERE network = CAST(${network} AS network) AND blockchain_id = ${PRIMARY_NETWORK_ID}
        ORDER BY block_number DESC LIMIT 1) b)
    SELECT ${selectColumns('Validator', 'v')},
      (CASE WHEN v.removed_timestamp IS NULL THEN GREATEST(${left}, 0) ELSE 0 END)::text AS "remaining",
      h.height AS "headHeight"
    FROM validator v CROSS JOIN h
    WHERE ${Prisma.join(conditions, ' AND ')} ${keyset.after('v')}
    ORDER BY ${keyset.orderBy('v')}
    LIMIT ${keyset.limit}`;
}
