import { asText } from '../../../prisma/hexBytes';
import { Prisma } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';
import { PUBLIC_NETWORKS } from '../../../avalanche/networks';
import { bigintKey, stringKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { sortKey, type SortKey } from '../../shared/paging/sortKey';

/** A stored transaction of a page, with where it is (block, or vertex before linearization). */
export type TransactionRow = {
  txHash: string;
  blockchainId: string;
  txType: string;
  blockNumber: bigint;
  blockTimestamp: bigint;
  txBytes: string;
  /** The block holding it (a C-Chain atomic transaction: the EVM block, 0x hex); null for an X-Chain transaction of a vertex. */
  blockHash: string | null;
};

/** What a transaction list selects. */
export type TransactionFilter = {
  network: DbNetwork;
  blockchainId: string;
  /** Stored addresses (bech32 without chain prefix): transactions touching any of them. */
  addresses?: readonly string[];
  /** Transactions touching this asset. */
  assetId?: string;
  /** The transactions acting on this L1 validation (P-Chain). */
  l1ValidationId?: string;
  txTypes?: readonly string[];
  startTimestamp?: number;
  endTimestamp?: number;
  /** Only staking transactions whose stake is still locked at this instant (Unix seconds). */
  activeStakingAt?: number;
};

/** The keyset order of the transaction lists: block time, then the transaction hash. */
export const transactionSortKeys: SortKey<TransactionRow>[] = [
  sortKey<TransactionRow>('blockTimestamp', bigintKey),
  sortKey<TransactionRow>('txHash', stringKey),
];

/** Staking transactions whose stake stays locked until the staker leaves the set. */
export const STAKING_TX_TYPES = [
  'AddValidatorTx',
  'AddDelegatorTx',
  'AddPermissionlessValidatorTx',
  'AddPermissionlessDelegatorTx',
] as const;

const networkOf = (network: DbNetwork) => Prisma.sql`CAST(${dataModel.enums.Network[network]} AS network)`;

/** Conditions on the transaction row `t` (types, activity). */
function transactionConditions(filter: TransactionFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (filter.txTypes?.length) parts.push(Prisma.sql`AND t.tx_type = ANY (${[...filter.txTypes]}::text[])`);
  if (filter.activeStakingAt !== undefined) {
    const at = BigInt(filter.activeStakingAt).toString();
    parts.push(Prisma.sql`AND t.tx_type = ANY (${[...STAKING_TX_TYPES]}::text[]) AND (
      EXISTS (SELECT 1 FROM validator v WHERE v.network = t.network AND v.tx_hash = t.tx_hash
        AND v.removed_at_block_index IS NULL AND (v.end_timestamp IS NULL OR v.end_timestamp > ${at}::bigint))
      OR EXISTS (SELECT 1 FROM delegation d WHERE d.network = t.network AND d.tx_hash = t.tx_hash
        AND d.reward_tx_hash IS NULL AND d.end_timestamp > ${at}::bigint))`);
  }
  return parts.length ? Prisma.join(parts, ' ') : Prisma.empty;
}

/** Time range on alias `a`'s block_timestamp. */
function timeRange(filter: TransactionFilter, alias: string): Prisma.Sql {
  const column = Prisma.raw(`${alias}.block_timestamp`);
  return Prisma.sql`${filter.startTimestamp === undefined ? Prisma.empty : Prisma.sql`AND ${column} >= ${BigInt(filter.startTimestamp).toString()}::bigint`}
    ${filter.endTimestamp === undefined ? Prisma.empty : Prisma.sql`AND ${column} <= ${BigInt(filter.endTimestamp).toString()}::bigint`}`;
}

/**
 * One index range of a touch table (an address's, an asset's or an L1 validation's transactions),
 * joined with the transaction rows only when a condition needs them.
 */
function touchBranch(
  filter: TransactionFilter,
  keyset: KeysetSql,
  table:
    | 'primary_network_transaction_address'
    | 'primary_network_transaction_asset'
    | 'primary_network_transaction_validation',
  column: 'address' | 'asset_id' | 'validation_id',
  value: string,
): Prisma.Sql {
  const conditions = transactionConditions(filter);
  const join =
    conditions === Prisma.empty
      ? Prisma.empty
      : Prisma.sql`JOIN primary_network_transaction t ON t.network = a.network AND t.tx_hash = a.tx_hash ${conditions}`;
  // Text: an atomic transaction's touched addresses include the 0x accounts it credits or debits (hexBytes.ts).
  return Prisma.sql`(SELECT a.block_timestamp, a.tx_hash FROM ${Prisma.raw(table)} a ${join}
    WHERE a.network = ${networkOf(filter.network)} AND a.${Prisma.raw(column)} = ${asText(value)} AND a.blockchain_id = ${filter.blockchainId}
      ${timeRange(filter, 'a')} ${keyset.after('a')}
    ORDER BY ${keyset.orderBy('a')} LIMIT ${keyset.limit})`;
}

/**
 * The one statement of a transaction page: the keys of the page from one index range per address
 * (or the asset's, the L1 validation's, or the chain's), then the transactions and the block each is in.
 * @param filter chain and filters
 * @param keyset the page's keyset pieces (paginateSql)
 * @returns the statement
 * @example await paginateSql(request, (k) => listPrimaryTransactionsSql(filter, k), (sql) => readSql(context.read, sql))
 */
export function listPrimaryTransactionsSql(filter: TransactionFilter, keyset: KeysetSql): Prisma.Sql {
  let keys: Prisma.Sql;
  if (filter.addresses?.length) {
    const branches = filter.addresses.map((address) =>
      touchBranch(filter, keyset, 'primary_network_transaction_address', 'address', address),
    );
    // UNION: a transaction touching two of the addresses is listed once.
    keys = Prisma.sql`SELECT u.block_timestamp, u.tx_hash FROM (${Prisma.join(branches, ' UNION ')}) u
      ORDER BY ${keyset.orderBy('u')} LIMIT ${keyset.limit}`;
  } else if (filter.assetId !== undefined) {
    keys = touchBranch(filter, keyset, 'primary_network_transaction_asset', 'asset_id', filter.assetId);
  } else if (filter.l1ValidationId !== undefined) {
    keys = touchBranch(
      filter,
      keyset,
      'primary_network_transaction_validation',
      'validation_id',
      filter.l1ValidationId,
    );
  } else {
    keys = Prisma.sql`SELECT t.block_timestamp, t.tx_hash FROM primary_network_transaction t
      WHERE t.network = ${networkOf(filter.network)} AND t.blockchain_id = ${filter.blockchainId}
        ${transactionConditions(filter)} ${timeRange(filter, 't')} ${keyset.after('t')}
      ORDER BY ${keyset.orderBy('t')} LIMIT ${keyset.limit}`;
  }
  return Prisma.sql`WITH page AS (${keys})
    SELECT ${transactionColumns(filter.blockchainId)} FROM page p
    JOIN primary_network_transaction t ON t.network = ${networkOf(filter.network)} AND t.tx_hash = p.tx_hash
    ${blockJoin(filter.blockchainId)}
    ORDER BY ${keyset.orderBy('t')}`;
}

/** Whether a chain is a public network's C-Chain, whose transactions are in EVM blocks. */
const isCChain = (blockchainId: string) =>
  Object.values(PUBLIC_NETWORKS).some((n) => n.chains['c-chain'] === blockchainId);

const transactionColumns = (
  blockchainId: string,
) => Prisma.sql`t.tx_hash AS "txHash", t.blockchain_id AS "blockchainId", t.tx_type AS "txType",
  t.block_number AS "blockNumber", t.block_timestamp AS "blockTimestamp", t.tx_bytes AS "txBytes",
  ${isCChain(blockchainId) ? Prisma.sql`b.hash` : Prisma.sql`b.block_hash`} AS "blockHash"`;

// A linear chain's block holds the transaction; an X-Chain transaction of a vertex has none; a
// C-Chain atomic transaction is in the EVM block at its height.
const blockJoin = (blockchainId: string) =>
  isCChain(blockchainId)
    ? Prisma.sql`LEFT JOIN evm_chain c ON c.network = t.network AND c.blockchain_id = t.blockchain_id
  LEFT JOIN evm_block b ON b.chain_id = c.chain_id AND b.number = t.block_number`
    : Prisma.sql`LEFT JOIN primary_network_block b ON b.network = t.network AND b.blockchain_id = t.blockchain_id
  AND b.block_number = t.block_number AND t.tx_hash = ANY (b.transactions)`;

/**
 * One transaction by hash on a chain.
 * @param network network
 * @param blockchainId chain
 * @param txHash the transaction
 * @returns the statement (zero or one row)
 * @example await readSql<TransactionRow>(context.read, transactionByHashSql('MAINNET', pChainId, hash))
 */
export function transactionByHashSql(network: DbNetwork, blockchainId: string, txHash: string): Prisma.Sql {
  return Prisma.sql`SELECT ${transactionColumns(blockchainId)} FROM primary_network_transaction t ${blockJoin(blockchainId)}
    WHERE t.network = ${networkOf(network)} AND t.tx_hash = ${txHash} AND t.blockchain_id = ${blockchainId}`;
}
