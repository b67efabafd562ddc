import { Prisma, type PendingReward as PendingRewardModel } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';
import { bigintKey, stringKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { sortKey, type SortKey } from '../../shared/paging/sortKey';
import { selectColumns } from './selectColumns';

/** A pending reward of the list, with its asset and reward addresses. */
export type PendingRewardListRow = PendingRewardModel & {
  assetName: string;
  assetSymbol: string;
  assetDenomination: number;
  assetType: string;
  owners: string[];
};

/** What 4.14 lists: rewards to any of the addresses and/or of stakes on any of the nodes. */
export type PendingRewardFilter = { network: DbNetwork; addresses?: readonly string[]; nodeIds?: readonly string[] };

/**
 * Keyset order of 4.14: staking start, then the stake's transaction and the reward type (a
 * delegation has two rewards, the delegator's and the validator's fee). The enum compares as
 * text, in SQL and in the token alike.
 */
export const pendingRewardSortKeys: SortKey<PendingRewardListRow>[] = [
  sortKey('startTimestamp', bigintKey),
  sortKey('txHash', stringKey),
  sortKey('rewardType', stringKey, 'p.reward_type::text'),
];

/**
 * The one statement of a pending-rewards page.
 * @param filter network, and addresses or node IDs (or both: rewards matching both)
 * @param keyset the page's keyset pieces (paginateSql)
 * @returns the statement
 * @example await paginateSql(request, (k) => listPendingRewardsSql(filter, k), (sql) => readSql(context.read, sql))
 */
export function listPendingRewardsSql(filter: PendingRewardFilter, keyset: KeysetSql): Prisma.Sql {
  const network = dataModel.enums.Network[filter.network];
  return Prisma.sql`SELECT ${selectColumns('PendingReward', 'p')}, s.name AS "assetName", s.symbol AS "assetSymbol",
      s.denomination AS "assetDenomination", s.type::text AS "assetType",
      ARRAY(SELECT pa.address FROM pending_reward_address pa WHERE pa.network = p.network AND pa.tx_hash = p.tx_hash
        AND pa.reward_type = p.reward_type ORDER BY pa.address) AS "owners"
    FROM pending_reward p
    JOIN asset s ON s.network = p.network AND s.asset_id = p.asset_id
    WHERE p.network = CAST(${network} AS network)
      ${filter.nodeIds ? Prisma.sql`AND p.node_id = ANY (${[...filter.nodeIds]}::text[])` : Prisma.empty}
      ${
        filter.addresses
          ? Prisma.sql`AND EXISTS (SELECT 1 FROM pending_reward_address pa WHERE pa.network = p.network AND pa.tx_hash = p.tx_hash
              AND pa.reward_type = p.reward_type AND pa.address = ANY (${[...filter.addresses]}::text[]))`
          : Prisma.empty
      }
      ${keyset.after('p')}
    ORDER BY ${keyset.orderBy('p')}
    LIMIT ${keyset.limit}`;
}
