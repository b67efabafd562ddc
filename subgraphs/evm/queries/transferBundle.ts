import { hexSql } from '../../../prisma/hexBytes';
import { Prisma } from '../../../prisma/generated/client';
import { contractSummaryFields, type ContractSummary } from '../formatters/account';
import { storedNftFields, type StoredNft } from '../formatters/nftToken';
import { jsonRowSql } from '../../../prisma/read/jsonRowSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { readSql } from '../../../prisma/read/readSql';
import { toModelRow } from '../../../prisma/read/toModelRow';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import type { Page } from '../../shared/paging/page';
import { paginateSql } from '../../shared/paging/paginateSql';
import type { EvmContext } from '../context';
import { latestPriceJoin } from '../loaders/createValueLoaders';
import { CurrencyCode } from '../types/evmEnums';
import { addressBookOf, type AddressBook } from './accountReferences';
import type { AccountListRequest } from './accountRange';
import { checkBlockRange } from './checkBlockRange';
import { transferPageSql, transferPaging, type TransferKind, type TransferRow } from './transferPage';

/** A transfer of the page as the statement gives it: a JSON object, int8 and numeric as text. */
type TransferJson = Omit<TransferRow, 'blockNumber' | 'value' | 'tokenId' | 'blockTimestamp'> & {
  blockNumber: string;
  value: string;
  tokenId: string | null;
  blockTimestamp: string;
};

/**
 * The row of the statement: the page (pageSize + 1 transfers, in order), the contracts at every
 * address it names and, by kind, the usd price of each of their feeds now (ERC-20) or the stored
 * NFTs it moves (ERC-721, ERC-1155); contracts and NFTs are jsonRowSql rows.
 */
export type TransferBundleRow = {
  page: TransferJson[];
  contracts: Record<string, unknown>[];
  prices: { priceKey: string; value: string | null }[];
  nfts: Record<string, unknown>[];
};

/** A page of transfers and what its items name. */
export type TransferBundle = {
  page: Page<TransferRow>;
  /** Contracts and account references of senders, recipients and tokens. */
  book: AddressBook;
  /** The current usd price of a feed (ERC-20 pages). */
  priceOf(priceKey: string): string | null | undefined;
  /** The stored NFT a transfer moves, or null (ERC-721 and ERC-1155 pages). */
  nftOf(transfer: TransferRow): StoredNft | null;
};

/**
 * A page of the transfers of one kind that an address sent or received, newest first (4.8–4.10),
 * with everything its items name, in one statement: the page (transferPageSql), then the
 * contracts at the addresses it names (one lookup by key each) and either their feeds' latest
 * prices (latestPriceJoin, the price loader's rule) or the NFTs it moves (one lookup by key each).
 * As separate statements, each lookup waited for the page: two or three round trips.
 * @param context the request's context
 * @param request chain, address, block range, page
 * @param kind which transfers
 * @returns the page and its lookups
 * @throws BadRequestError for startBlock > endBlock or a token of another query
 * @example const { page, book } = await readTransferBundle(context, { chain, address, pageSize: 10 }, 'ERC-721')
 */
export async function readTransferBundle(
  context: EvmContext,
  request: AccountListRequest,
  kind: TransferKind,
): Promise<TransferBundle> {
  checkBlockRange(request.startBlock, request.endBlock);
  let row: TransferBundleRow | undefined;
  const page = await paginateSql(
    transferPaging(context, request, kind),
    (k) => transferBundleSql(request, kind, context.clock(), k),
    async (sql) => {
      [row] = await readSql<TransferBundleRow>(context.read, sql, KEEP_PLAN);
      return row!.page.map(transferOfJson);
    },
  );
  return transferBundleOf(row!, page);
}

/**
 * The bundle from the statement's row and the page taken from it (the benchmark's floor assembles
 * its body with it too).
 * @param row the statement's row
 * @param page the page of its transfers and the next page's token
 * @returns the bundle
 * @example transferBundleOf(row, { items: row.page.slice(0, 10).map(transferOfJson) })
 */
