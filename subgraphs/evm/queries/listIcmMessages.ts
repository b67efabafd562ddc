// The Interchain Messaging operations: one message, the messages (of a network, a chain, a sender,
// a recipient), an address's messages. Each list is newest first by the message's time (its send's
// block time, or its delivery's while the send is not indexed), ties by message ID, and each page
// reads one range of a teleporter_message index per branch: a filter on either chain or either
// address is two ranges (source / destination, sender / recipient) merged.
import { Prisma } from '../../../prisma/generated/client';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { readSql } from '../../../prisma/read/readSql';
import { toModelRow } from '../../../prisma/read/toModelRow';
import { NotFoundError } from '../../shared/errors';
import { toDbNetwork, type Network } from '../../shared/network';
import { bigintKey, stringKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { ChainIdParam } from '../../shared/params/chainId';
import type { EvmContext } from '../context';
import { formatIcmMessage, type IcmMessageRow } from '../formatters/icmMessage';
import { resolveChain } from '../resolveChain';
import type { AnyIcmMessage, ListIcmMessagesResponse } from '../types/icmMessage.type';

/** Newest first: `(timestamp, teleporter_message_id)` of each index read backwards. */
const ICM_ORDER = [
  sortKey<IcmMessageRow>('timestamp', bigintKey),
  sortKey<IcmMessageRow>('teleporterMessageId', stringKey),
];

/** A message row `p` with its chains' EVM chain IDs and its fee token's metadata (JOINS). */
const JOINED = Prisma.raw(`p.*, sc.chain_id AS source_evm_chain_id, dc.chain_id AS destination_evm_chain_id,
  fc.name AS fee_name, fc.symbol AS fee_symbol, fc.decimals AS fee_decimals, fc.logo_uri AS fee_logo_uri,
  fc.address IS NOT NULL AS fee_known`);
const JOINS = Prisma.raw(`
  LEFT JOIN LATERAL (SELECT c.chain_id FROM evm_chain c WHERE c.blockchain_id = p.source_blockchain_id LIMIT 1) sc ON true
  LEFT JOIN LATERAL (SELECT c.chain_id FROM evm_chain c WHERE c.blockchain_id = p.destination_blockchain_id LIMIT 1) dc ON true
  LEFT JOIN evm_contract fc ON fc.chain_id = sc.chain_id AND fc.address = p.fee_token_address`);

/** The filters of listIcmMessages, resolved: blockchain IDs in cb58, addresses in lower case. */
export type IcmMessageFilters = {
  sourceBlockchainId?: string;
  destinationBlockchainId?: string;
  blockchainId?: string;
  from?: string;
  to?: string;
  /** Sender or recipient (listIcmMessagesByAddress). */
  address?: string;
  network?: Network;
};

/** The stored label of the network enum (mainnet, fuji). */
const networkLabel = (network: Network) => (toDbNetwork(network) === 'MAINNET' ? 'mainnet' : 'fuji');

/**
 * The statement of a page: each branch one index range after the cursor, merged newest first,
 * then the page's rows joined to their chains' EVM chain IDs and the fee token's metadata.
 * @param filters the list's filters
 * @param k the keyset pieces (paginateSql)
 * @returns the statement
 * @example icmMessagesSql({ network: Network.mainnet }, keyset)
 */
export function icmMessagesSql(filters: IcmMessageFilters, k: KeysetSql): Prisma.Sql {
  const common: Prisma.Sql[] = [];
  if (filters.sourceBlockchainId) common.push(Prisma.sql`m.source_blockchain_id = ${filters.sourceBlockchainId}`);
  if (filters.destinationBlockchainId)
    common.push(Prisma.sql`m.destination_blockchain_id = ${filters.destinationBlockchainId}`);
  if (filters.from) common.push(Prisma.sql`m.origin_sender_address = ${filters.from}`);
  if (filters.to) common.push(Prisma.sql`m.destination_address = ${filters.to}`);
  if (filters.network) common.push(Prisma.sql`m.network = ${networkLabel(filters.network)}::network`);
  // Either of two columns: a range on each, the second leaving out what the first has.
  let branches: Prisma.Sql[][] = [common];
  if (filters.blockchainId) {
    const id = filters.blockchainId;
    branches = branches.flatMap((b) => [
      [...b, Prisma.sql`m.source_blockchain_id = ${id}`],
      [...b, Prisma.sql`m.destination_blockchain_id = ${id}`, Prisma.sql`m.source_blockchain_id <> ${id}`],
    ]);
  }
  if (filters.address) {
    const a = filters.address;
    branches = branches.flatMap((b) => [
      [...b, Prisma.sql`m.origin_sender_address = ${a}`],
      [...b, Prisma.sql`m.destination_address = ${a}`, Prisma.sql`m.origin_sender_address IS DISTINCT FROM ${a}`],
    ]);
  }
  const ranges = branches.map((conditions) => {
    const where =
      conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.sql`WHERE true`;
    return Prisma.sql`(SELECT m.* FROM teleporter_message m ${where} ${k.after('m')} ORDER BY ${k.orderBy('m')} LIMIT ${k.limit})`;
  });
  return Prisma.sql`SELECT ${JOINED} FROM (${Prisma.join(ranges, ' UNION ALL ')}) p ${JOINS}
    ORDER BY ${k.orderBy('p')} LIMIT ${k.limit}`;
}

/**
 * A row of {@link icmMessagesSql} as the formatter reads it.
 * @example toIcmMessageRow(row).sourceEvmChainId // 43114n
 */
export function toIcmMessageRow(row: Record<string, unknown>): IcmMessageRow {
  const chain = (value: unknown) => (value == null ? null : BigInt(value as string | bigint));
  return {
    ...toModelRow<IcmMessageRow>('TeleporterMessage', row),
    sourceEvmChainId: chain(row.source_evm_chain_id),
    destinationEvmChainId: chain(row.destination_evm_chain_id),
    feeToken: row.fee_known
      ? {
          name: row.fee_name as string,
          symbol: row.fee_symbol as string,
          decimals: row.fee_decimals as number | null,
          logoUri: row.fee_logo_uri as string,
        }
      : null,
  };
}

async function blockchainIdOf(context: EvmContext, param: ChainIdParam | undefined): Promise<string | undefined> {
  if (!param) return undefined;
  // A blockchain ID filters as given: a message's other end may be a chain this service does not index.
  if ('blockchainId' in param) return param.blockchainId;
  return (await resolveChain(context, param)).blockchainId;
}

async function pageOf(
  context: EvmContext,
  filters: IcmMessageFilters,
  page: { pageSize: number; pageToken?: string | null },
): Promise<ListIcmMessagesResponse> {
  const args = { ...filters, pageSize: page.pageSize, pageToken: page.pageToken };
  const result = await paginateSql(
    { list: 'icmMessages', args, signer: context.pageTokens, order: 'desc', keys: ICM_ORDER },
    (k) => icmMessagesSql(filters, k),
    async (sql) => (await readSql<Record<string, unknown>>(context.read, sql, KEEP_PLAN)).map(toIcmMessageRow),
  );
  return { nextPageToken: result.nextPageToken, messages: result.items.map(formatIcmMessage) };
}

/**
 * listIcmMessages: ICM messages newest first, by source, destination, either chain, sender, recipient, network.
 * @param context the request's context
 * @param request filters and page
 * @returns the page
 * @throws NotFoundError for an EVM chain ID this service does not index
 * @example await listIcmMessages(context, { network: Network.mainnet, pageSize: 10 })
 */
export async function listIcmMessages(
  context: EvmContext,
  request: {
    sourceBlockchainId?: ChainIdParam;
    destinationBlockchainId?: ChainIdParam;
    blockchainId?: string;
    from?: string;
    to?: string;
    network?: Network;
    pageSize: number;
    pageToken?: string | null;
  },
): Promise<ListIcmMessagesResponse> {
  const filters: IcmMessageFilters = {
    sourceBlockchainId: await blockchainIdOf(context, request.sourceBlockchainId),
    destinationBlockchainId: await blockchainIdOf(context, request.destinationBlockchainId),
    blockchainId: request.blockchainId,
    from: request.from,
    to: request.to,
    network: request.network,
  };
  return pageOf(context, filters, request);
}

/**
 * listIcmMessagesByAddress: the messages an address sent or that are delivered to it, newest first.
 * @param context the request's context
 * @param request address, network and page
 * @returns the page
 * @example await listIcmMessagesByAddress(context, { address, pageSize: 10 })
 */
export async function listIcmMessagesByAddress(
  context: EvmContext,
  request: { address: string; network?: Network; pageSize: number; pageToken?: string | null },
): Promise<ListIcmMessagesResponse> {
  return pageOf(context, { address: request.address, network: request.network }, request);
}

/**
 * getIcmMessage: one message by its Teleporter message ID.
 * @param context the request's context
 * @param messageId 0x + 64 hex digits, lower case
 * @returns the message
 * @throws NotFoundError for a message this service has not indexed
 * @example await getIcmMessage(context, '0xacf1…')
 */
export async function getIcmMessage(context: EvmContext, messageId: string): Promise<AnyIcmMessage> {
  const sql = Prisma.sql`SELECT ${JOINED} FROM teleporter_message p ${JOINS} WHERE p.teleporter_message_id = ${messageId}`;
  const [row] = (await readSql<Record<string, unknown>>(context.read, sql, KEEP_PLAN)).map(toIcmMessageRow);
  if (!row) throw new NotFoundError(`messageId ${messageId.slice(2)} is not an ICM message indexed by this service`);
  return formatIcmMessage(row);
}
