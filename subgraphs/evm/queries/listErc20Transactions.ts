import { Prisma, type EvmContract } from '../../../prisma/generated/client';
import { jsonRowSql } from '../../../prisma/read/jsonRowSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { readSql } from '../../../prisma/read/readSql';
import { toModelRow } from '../../../prisma/read/toModelRow';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { paginateSql } from '../../shared/paging/paginateSql';
import type { EvmContext } from '../context';
import { formatErc20Transfer } from '../formatters/erc20Transfer';
import { latestPriceJoin } from '../loaders/createValueLoaders';
import { CurrencyCode } from '../types/evmEnums';
import type { ListErc20TransactionsResponse } from '../types/transfer.type';
import type { AccountListRequest } from './accountRange';
import { checkBlockRange } from './checkBlockRange';
import { transferPageSql, transferPaging, type TransferRow } from './transferPage';

/** A transfer of the page as the statement gives it: a JSON object, int8 and numeric as text. */
type TransferJson = Omit<TransferRow, 'blockNumber' | 'value' | 'tokenId' | 'blockTimestamp'> & {
  blockNumber: string;
  value: string;
  tokenId: string | null;
  blockTimestamp: string;
};

/**
 * The row of the statement: the page (pageSize + 1 transfers, in order), the contracts at every
 * address it names (jsonRowSql rows), and the usd price of each of their feeds now.
 */
export type Erc20TransfersBundleRow = {
  page: TransferJson[];
  contracts: Record<string, unknown>[];
  prices: { priceKey: string; value: string | null }[];
};

/**
 * 4.10: ERC-20 transfers an address sent or received, newest first, each with its token's
 * metadata and current usd price and the account references of both sides, in one statement: the
 * page (transferPageSql), then the contracts at the addresses it names (one lookup by key each)
 * and their feeds' latest prices (latestPriceJoin, the price loader's rule). As three statements,
 * the contracts waited for the page and the prices for the contracts: three round trips.
 * @param context the request's context
 * @param request chain, address, block range, page
 * @returns the page
 * @throws BadRequestError for startBlock > endBlock or a token of another query
 * @example await listErc20Transactions(context, { chain, address, pageSize: 10 })
 */
export async function listErc20Transactions(context: EvmContext, request: AccountListRequest): Promise<ListErc20TransactionsResponse> {
  checkBlockRange(request.startBlock, request.endBlock);
  let bundle: Erc20TransfersBundleRow | undefined;
  const page = await paginateSql(
    transferPaging(context, request, 'ERC-20'),
    (k) => erc20TransfersSql(request, context.clock(), k),
    async (sql) => {
      [bundle] = await readSql<Erc20TransfersBundleRow>(context.read, sql, KEEP_PLAN);
      return bundle!.page.map(transferOfJson);
    },
  );
  return formatErc20Transfers(bundle!, page);
}

/**
 * The response from the statement's row and the page taken from it (the benchmark's floor
 * assembles its body with it too).
 * @param bundle the statement's row
 * @param page the page of its transfers and the next page's token
 * @returns the response
 * @example formatErc20Transfers(row, { items: row.page.slice(0, 10).map(transferOfJson) })
 */
export function formatErc20Transfers(
  bundle: Erc20TransfersBundleRow,
  page: { items: TransferRow[]; nextPageToken?: string },
): ListErc20TransactionsResponse {
  const contracts = new Map(bundle.contracts.map((json) => toModelRow<EvmContract>('EvmContract', json)).map((contract) => [contract.address, contract]));
  const prices = new Map(bundle.prices.map(({ priceKey, value }) => [priceKey, value]));
  return {
    nextPageToken: page.nextPageToken,
    transactions: page.items.map((t) => formatErc20Transfer(t, (address) => contracts.get(address) ?? null, (key) => prices.get(key))),
  };
}

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
 * The statement. The page is materialized (it is read three times); each address's contract is a
 * LATERAL lookup by key with LIMIT 1, as in listErc20Balances (a plain join would let the generic
 * plan read the chain's contracts whole).
 */
function erc20TransfersSql(request: AccountListRequest, now: number, k: KeysetSql): Prisma.Sql {
  return Prisma.sql`
    WITH page AS MATERIALIZED (${transferPageSql(request, 'ERC-20', k)}),
    named AS (SELECT DISTINCT a.address FROM page p CROSS JOIN LATERAL (VALUES (p."tokenAddress"), (p."from"), (p."to")) a(address)),
    contracts AS (
      SELECT c.* FROM named n
      CROSS JOIN LATERAL (SELECT * FROM evm_contract c WHERE c.chain_id = ${request.chain.chainId} AND c.address = n.address LIMIT 1) c)
    SELECT
      (SELECT coalesce(json_agg(json_build_object(
          'txHash', p."txHash", 'blockNumber', p."blockNumber"::text, 'logIndex', p."logIndex", 'batchIndex', p."batchIndex",
          'tokenAddress', p."tokenAddress", 'from', p."from", 'to', p."to", 'value', p.value::text, 'tokenId', p."tokenId"::text,
          'blockHash', p."blockHash", 'blockTimestamp', p."blockTimestamp"::text) ORDER BY p.ordinal), '[]') FROM page p) AS page,
      (SELECT coalesce(json_agg(${jsonRowSql('EvmContract', 'c')}), '[]') FROM contracts c) AS contracts,
      (SELECT coalesce(json_agg(json_build_object('priceKey', k.price_key, 'value', p.value::text)), '[]')
        FROM (SELECT DISTINCT c.price_key, ${CurrencyCode.usd}::text AS currency_code, ${BigInt(now)}::bigint AS at FROM contracts c WHERE c.price_key IS NOT NULL) k
        ${Prisma.raw(latestPriceJoin('k'))}) AS prices`;
}