export function transferBundleOf(row: TransferBundleRow, page: Page<TransferRow>): TransferBundle {
  const contracts = new Map(
    row.contracts
      .map((json) => toModelRow<ContractSummary>('EvmContract', json))
      .map((contract) => [contract.address, contract]),
  );
  const prices = new Map(row.prices.map(({ priceKey, value }) => [priceKey, value]));
  const nfts = new Map(
    row.nfts
      .map((json) => toModelRow<StoredNft>('EvmNftToken', json))
      .map((nft) => [nftKey(nft.address, nft.tokenId), nft]),
  );
  return {
    page,
    book: addressBookOf(contracts),
    priceOf: (priceKey) => prices.get(priceKey),
    nftOf: (transfer) => nfts.get(nftKey(transfer.tokenAddress, transfer.tokenId)) ?? null,
  };
}

/** An NFT's key in the bundle; a transfer without a token ID moves token 0, as its statement looks up. */
const nftKey = (address: string, tokenId: Prisma.Decimal | null) => `${address}:${tokenId?.toFixed() ?? '0'}`;

/**
 * A transfer of the statement's page as {@link TransferRow}.
 * @param json the page's item
 * @returns the row
 * @example transferOfJson(row.page[0])
 */
export function transferOfJson(json: TransferJson): TransferRow {
  return {
    ...json,
    blockNumber: BigInt(json.blockNumber),
    value: new Prisma.Decimal(json.value),
    tokenId: json.tokenId === null ? null : new Prisma.Decimal(json.tokenId),
    blockTimestamp: BigInt(json.blockTimestamp),
  };
}

/**
 * The statement. The page is materialized (it is read three times); each contract and NFT is a
 * LATERAL lookup by key, the contract's with LIMIT 1 as in listErc20Balances (a plain join would
 * let the generic plan read the chain's contracts whole). The column a kind does not use is an
 * empty array, so every kind's row has one shape.
 */
function transferBundleSql(request: AccountListRequest, kind: TransferKind, now: number, k: KeysetSql): Prisma.Sql {
  const chainId = request.chain.chainId;
  const prices =
    kind === 'ERC-20'
      ? Prisma.sql`(SELECT coalesce(json_agg(json_build_object('priceKey', k.price_key, 'value', p.value::text)), '[]')
        FROM (SELECT DISTINCT c.price_key, ${CurrencyCode.usd}::text AS currency_code, ${BigInt(now)}::bigint AS at FROM contracts c WHERE c.price_key IS NOT NULL) k
        ${Prisma.raw(latestPriceJoin('k'))})`
      : Prisma.sql`'[]'::json`;
  const nfts =
    kind === 'ERC-20'
      ? Prisma.sql`'[]'::json`
      : Prisma.sql`(SELECT coalesce(json_agg(${jsonRowSql('EvmNftToken', 'n', storedNftFields)}), '[]')
        FROM (SELECT DISTINCT p."tokenAddress" AS address, coalesce(p."tokenId", 0) AS token_id FROM page p) k
        CROSS JOIN LATERAL (SELECT * FROM evm_nft_token n WHERE n.chain_id = ${chainId} AND n.address = k.address AND n.token_id = k.token_id) n)`;
  return Prisma.sql`
    WITH page AS MATERIALIZED (${transferPageSql(request, kind, k)}),
    named AS (SELECT DISTINCT a.address FROM page p CROSS JOIN LATERAL (VALUES (p."tokenAddress"), (p."from"), (p."to")) a(address)),
    contracts AS (
      SELECT c.* FROM named n
      CROSS JOIN LATERAL (SELECT * FROM evm_contract c WHERE c.chain_id = ${chainId} AND c.address = n.address LIMIT 1) c)
    SELECT
      (SELECT coalesce(json_agg(json_build_object(
          'txHash', ${Prisma.raw(hexSql('p."txHash"'))}, 'blockNumber', p."blockNumber"::text, 'logIndex', p."logIndex", 'batchIndex', p."batchIndex",
          'tokenAddress', ${Prisma.raw(hexSql('p."tokenAddress"'))}, 'from', ${Prisma.raw(hexSql('p."from"'))}, 'to', ${Prisma.raw(hexSql('p."to"'))},
          'value', p.value::text, 'tokenId', p."tokenId"::text,
          'blockHash', ${Prisma.raw(hexSql('p."blockHash"'))}, 'blockTimestamp', p."blockTimestamp"::text) ORDER BY p.ordinal), '[]') FROM page p) AS page,
      (SELECT coalesce(json_agg(${jsonRowSql('EvmContract', 'c', contractSummaryFields)}), '[]') FROM contracts c) AS contracts,
      ${prices} AS prices,
      ${nfts} AS nfts`;
}
