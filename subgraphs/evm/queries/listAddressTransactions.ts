import { Prisma } from '../../../prisma/generated/client';
import { jsonRowSql } from '../../../prisma/read/jsonRowSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { readSql } from '../../../prisma/read/readSql';
import { toModelRow } from '../../../prisma/read/toModelRow';
import type { Page, PageRequest } from '../../shared/paging/page';
import type { PageTokenSigner } from '../../shared/paging/pageToken';
import type { EvmContext } from '../context';
import { contractSummaryFields, formatAccount, type ContractSummary } from '../formatters/account';
import {
  formatNativeTransaction,
  nativeTransactionFields,
  transactionBlockFields,
  type NativeTransactionRow,
  type TransactionBlock,
} from '../formatters/nativeTransaction';
import { storedNftFields, type StoredNft } from '../formatters/nftToken';
import {
  formatTransactionResponse,
  tokenIdOf,
  transactionFrameFields,
  transactionTransferFields,
  type TransactionFrame,
  type TransactionTransfer,
} from '../formatters/transactionResponse';
import { latestPriceJoin } from '../loaders/createValueLoaders';
import type {
  ListTransactionDetailsResponse,
  ListTransactionDetailsResponseV2,
} from '../types/addressTransaction.type';
import { CurrencyCode, TokenReputation } from '../types/evmEnums';
import type { ListNativeTransactionsResponse } from '../types/transaction.type';
import { pageArgs, type AccountListRequest } from './accountRange';
import {
  addressTransactionCandidatesSql,
  addressTxOrder,
  pageByAddressKeys,
  pageOfCandidatesSql,
  spamFreeSql,
  type AddressKeyset,
  type AddressTransactionsRequest,
  type AddressTxKey,
} from './addressTransactionKeys';
import { checkBlockRange } from './checkBlockRange';
import { listedFrames } from './listInternalTransactions';
import type { SortDirection } from '../../shared/paging/sortKey';

/** The fields of a transfer the page reads: what a transaction's answer reads, and its transaction. */
const pageTransferFields = [...transactionTransferFields, 'txHash'] as const;
/** The fields of a call frame the page reads: what a transaction's answer reads, and its transaction. */
const pageFrameFields = [...transactionFrameFields, 'txHash'] as const;
/** The fields of a contract the page reads: an account reference's, a token's price feed and reputation. */
const pageContractFields = [...contractSummaryFields, 'tokenReputation'] as const;

type JsonRow = Record<string, unknown>;
type PageContract = ContractSummary & { tokenReputation: string | null };
type PageTransfer = TransactionTransfer & { txHash: string };
type PageFrame = TransactionFrame & { txHash: string };

/** A transaction of the page as the statement gives it: its row, block and method name, with its key. */
type PageItemJson = { blockNumber: string; blockIndex: number; tx: JsonRow; block: JsonRow; methodName: string | null };
export type PageItem = AddressTxKey & { tx: NativeTransactionRow; block: TransactionBlock; methodName: string | null };

/** The row of the statement: the page (pageSize + 1 transactions, in order) and what its transactions name. */
export type AddressTransactionsRow = {
  page: PageItemJson[];
  transfers: JsonRow[];
  internals: JsonRow[];
  contracts: JsonRow[];
  nfts: JsonRow[];
  prices: { priceKey: string; value: string | null }[];
};

/** A page of an address's transactions and everything its items name. */
export type AddressTransactionsBundle = {
  page: Page<PageItem>;
  transfersOf: Map<string, PageTransfer[]>;
  internalsOf: Map<string, PageFrame[]>;
  contractOf(address: string): PageContract | null;
  nftOf(transfer: TransactionTransfer): StoredNft | null;
  prices: Map<string, string>;
};

/** The arguments of listTransactions and listTransactionsV2 besides the account list's. */
export type TransactionsOptions = { sortOrder?: SortDirection; filterSpamTokens?: boolean };

/**
 * listTransactions: the transactions an address took part in, each with its native part and the
 * ERC-20, ERC-721 and ERC-1155 transfers and listed internal transactions it sent or received
 * (TransactionDetails); by block and position, newest first unless sortOrder is asc. One
 * statement (readAddressTransactions).
 * @param context the request's context
 * @param request chain, address, block range, page
 * @param options sortOrder
 * @returns the page
 * @throws BadRequestError for startBlock > endBlock or a token of another query
 * @example await listTransactions(context, { chain, address, pageSize: 10 }, { sortOrder: 'desc' })
 */
export async function listTransactions(
  context: EvmContext,
  request: AccountListRequest,
  options: TransactionsOptions,
): Promise<ListTransactionDetailsResponse> {
  const bundle = await readAddressTransactions(context, {
    ...request,
    order: options.sortOrder ?? 'desc',
    sides: 'all',
    filterSpamTokens: false,
  });
  return formatTransactionDetails(request, bundle);
}

