import { byteaLiteral, hexSql } from '../../../prisma/hexBytes';
import { Prisma, type EvmChain } from '../../../prisma/generated/client';
import { jsonRowSql } from '../../../prisma/read/jsonRowSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { readSql } from '../../../prisma/read/readSql';
import { toModelRow } from '../../../prisma/read/toModelRow';
import type { PagedList } from '../../shared/limits';
import { decimalKey, stringKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { EvmContext } from '../context';
import { formatErc1155Metadata, formatErc721Metadata, storedNftFields, type StoredNft } from '../formatters/nftToken';
import { CurrencyCode } from '../types/evmEnums';
import type {
  Erc1155TokenBalance,
  Erc721TokenBalance,
  ListCollectibleBalancesResponse,
  ListErc1155BalancesResponse,
  ListErc721BalancesResponse,
} from '../types/nftBalance.type';
import {
  checkPointBlock,
  formatNativeTokenBalance,
  nativeColumnsSql,
  pointSql,
  type NativeColumns,
} from './nativeTokenBalance';

/** A holder on a chain, and the options of the NFT balance lists. */
export type NftBalancesRequest = {
  chain: EvmChain;
  address: string;
  contractAddress?: string;
  /** listErc1155Balances only: the balances after this block. */
  blockNumber?: bigint;
  pageSize: number;
  pageToken?: string;
};

/** A holding of the page as the statement gives it (a JSON row: token ID and balance as decimal text). */
type HoldingJson = {
  ercType: 'ERC-721' | 'ERC-1155';
  tokenAddress: string;
  tokenId: string;
  balance: string;
  /** The collection's name and symbol (ERC-721 answers), null when the contract is not known. */
  name: string | null;
  symbol: string | null;
  /** The stored NFT ({@link storedNftFields}), null when the token has no row yet. */
  nft: Record<string, unknown> | null;
};

/** A holding with its token ID as the page key's value. */
type HoldingRow = HoldingJson & { tokenKey: Prisma.Decimal };

/** The statement's row: the native columns (not for collectibles) and the page (pageSize + 1 holdings). */
type HoldingsBundleRow = Partial<NativeColumns> & { holdings: HoldingJson[] };

/**
 * Holdings in (collection, token ID) order: the order of the ERC-721 owners' index
 * `evm_nft_token(chain_id, owner_address, address, token_id)` and of `erc1155_balance`'s primary
 * key after the holder. A collection is of one kind, so the pair names one holding in the merged list too.
 */
const holdingOrder = [
  sortKey<HoldingRow>('tokenAddress', stringKey, 'token_address'),
  sortKey<HoldingRow>('tokenKey', decimalKey, 'token_id'),
];

/** Where the holdings come from: ERC-721 owners, ERC-1155 balances, or both merged. */
type Sources = { erc721: boolean; erc1155: boolean };

/**
 * listErc721Balances: the ERC-721 tokens an address owns now (the hosted API has no blockNumber
 * here), in (collection, token ID) order, with the native balance at the latest block priced in usd.
 * The page is one range of the owners' index; each token's contract and stored NFT one lookup by key.
 * @param context the request's context
 * @param request holder, chain, optional collection, page
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listErc721Balances(context, { chain, address, pageSize: 10 })
 */
export async function listErc721Balances(
  context: EvmContext,
  request: NftBalancesRequest,
): Promise<ListErc721BalancesResponse> {
  const { bundle, page } = await readHoldings(context, 'erc721Balances', request, { erc721: true, erc1155: false });
  return {
    nextPageToken: page.nextPageToken,
    nativeTokenBalance: formatNativeTokenBalance(request.chain, CurrencyCode.usd, bundle as NativeColumns),
    erc721TokenBalances: page.items.map((row) => formatHolding(request, row) as Erc721TokenBalance),
  };
}

/**
 * listErc1155Balances: the ERC-1155 token IDs an address holds a positive balance of after a block
 * (the latest indexed block by default), in (collection, token ID) order, with the native balance
 * there priced in usd (at that block's time, or now). Without `blockNumber` the page is one range of
 * the holder's current balances (`erc1155_balance`, kept by the write path); at an older block the
 * same range (which keeps every token the holder ever had, zero balances too) with one backward
 * lookup of the history per token, so the holder's history is never scanned. A balance of zero is
 * not a holding and is left out.
 * @param context the request's context
 * @param request holder, chain, optional block and collection, page
 * @returns the page
 * @throws BadRequestError when blockNumber is beyond the latest indexed block, or for a token of another query
 * @example await listErc1155Balances(context, { chain, address, blockNumber: 100n, pageSize: 10 })
 */
export async function listErc1155Balances(
  context: EvmContext,
  request: NftBalancesRequest,
): Promise<ListErc1155BalancesResponse> {
  const { bundle, page } = await readHoldings(context, 'erc1155Balances', request, { erc721: false, erc1155: true });
  checkPointBlock(request.chain, request.blockNumber, bundle.latest ?? null);
  return {
    nextPageToken: page.nextPageToken,
    nativeTokenBalance: formatNativeTokenBalance(request.chain, CurrencyCode.usd, bundle as NativeColumns),
    erc1155TokenBalances: page.items.map((row) => formatHolding(request, row) as Erc1155TokenBalance),
  };
}

/**
 * listCollectibleBalances: the ERC-721 and ERC-1155 tokens an address holds now, merged in
 * (collection, token ID) order: each kind one range of its index, limited to the page, and the
 * two merged.
 * @param context the request's context
 * @param request holder, chain, optional collection, page
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listCollectibleBalances(context, { chain, address, pageSize: 10 })
 */
export async function listCollectibleBalances(
  context: EvmContext,
  request: NftBalancesRequest,
): Promise<ListCollectibleBalancesResponse> {
  const { page } = await readHoldings(context, 'collectibleBalances', request, { erc721: true, erc1155: true });
  return {
    nextPageToken: page.nextPageToken,
    collectibleBalances: page.items.map((row) => formatHolding(request, row)),
  };
}

/** Runs the page's statement; the arguments bind the page token (a token of one list or filter is refused by another). */
async function readHoldings(context: EvmContext, list: PagedList, request: NftBalancesRequest, sources: Sources) {
  const args = {
    chainId: request.chain.chainId,
    address: request.address,
    contractAddress: request.contractAddress,
    blockNumber: request.blockNumber,
    pageSize: request.pageSize,
    pageToken: request.pageToken,
  };
  let bundle: HoldingsBundleRow | undefined;
  const page = await paginateSql(
    { list, args, signer: context.pageTokens, order: 'asc', keys: holdingOrder },
    (k) => holdingsSql(request, sources, context.clock(), k),
    async (sql) => {
      [bundle] = await readSql<HoldingsBundleRow>(context.read, sql, KEEP_PLAN);
      return bundle!.holdings.map((row) => ({ ...row, tokenKey: new Prisma.Decimal(row.tokenId) }));
    },
  );
  return { bundle: bundle!, page };
}

/**
 * The statement: with a native part (the ERC-721 and ERC-1155 lists), the point the balances are
 * at and the native balance and price there (nativeTokenBalance.ts); and the page with each
 * token's contract and stored NFT (lookups by key, LATERAL: parameterized nested loops that keep
 * the page's order, so the sources' LIMIT is the page's).
 */
function holdingsSql(request: NftBalancesRequest, sources: Sources, now: number, k: KeysetSql): Prisma.Sql {
  const { chain } = request;
  const chainId = chain.chainId;
  // The single-kind lists answer with the native balance too; the merged one does not.
  const native = !(sources.erc721 && sources.erc1155);
  const parts: Prisma.Sql[] = [];
  if (sources.erc721) parts.push(erc721Source(request, k));
  if (sources.erc1155) parts.push(erc1155Source(request, k));
  const held =
    parts.length === 1
      ? parts[0]!
      : Prisma.sql`SELECT u.* FROM ((${parts[0]!}) UNION ALL (${parts[1]!})) u ORDER BY ${k.orderBy('u')} LIMIT ${k.limit}`;
  const page = Prisma.sql`COALESCE((SELECT json_agg(r ORDER BY r."tokenAddress", r."tokenId"::numeric) FROM (
        SELECT h.erc_type AS "ercType", ${Prisma.raw(hexSql('h.token_address'))} AS "tokenAddress", h.token_id::text AS "tokenId",
          h.balance::text AS balance, c.name, c.symbol, n.nft
        FROM (${held}) h
        LEFT JOIN LATERAL (
          SELECT c.name, c.symbol FROM evm_contract c WHERE c.chain_id = ${chainId} AND c.address = h.token_address LIMIT 1) c ON true
        LEFT JOIN LATERAL (
          SELECT ${jsonRowSql('EvmNftToken', 'n', storedNftFields)} AS nft FROM evm_nft_token n
          WHERE n.chain_id = ${chainId} AND n.address = h.token_address AND n.token_id = h.token_id LIMIT 1) n ON true) r), '[]') AS holdings`;
  if (!native) return Prisma.sql`SELECT ${page}`;
  return Prisma.sql`
    WITH ${pointSql(chainId, request.blockNumber ?? null, now)}
    SELECT pt.latest, ${nativeColumnsSql(chain, request.address, CurrencyCode.usd)}, ${page}
    FROM point pt`;
}

/** `AND <column> = <collection>` when the list is filtered by one. */
function collectionFilter(column: string, contractAddress: string | undefined): Prisma.Sql {
  return contractAddress === undefined ? Prisma.empty : Prisma.sql`AND ${Prisma.raw(column)} = ${contractAddress}`;
}

/**
 * The ERC-721 tokens the holder owns after the cursor: one range of the owners' index. The zero
 * address holds nothing (a burnt token's stored owner). The inner select names the columns as the
 * page key does; PostgreSQL pulls it up, so the keyset condition is the index's range.
 */
function erc721Source(request: NftBalancesRequest, k: KeysetSql): Prisma.Sql {
  return Prisma.sql`SELECT s.* FROM (
      SELECT 'ERC-721'::text AS erc_type, n.address AS token_address, n.token_id, 1::numeric AS balance FROM evm_nft_token n
      WHERE n.chain_id = ${request.chain.chainId} AND n.owner_address = ${request.address} AND n.erc_type = 'ERC-721'
        AND n.owner_address <> ${Prisma.raw(byteaLiteral('0x0000000000000000000000000000000000000000'))} ${collectionFilter('n.address', request.contractAddress)}) s
    WHERE true ${k.after('s')} ORDER BY ${k.orderBy('s')} LIMIT ${k.limit}`;
}

/**
 * The ERC-1155 token IDs the holder has a positive balance of after the cursor: one range of
 * `erc1155_balance`'s primary key; at an older block (the list's `blockNumber`, against the
 * statement's `point pt`) the balance there, one backward lookup of the history per token.
 */
function erc1155Source(request: NftBalancesRequest, k: KeysetSql): Prisma.Sql {
  const { chainId } = request.chain;
  const filter = collectionFilter('b.token_address', request.contractAddress);
  const inner =
    request.blockNumber === undefined
      ? Prisma.sql`SELECT 'ERC-1155'::text AS erc_type, b.token_address, b.token_id, b.balance FROM erc1155_balance b
          WHERE b.chain_id = ${chainId} AND b.holder = ${request.address} AND b.balance > 0 ${filter}`
      : Prisma.sql`SELECT 'ERC-1155'::text AS erc_type, b.token_address, b.token_id, v.balance FROM erc1155_balance b
          CROSS JOIN LATERAL (
            SELECT c.balance FROM erc1155_balance_change c
            WHERE c.chain_id = b.chain_id AND c.holder = b.holder AND c.token_address = b.token_address
              AND c.token_id = b.token_id AND c.block_number <= pt.block_number
            ORDER BY c.block_number DESC LIMIT 1) v
          WHERE b.chain_id = ${chainId} AND b.holder = ${request.address} AND v.balance > 0 ${filter}`;
  return Prisma.sql`SELECT s.* FROM (${inner}) s WHERE true ${k.after('s')} ORDER BY ${k.orderBy('s')} LIMIT ${k.limit}`;
}

/** A holding as the variant of its kind, members in the official order. */
function formatHolding(request: NftBalancesRequest, row: HoldingRow): Erc721TokenBalance | Erc1155TokenBalance {
  const nft = row.nft ? toModelRow<StoredNft>('EvmNftToken', row.nft) : null;
  const chainId = request.chain.chainId.toString();
  if (row.ercType === 'ERC-721') {
    return {
      address: row.tokenAddress,
      name: row.name ?? '',
      symbol: row.symbol ?? '',
      ercType: 'ERC-721',
      tokenId: row.tokenId,
      tokenUri: nft?.tokenUri ?? '',
      metadata: formatErc721Metadata(nft),
      ownerAddress: request.address,
      chainId,
    };
  }
  return {
    address: row.tokenAddress,
    ercType: 'ERC-1155',
    tokenId: row.tokenId,
    tokenUri: nft?.tokenUri ?? '',
    metadata: formatErc1155Metadata(nft),
    chainId,
    balance: row.balance,
  };
}
