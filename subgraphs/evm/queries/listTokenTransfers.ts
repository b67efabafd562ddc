import { hexSql } from '../../../prisma/hexBytes';
import { Prisma, type EvmChain } from '../../../prisma/generated/client';
import { jsonRowSql } from '../../../prisma/read/jsonRowSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { readSql } from '../../../prisma/read/readSql';
import { bigintKey, intKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { EvmContext } from '../context';
import { contractSummaryFields } from '../formatters/account';
import { formatErc20Transfer } from '../formatters/erc20Transfer';
import { formatErc1155Token, formatErc721Token, storedNftFields } from '../formatters/nftToken';
import { latestPriceJoin } from '../loaders/createValueLoaders';
import { CurrencyCode } from '../types/evmEnums';
import type { ListTransfersResponse } from '../types/tokenTransfers.type';
import type { Erc1155Transfer, Erc20Transfer, Erc721Transfer } from '../types/transfer.type';
import { blockRangeSql } from './blockRangeSql';
import { checkBlockRange } from './checkBlockRange';
import { transferBundleOf, transferOfJson, type TransferBundleRow } from './transferBundle';
import type { TransferKind, TransferRow } from './transferPage';

/** A transfer of the token's page: a transfer row and the standard of its log. */
type TokenTransferRow = TransferRow & { ercType: TransferKind };

/**
 * Newest first, as the address transfer lists: block, log index, position in a TransferBatch
 * (index `evm_token_transfer(chain_id, token_address, block_number, log_index, batch_index)`).
 */
const tokenTransferOrder = [
  sortKey<TokenTransferRow>('blockNumber', bigintKey, 'block_number'),
  sortKey<TokenTransferRow>('logIndex', intKey, 'log_index'),
  sortKey<TokenTransferRow>('batchIndex', intKey, 'batch_index'),
];

/** listTransfers' request: the chain, the token contract (lower case), the block range and the page. */
export type TokenTransfersRequest = {
  chain: EvmChain;
  address: string;
  startBlock?: bigint;
  endBlock?: bigint;
  pageSize: number;
  pageToken?: string | null;
};

/**
 * listTransfers: every transfer of one token contract, whatever its standard, newest first, each in
 * the official variant of its standard (Erc20Transfer, Erc721Transfer, Erc1155Transfer) with the
 * account references of both sides, the ERC-20 token with its current usd price, or the NFT it
 * moves. One statement, as the address transfer lists (transferBundle.ts): the page is one range of
 * the token's index, then the contracts it names, their feeds' prices and the NFTs it moves.
 * @param context the request's context
 * @param request chain, token contract, block range, page
 * @returns the page
 * @throws BadRequestError for startBlock > endBlock or a token of another query
 * @example await listTokenTransfers(context, { chain, address: usdc, pageSize: 10 })
 */
export async function listTokenTransfers(
  context: EvmContext,
  request: TokenTransfersRequest,
): Promise<ListTransfersResponse> {
  checkBlockRange(request.startBlock, request.endBlock);
  let row: TransferBundleRow | undefined;
  const args = {
    chainId: request.chain.chainId,
    address: request.address,
    startBlock: request.startBlock,
    endBlock: request.endBlock,
    pageSize: request.pageSize,
    pageToken: request.pageToken,
  };
  const page = await paginateSql(
    {
      list: 'tokenTransfers',
      args,
      signer: context.pageTokens,
      order: 'desc',
      keys: tokenTransferOrder,
    },
    (k) => tokenTransferBundleSql(request, context.clock(), k),
    async (sql) => {
      [row] = await readSql<TransferBundleRow>(context.read, sql, KEEP_PLAN);
      return row!.page.map((json) => transferOfJson(json) as TokenTransferRow);
    },
  );
  const { book, priceOf, nftOf } = transferBundleOf(row!, page);
  return {
    nextPageToken: page.nextPageToken,
    transfers: page.items.map((t): Erc20Transfer | Erc721Transfer | Erc1155Transfer => {
      if (t.ercType === 'ERC-20') return formatErc20Transfer(t, book.contract, priceOf);
      const common = {
        blockNumber: t.blockNumber.toString(),
        blockTimestamp: Number(t.blockTimestamp),
        blockHash: t.blockHash,
        txHash: t.txHash,
        from: book.account(t.from),
        to: book.account(t.to),
        logIndex: t.logIndex,
      };
      const tokenId = BigInt(t.tokenId?.toFixed() ?? '0');
      if (t.ercType === 'ERC-721')
        return {
          ...common,
          erc721Token: formatErc721Token(t.tokenAddress, tokenId, nftOf(t), book.contract(t.tokenAddress)),
        };
      return {
        ...common,
        value: t.value.toFixed(),
        erc1155Token: formatErc1155Token(t.tokenAddress, tokenId, nftOf(t)),
      };
    }),
  };
}

/**
 * The statement (the row of transferBundle.ts): the page, one range of the token's index with the
 * keyset and LIMIT inside, materialized as it is read four times; the contracts at the addresses it
 * names (a LATERAL lookup by key each, LIMIT 1 as in transferBundle.ts); the latest usd price of
 * their feeds; the stored NFTs its ERC-721 and ERC-1155 transfers move.
 */
function tokenTransferBundleSql(request: TokenTransfersRequest, now: number, k: KeysetSql): Prisma.Sql {
  const chainId = request.chain.chainId;
  return Prisma.sql`
    WITH page AS MATERIALIZED (
      SELECT x.tx_hash AS "txHash", x.block_number AS "blockNumber", x.log_index AS "logIndex", x.batch_index AS "batchIndex",
        x.token_address AS "tokenAddress", x.from_address AS "from", x.to_address AS "to", x.value, x.token_id AS "tokenId",
        x.erc_type::text AS "ercType", b.hash AS "blockHash", b.timestamp AS "blockTimestamp",
        row_number() OVER (ORDER BY ${k.orderBy('x')}) AS ordinal
      FROM (
        SELECT t.chain_id, t.tx_hash, t.block_number, t.log_index, t.batch_index, t.token_address, t.from_address,
          t.to_address, t.value, t.token_id, t.erc_type
        FROM evm_token_transfer t
        WHERE t.chain_id = ${chainId} AND t.token_address = ${request.address} ${blockRangeSql('t', request)} ${k.after('t')}
        ORDER BY ${k.orderBy('t')} LIMIT ${k.limit}) x
      JOIN evm_block b ON b.chain_id = x.chain_id AND b.number = x.block_number),
    named AS (SELECT DISTINCT a.address FROM page p CROSS JOIN LATERAL (VALUES (p."tokenAddress"), (p."from"), (p."to")) a(address)),
    contracts AS (
      SELECT c.* FROM named n
      CROSS JOIN LATERAL (SELECT * FROM evm_contract c WHERE c.chain_id = ${chainId} AND c.address = n.address LIMIT 1) c)
    SELECT
      (SELECT coalesce(json_agg(json_build_object(
          'txHash', ${Prisma.raw(hexSql('p."txHash"'))}, 'blockNumber', p."blockNumber"::text, 'logIndex', p."logIndex", 'batchIndex', p."batchIndex",
          'tokenAddress', ${Prisma.raw(hexSql('p."tokenAddress"'))}, 'from', ${Prisma.raw(hexSql('p."from"'))}, 'to', ${Prisma.raw(hexSql('p."to"'))},
          'value', p.value::text, 'tokenId', p."tokenId"::text,
          'ercType', p."ercType", 'blockHash', ${Prisma.raw(hexSql('p."blockHash"'))}, 'blockTimestamp', p."blockTimestamp"::text) ORDER BY p.ordinal), '[]')
        FROM page p) AS page,
      (SELECT coalesce(json_agg(${jsonRowSql('EvmContract', 'c', contractSummaryFields)}), '[]') FROM contracts c) AS contracts,
      (SELECT coalesce(json_agg(json_build_object('priceKey', k.price_key, 'value', p.value::text)), '[]')
        FROM (SELECT DISTINCT c.price_key, ${CurrencyCode.usd}::text AS currency_code, ${BigInt(now)}::bigint AS at
          FROM contracts c WHERE c.price_key IS NOT NULL) k
        ${Prisma.raw(latestPriceJoin('k'))}) AS prices,
      (SELECT coalesce(json_agg(${jsonRowSql('EvmNftToken', 'n', storedNftFields)}), '[]')
        FROM (SELECT DISTINCT p."tokenAddress" AS address, coalesce(p."tokenId", 0) AS token_id FROM page p WHERE p."ercType" <> 'ERC-20') k
        CROSS JOIN LATERAL (SELECT * FROM evm_nft_token n WHERE n.chain_id = ${chainId} AND n.address = k.address AND n.token_id = k.token_id) n) AS nfts`;
}