/**
 * The answer of listTransactions from a page and its lookups (the benchmark's floor assembles its
 * body with it too).
 * @param request chain, address
 * @param bundle the page and what its items name
 * @returns the response
 * @example formatTransactionDetails(request, addressTransactionsBundleOf(row, page))
 */
export function formatTransactionDetails(
  request: AccountListRequest,
  bundle: AddressTransactionsBundle,
): ListTransactionDetailsResponse {
  return {
    nextPageToken: bundle.page.nextPageToken,
    transactions: bundle.page.items.map((item) => details(request, bundle, item)),
  };
}

/**
 * listTransactionsV2: listTransactions with each ERC-20 token's reputation; with
 * `filterSpamTokens` (the default) ERC-20 transfers of tokens of Malicious reputation are left
 * out, and with them the transactions the address took part in through those only.
 * @param context the request's context
 * @param request chain, address, block range, page
 * @param options sortOrder, filterSpamTokens
 * @returns the page
 * @throws BadRequestError for startBlock > endBlock or a token of another query
 * @example await listTransactionsV2(context, { chain, address, pageSize: 10 }, { filterSpamTokens: true })
 */
export async function listTransactionsV2(
  context: EvmContext,
  request: AccountListRequest,
  options: TransactionsOptions,
): Promise<ListTransactionDetailsResponseV2> {
  const bundle = await readAddressTransactions(context, {
    ...request,
    order: options.sortOrder ?? 'desc',
    sides: 'all',
    filterSpamTokens: options.filterSpamTokens ?? true,
  });
  return {
    nextPageToken: bundle.page.nextPageToken,
    transactions: bundle.page.items.map((item) => {
      const answer = details(request, bundle, item);
      return {
        ...answer,
        erc20Transfers: answer.erc20Transfers.map((t) => ({
          ...t,
          erc20Token: { ...t.erc20Token, tokenReputation: reputationOf(bundle.contractOf(t.erc20Token.address)) },
        })),
      };
    }),
  };
}

/**
 * listNativeTransactions: the transactions an address sent or received, newest first, as a
 * block's transaction list serves them (NativeTransaction). One statement (readAddressTransactions).
 * @param context the request's context
 * @param request chain, address, block range, page
 * @returns the page
 * @throws BadRequestError for startBlock > endBlock or a token of another query
 * @example await listNativeTransactions(context, { chain, address, pageSize: 10 })
 */
export async function listNativeTransactions(
  context: EvmContext,
  request: AccountListRequest,
): Promise<ListNativeTransactionsResponse> {
  const bundle = await readAddressTransactions(context, {
    ...request,
    order: 'desc',
    sides: 'native',
    filterSpamTokens: false,
  });
  return {
    nextPageToken: bundle.page.nextPageToken,
    transactions: bundle.page.items.map(({ tx, block, methodName }) => {
      const named = [tx.from, tx.to ?? tx.contractAddress].filter((a): a is string => !!a);
      const accounts = new Map(named.map((a) => [a, formatAccount(a, bundle.contractOf(a))]));
      return formatNativeTransaction(tx, { block, accounts, methodName });
    }),
  };
}

/** A contract's reputation as the answer names it (the model row holds the enum's names, MALICIOUS and BENIGN). */
function reputationOf(contract: PageContract | null): TokenReputation | null {
  if (contract?.tokenReputation === 'MALICIOUS') return TokenReputation.Malicious;
  if (contract?.tokenReputation === 'BENIGN') return TokenReputation.Benign;
  return null;
}

/** One item of the combined view: a transaction's answer (formatTransactionResponse) with the address's parts. */
function details(request: AccountListRequest, bundle: AddressTransactionsBundle, item: PageItem) {
  const response = formatTransactionResponse({
    chain: request.chain,
    tx: item.tx,
    block: item.block,
    transfers: bundle.transfersOf.get(item.tx.txHash) ?? [],
    internals: bundle.internalsOf.get(item.tx.txHash) ?? [],
    messages: [],
    methodName: item.methodName,
    contractOf: bundle.contractOf,
    nftOf: bundle.nftOf,
    currentPrices: bundle.prices,
    historicalPrices: new Map(),
  });
  const { nativeTransaction, erc20Transfers, erc721Transfers, erc1155Transfers, internalTransactions } = response;
  return {
    nativeTransaction: formatNativeTransaction(item.tx, {
      block: item.block,
      accounts: new Map([nativeTransaction.from, nativeTransaction.to].map((a) => [a.address, a])),
      methodName: item.methodName,
    }),
    erc20Transfers,
    erc721Transfers,
    erc1155Transfers,
    internalTransactions,
  };
}

