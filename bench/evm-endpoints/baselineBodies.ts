import { Prisma, type EvmChain, type EvmContract } from '../../prisma/generated/client';
import { formatErc20Transfer } from '../../subgraphs/evm/formatters/erc20Transfer';
import { formatTransactionResponse, tokenIdOf } from '../../subgraphs/evm/formatters/transactionResponse';
import { pageArgs } from '../../subgraphs/evm/queries/accountRange';
import { pricesAt, transactionBundle, type TransactionBundleRow } from '../../subgraphs/evm/queries/getTransaction';
import type { TransferRow } from '../../subgraphs/evm/queries/transferPage';
import { bigintKey, intKey } from '../../subgraphs/shared/paging/keyCodecs';
import { encodePageToken, type PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import { tokenScope } from '../../subgraphs/shared/paging/tokenScope';
import type { CapturedStatement } from './captureStatements';
import { toModelRow } from '../../prisma/read/toModelRow';

/** Rows of each statement of a request, by the statement's role. */
export type StatementRows = Map<string, { statement: CapturedStatement; rows: Record<string, any>[] }>;

/**
 * Prices of a price statement's rows, by feed and time (`key@at`).
 * @param result the statement and its rows, if the request sent one
 * @returns decimal text by `key@at`
 * @example pricesOf(rows.get('prices'))
 */
export function pricesOf(result: StatementRows extends Map<string, infer V> ? V | undefined : never): Map<string, string> {
  const prices = new Map<string, string>();
  if (!result) return prices;
  const [keys, , ats] = result.statement.params as [string[], string[], string[]];
  for (const row of result.rows) {
    const i = Number(row.i) - 1;
    prices.set(`${keys[i]}@${ats[i]}`, row.value as string);
  }
  return prices;
}

/**
 * The body of `GET …/transactions:listErc20?pageSize=N` from its statements' rows: the service's
 * own formatter per item, and its page-token signing.
 * @param rows rows by role: chain, page, contracts, prices
 * @param request the list's address and page size, and the signer
 * @returns the REST body
 * @example erc20TransfersBody(rows, { address, pageSize: 10, signer })
 */
export function erc20TransfersBody(rows: StatementRows, request: { address: string; pageSize: number; signer: PageTokenSigner }) {
  const chain = toModelRow<EvmChain>('EvmChain', rows.get('chain')!.rows[0]!);
  const page: TransferRow[] = rows.get('page')!.rows.map((row) => ({
    txHash: row.txHash, blockNumber: BigInt(row.blockNumber), logIndex: row.logIndex, batchIndex: row.batchIndex, tokenAddress: row.tokenAddress,
    from: row.from, to: row.to, value: new Prisma.Decimal(row.value), tokenId: row.tokenId === null ? null : new Prisma.Decimal(row.tokenId),
    blockHash: row.blockHash, blockTimestamp: BigInt(row.blockTimestamp),
  }));
  const contracts = new Map((rows.get('contracts')?.rows ?? []).map((row) => [row.address as string, toModelRow<EvmContract>('EvmContract', row)]));
  const prices = new Map([...pricesOf(rows.get('prices'))].map(([key, value]) => [key.split('@')[0]!, value]));
  const items = page.slice(0, request.pageSize);
  const last = items[items.length - 1];
  const nextPageToken = page.length > request.pageSize && last
    ? encodePageToken(
      request.signer,
      tokenScope('transfers', pageArgs({ chain, address: request.address, pageSize: request.pageSize }, 'ERC-20')),
      [bigintKey, intKey, intKey],
      [last.blockNumber, last.logIndex, last.batchIndex],
    )
    : undefined;
  return { nextPageToken, transactions: items.map((t) => formatErc20Transfer(t, (a) => contracts.get(a) ?? null, (k) => prices.get(k))) };
}

/**
 * The body of `GET /v1/chains/{chainId}/transactions/{txHash}` from its statements' rows, through
 * the service's own response formatter.
 * @param rows rows by role: chain, transaction (with its block, method name, transfers, frames, messages, contracts, NFTs and prices)
 * @returns the REST body
 * @example transactionBody(rows)
 */
export function transactionBody(rows: StatementRows) {
  const chain = toModelRow<EvmChain>('EvmChain', rows.get('chain')!.rows[0]!);
  const bundle = transactionBundle(rows.get('transaction')!.rows[0]! as TransactionBundleRow);
  const { tx, block, transfers, internals, messages, methodName } = bundle;
  const contracts = new Map(bundle.contracts.map((c) => [c.address, c]));
  const nfts = new Map(bundle.nftTokens.map((n) => [`${n.address}:${n.tokenId.toFixed()}`, n]));
  // The statement's prices are now's and the block time's; whichever is not the block's is now.
  const at = Number(block.timestamp);
  const now = bundle.prices.find((price) => price.at !== at)?.at ?? at;
  const currentPrices = pricesAt(bundle.prices, now);
  const historicalPrices = pricesAt(bundle.prices, at);
  return formatTransactionResponse({
    chain, tx, block, transfers, internals, messages, methodName,
    contractOf: (address) => contracts.get(address) ?? null,
    nftOf: (t) => nfts.get(`${t.tokenAddress}:${tokenIdOf(t)}`) ?? null,
    currentPrices,
    historicalPrices,
  });
}
