import type { EvmChain } from '../../prisma/generated/client';
import { formatTransactionResponse, tokenIdOf } from '../../subgraphs/evm/formatters/transactionResponse';
import { pageArgs } from '../../subgraphs/evm/queries/accountRange';
import { pricesAt, transactionBundle, type TransactionBundleRow } from '../../subgraphs/evm/queries/getTransaction';
import { formatErc20Transfers } from '../../subgraphs/evm/queries/listErc20Transactions';
import { transferBundleOf, transferOfJson, type TransferBundleRow } from '../../subgraphs/evm/queries/transferBundle';
import { bigintKey, intKey } from '../../subgraphs/shared/paging/keyCodecs';
import { encodePageToken, type PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import { tokenScope } from '../../subgraphs/shared/paging/tokenScope';
import type { CapturedStatement } from './captureStatements';
import { toModelRow } from '../../prisma/read/toModelRow';

/** Rows of each statement of a request, by the statement's role. */
export type StatementRows = Map<string, { statement: CapturedStatement; rows: Record<string, any>[] }>;

/**
 * The body of `GET …/transactions:listErc20?pageSize=N` from its statement's row (the page with its
 * contracts and prices): the service's own formatter, and its page-token signing.
 * @param rows rows by role: chain, page (the statement's one row)
 * @param request the list's address and page size, and the signer
 * @returns the REST body
 * @example erc20TransfersBody(rows, { address, pageSize: 10, signer })
 */
export function erc20TransfersBody(
  rows: StatementRows,
  request: { address: string; pageSize: number; signer: PageTokenSigner },
) {
  const chain = toModelRow<EvmChain>('EvmChain', rows.get('chain')!.rows[0]!);
  const bundle = rows.get('page')!.rows[0] as TransferBundleRow;
  const page = bundle.page.map(transferOfJson);
  const items = page.slice(0, request.pageSize);
  const last = items[items.length - 1];
  const nextPageToken =
    page.length > request.pageSize && last
      ? encodePageToken(
          request.signer,
          tokenScope('transfers', pageArgs({ chain, address: request.address, pageSize: request.pageSize }, 'ERC-20')),
          [bigintKey, intKey, intKey],
          [last.blockNumber, last.logIndex, last.batchIndex],
        )
      : undefined;
  return formatErc20Transfers(transferBundleOf(bundle, { items, nextPageToken }));
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
    chain,
    tx,
    block,
    transfers,
    internals,
    messages,
    methodName,
    contractOf: (address) => contracts.get(address) ?? null,
    nftOf: (t) => nfts.get(`${t.tokenAddress}:${tokenIdOf(t)}`) ?? null,
    currentPrices,
    historicalPrices,
  });
}