/**
 * A page of an address's transactions with everything its items name, in one statement: the
 * page's candidates (addressTransactionCandidatesSql), its transactions by hash with their blocks and method
 * names, then for exactly those transactions the transfers and listed frames the address sent or
 * received (lookups by transaction hash), the contracts at every address they name, the NFTs they
 * move and the current usd prices of the contracts' feeds (latestPriceJoin). The statement count
 * does not grow with the page size.
 * @param context the request's context
 * @param request chain, address, block range, order, sides, spam filter, page
 * @returns the page and its lookups
 * @throws BadRequestError for startBlock > endBlock or a token of another query
 */
async function readAddressTransactions(
  context: EvmContext,
  request: AddressTransactionsRequest,
): Promise<AddressTransactionsBundle> {
  checkBlockRange(request.startBlock, request.endBlock);
  let row: AddressTransactionsRow | undefined;
  const page = await pageByAddressKeys<PageItem>(
    addressTransactionsPaging(context.pageTokens, request),
    (k) => addressTransactionsSql(request, context.clock(), k),
    async (sql) => {
      [row] = await readSql<AddressTransactionsRow>(context.read, sql, KEEP_PLAN);
      return pageItemsOf(row!);
    },
  );
  return addressTransactionsBundleOf(row!, page);
}

/**
 * What an address's transaction list pages by: the list, the arguments the token is bound to
 * (with the kind of list, so a token of one list is refused by the others), the signer and order.
 * @param signer the service's page-token key
 * @param request chain, address, block range, order, sides, spam filter, page
 * @returns the paging request
 * @example finishPage(paging, startPage(paging), pageItemsOf(row))
 */
export function addressTransactionsPaging(
  signer: PageTokenSigner,
  request: AddressTransactionsRequest,
): PageRequest<PageItem> {
  const kind = request.sides === 'native' ? 'native' : request.filterSpamTokens ? 'details-unspammed' : 'details';
  const args = { ...pageArgs(request, kind), sortOrder: request.order };
  return { list: 'addressTransactions', args, signer, order: request.order, keys: addressTxOrder };
}

/**
 * The transactions of the statement's page (pageSize + 1, in order).
 * @param row the statement's row
 * @returns the items
 * @example pageItemsOf(row).slice(0, 10)
 */
export function pageItemsOf(row: AddressTransactionsRow): PageItem[] {
  return row.page.map((item) => ({
    blockNumber: BigInt(item.blockNumber),
    blockIndex: item.blockIndex,
    tx: toModelRow<NativeTransactionRow>('EvmTransaction', item.tx),
    block: toModelRow<TransactionBlock>('EvmBlock', item.block),
    methodName: item.methodName,
  }));
}

/**
 * The page and its lookups from the statement's row and the page taken from it.
 * @param row the statement's row
 * @param page the page of its transactions and the next page's token
 * @returns the bundle
 * @example addressTransactionsBundleOf(row, { items: pageItemsOf(row).slice(0, 10) })
 */
export function addressTransactionsBundleOf(
  row: AddressTransactionsRow,
  page: Page<PageItem>,
): AddressTransactionsBundle {
  const contracts = new Map(
    row.contracts.map((json) => toModelRow<PageContract>('EvmContract', json)).map((c) => [c.address, c]),
  );
  const nfts = new Map(
    row.nfts
      .map((json) => toModelRow<StoredNft>('EvmNftToken', json))
      .map((n) => [`${n.address}:${n.tokenId.toFixed()}`, n]),
  );
  return {
    page,
    transfersOf: groupByTx(row.transfers.map((json) => toModelRow<PageTransfer>('EvmTokenTransfer', json))),
    internalsOf: groupByTx(row.internals.map((json) => toModelRow<PageFrame>('EvmInternalTransaction', json))),
    contractOf: (address) => contracts.get(address) ?? null,
    nftOf: (t) => nfts.get(`${t.tokenAddress}:${tokenIdOf(t)}`) ?? null,
    prices: new Map(row.prices.flatMap((p) => (p.value === null ? [] : [[p.priceKey, p.value] as const]))),
  };
}

/** Rows by their transaction, in the statement's order. */
function groupByTx<T extends { txHash: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const group = groups.get(r.txHash);
    if (group) group.push(r);
    else groups.set(r.txHash, [r]);
  }
  return groups;
}

/**
 * The statement. Candidates, page, transfers and frames are materialized (each is read more than
 * once). Each lookup is by key: transactions, transfers and frames by
 * (chain, transaction hash), contracts with LIMIT 1 in a LATERAL as transferBundle's (a plain join
 * would let the generic plan read the chain's contracts whole). The native list has no transfer
 * or frame part.
 */
