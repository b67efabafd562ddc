import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { PUBLIC_NETWORKS } from '../../../avalanche/networks';
import { Prisma } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';
import { latestPriceJoin } from '../../evm/loaders/createValueLoaders';
import { bigintKey, stringKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { sortKey, type SortKey } from '../../shared/paging/sortKey';

/** A reward UTXO of the list, with the stake it rewards, its asset and the asset's price then. */
export type HistoricalRewardListRow = {
  utxoId: string;
  txHash: string;
  outputIndex: number;
  amount: Prisma.Decimal;
  rewardType: string;
  /** When the reward was paid: the block time of the RewardValidatorTx that created the UTXO. */
  blockTimestamp: bigint;
  assetId: string;
  assetName: string;
  assetSymbol: string;
  assetDenomination: number;
  assetType: string;
  owners: string[];
  nodeId: string;
  amountStaked: Prisma.Decimal;
  startTimestamp: bigint;
  endTimestamp: bigint;
  rewardTxHash: string | null;
  /** The asset's price in the requested currency at blockTimestamp, decimal text; null without one. */
  price: string | null;
};

/** What listHistoricalPrimaryNetworkRewards lists: rewards to any of the addresses and/or of stakes on any of the nodes. */
export type HistoricalRewardFilter = {
  network: DbNetwork;
  addresses?: readonly string[];
  nodeIds?: readonly string[];
  currency: string;
};

/** Keyset order: when the reward was paid, then the UTXO. */
export const historicalRewardSortKeys: SortKey<HistoricalRewardListRow>[] = [
  sortKey('blockTimestamp', bigintKey),
  sortKey('utxoId', stringKey),
];

/**
 * The one statement of a historical-rewards page. A reward is a P-Chain UTXO its RewardValidatorTx
 * created (`utxo.reward_type` set); its stake is the validation or delegation of the same
 * transaction. AVAX's price is the C-Chain's native token feed (AssetPrice), the latest at or before
 * the payment (the price loader's rule).
 * @param filter network, addresses and/or node IDs, and the currency of prices
 * @param keyset the page's keyset pieces (paginateSql)
 * @returns the statement
 * @example await paginateSql(request, (k) => listHistoricalRewardsSql(filter, k), (sql) => readSql(context.read, sql))
 */
export function listHistoricalRewardsSql(filter: HistoricalRewardFilter, keyset: KeysetSql): Prisma.Sql {
  const network = Prisma.sql`CAST(${dataModel.enums.Network[filter.network]} AS network)`;
  // Per address, its P-Chain UTXOs newest first along the owners' index, the rewards among them, at
  // most a page each: a page reads the addresses' own outputs, not every reward of the network.
  const rewardsOfAddresses = (addresses: readonly string[]) =>
    Prisma.sql`SELECT DISTINCT r.utxo_id FROM unnest(${[...addresses]}::text[]) a(address)
      CROSS JOIN LATERAL (SELECT ua.utxo_id FROM utxo_address ua
        JOIN utxo ru ON ru.network = ua.network AND ru.utxo_id = ua.utxo_id AND ru.reward_type IS NOT NULL
        WHERE ua.network = ${network} AND ua.address = a.address AND ua.blockchain_id = ${PRIMARY_NETWORK_ID} ${keyset.after('ua')}
        ORDER BY ${keyset.orderBy('ua')} LIMIT ${keyset.limit}) r`;
  const stakesOfNodes = (nodeIds: readonly string[]) =>
    Prisma.sql`u.tx_hash IN (SELECT v.tx_hash FROM validator v WHERE v.network = ${network} AND v.node_id = ANY (${[...nodeIds]}::text[])
      UNION ALL SELECT d.tx_hash FROM delegation d WHERE d.network = ${network} AND d.node_id = ANY (${[...nodeIds]}::text[]))`;
  return Prisma.sql`SELECT u.utxo_id AS "utxoId", u.tx_hash AS "txHash", u.output_index AS "outputIndex", u.amount,
      u.reward_type::text AS "rewardType", u.block_timestamp AS "blockTimestamp", u.asset_id AS "assetId",
      s.name AS "assetName", s.symbol AS "assetSymbol", s.denomination AS "assetDenomination", s.type::text AS "assetType",
      ARRAY(SELECT ua.address FROM utxo_address ua WHERE ua.network = u.network AND ua.utxo_id = u.utxo_id ORDER BY ua.address) AS "owners",
      st.node_id AS "nodeId", st.amount_staked AS "amountStaked", st.start_timestamp AS "startTimestamp",
      st.end_timestamp AS "endTimestamp", st.reward_tx_hash AS "rewardTxHash", p.value::text AS "price"
    FROM ${filter.addresses ? Prisma.sql`(${rewardsOfAddresses(filter.addresses)}) c JOIN utxo u ON u.network = ${network} AND u.utxo_id = c.utxo_id` : Prisma.sql`utxo u`}
    JOIN asset s ON s.network = u.network AND s.asset_id = u.asset_id
    JOIN LATERAL (
      SELECT v.node_id, v.amount_staked, v.start_timestamp, v.end_timestamp, v.reward_tx_hash FROM validator v
        WHERE v.network = u.network AND v.tx_hash = u.tx_hash
      UNION ALL
      SELECT d.node_id, d.amount_delegated, d.start_timestamp, d.end_timestamp, d.reward_tx_hash FROM delegation d
        WHERE d.network = u.network AND d.tx_hash = u.tx_hash
      LIMIT 1) st ON true
    CROSS JOIN LATERAL (SELECT (SELECT c.native_price_key FROM evm_chain c
        WHERE c.chain_id = ${PUBLIC_NETWORKS[filter.network].cChainEvmId}) AS price_key,
      ${filter.currency}::text AS currency_code, u.block_timestamp AS at) k
    ${Prisma.raw(latestPriceJoin('k'))}
    WHERE u.network = ${network} AND u.blockchain_id = ${PRIMARY_NETWORK_ID} AND u.reward_type IS NOT NULL
      ${filter.nodeIds ? Prisma.sql`AND ${stakesOfNodes(filter.nodeIds)}` : Prisma.empty}
      ${keyset.after('u')}
    ORDER BY ${keyset.orderBy('u')}
    LIMIT ${keyset.limit}`;
}