function addressTransactionsSql(request: AddressTransactionsRequest, now: number, k: AddressKeyset): Prisma.Sql {
  const chainId = request.chain.chainId;
  const address = request.address;
  const direction = Prisma.raw(request.order === 'asc' ? 'ASC' : 'DESC');
  const spam = request.filterSpamTokens
    ? Prisma.sql`AND (d.erc_type <> 'ERC-20' OR ${spamFreeSql('d')})`
    : Prisma.empty;
  const parts =
    request.sides === 'native'
      ? Prisma.sql`transfers AS (SELECT NULL::bytea AS token_address, NULL::bytea AS from_address, NULL::bytea AS to_address WHERE false),
        frames AS (SELECT NULL::bytea AS from_address, NULL::bytea AS to_address WHERE false)`
      : Prisma.sql`transfers AS MATERIALIZED (
          SELECT d.* FROM page p JOIN evm_token_transfer d ON d.chain_id = ${chainId} AND d.tx_hash = p.tx_hash
          WHERE (d.from_address = ${address} OR d.to_address = ${address}) ${spam}),
        frames AS MATERIALIZED (
          SELECT t.* FROM page p JOIN evm_internal_transaction t ON t.chain_id = ${chainId} AND t.tx_hash = p.tx_hash
          WHERE (t.from_address = ${address} OR t.to_address = ${address}) AND ${listedFrames})`;
  const details =
    request.sides === 'native'
      ? Prisma.sql`'[]'::json AS transfers, '[]'::json AS internals, '[]'::json AS nfts, '[]'::json AS prices`
      : Prisma.sql`
      (SELECT coalesce(json_agg(${jsonRowSql('EvmTokenTransfer', 'd', pageTransferFields)} ORDER BY d.log_index, d.batch_index), '[]')
        FROM transfers d) AS transfers,
      (SELECT coalesce(json_agg(${jsonRowSql('EvmInternalTransaction', 'f', pageFrameFields)} ORDER BY f.trace_index), '[]')
        FROM frames f) AS internals,
      (SELECT coalesce(json_agg(${jsonRowSql('EvmNftToken', 'n', storedNftFields)}), '[]')
        FROM (SELECT DISTINCT d.token_address AS address, coalesce(d.token_id, 0) AS token_id FROM transfers d WHERE d.erc_type <> 'ERC-20') k
        CROSS JOIN LATERAL (SELECT * FROM evm_nft_token n WHERE n.chain_id = ${chainId} AND n.address = k.address AND n.token_id = k.token_id) n) AS nfts,
      (SELECT coalesce(json_agg(json_build_object('priceKey', k.price_key, 'value', p.value::text)), '[]')
        FROM (SELECT DISTINCT c.price_key, ${CurrencyCode.usd}::text AS currency_code, ${BigInt(now)}::bigint AS at FROM contracts c WHERE c.price_key IS NOT NULL) k
        ${Prisma.raw(latestPriceJoin('k'))}) AS prices`;
  return Prisma.sql`
    WITH candidates AS MATERIALIZED (${addressTransactionCandidatesSql(request, k)}),
    page AS MATERIALIZED (
      SELECT t.*, row_number() OVER (ORDER BY t.block_number ${direction}, t.block_index ${direction}) AS ordinal
      FROM (${pageOfCandidatesSql(request, k)}) t),
    ${parts},
    named AS (
      SELECT DISTINCT a.address FROM page p CROSS JOIN LATERAL (VALUES (p.from_address), (p.to_address), (p.contract_address)) a(address)
      WHERE a.address IS NOT NULL
      UNION SELECT a.address FROM transfers d CROSS JOIN LATERAL (VALUES (d.token_address), (d.from_address), (d.to_address)) a(address)
      UNION SELECT a.address FROM frames f CROSS JOIN LATERAL (VALUES (f.from_address), (f.to_address)) a(address)),
    contracts AS (
      SELECT c.* FROM named n
      CROSS JOIN LATERAL (SELECT * FROM evm_contract c WHERE c.chain_id = ${chainId} AND c.address = n.address LIMIT 1) c)
    SELECT
      (SELECT coalesce(json_agg(json_build_object(
          'blockNumber', t.block_number::text, 'blockIndex', t.block_index,
          'tx', ${jsonRowSql('EvmTransaction', 't', nativeTransactionFields)},
          'block', (SELECT ${jsonRowSql('EvmBlock', 'b', transactionBlockFields)} FROM evm_block b WHERE b.chain_id = t.chain_id AND b.number = t.block_number),
          'methodName', (SELECT m.method_name FROM evm_method_signature m WHERE m.method_hash = t.method_hash)) ORDER BY t.ordinal), '[]')
        FROM page t) AS page,
      (SELECT coalesce(json_agg(${jsonRowSql('EvmContract', 'c', pageContractFields)}), '[]') FROM contracts c) AS contracts,
      ${details}`;
}
