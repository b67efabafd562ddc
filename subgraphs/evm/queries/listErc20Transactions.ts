import type { EvmContext } from '../context';
import { formatErc20Transfer } from '../formatters/erc20Transfer';
import type { ListErc20TransactionsResponse } from '../types/transfer.type';
import type { AccountListRequest } from './accountRange';
import { readTransferBundle, type TransferBundle } from './transferBundle';

/**
 * 4.10: ERC-20 transfers an address sent or received, newest first, each with its token's
 * metadata and current usd price and the account references of both sides; one statement
 * (readTransferBundle).
 * @param context the request's context
 * @param request chain, address, block range, page
 * @returns the page
 * @throws BadRequestError for startBlock > endBlock or a token of another query
 * @example await listErc20Transactions(context, { chain, address, pageSize: 10 })
 */
export async function listErc20Transactions(
  context: EvmContext,
  request: AccountListRequest,
): Promise<ListErc20TransactionsResponse> {
  return formatErc20Transfers(await readTransferBundle(context, request, 'ERC-20'));
}

/**
 * The response from a page of ERC-20 transfers and its lookups (the benchmark's floor assembles
 * its body with it too).
 * @param bundle the page, its contracts and their prices
 * @returns the response
 * @example formatErc20Transfers(transferBundleOf(row, page))
 */
export function formatErc20Transfers({ page, book, priceOf }: TransferBundle): ListErc20TransactionsResponse {
  return {
    nextPageToken: page.nextPageToken,
    transactions: page.items.map((t) => formatErc20Transfer(t, book.contract, priceOf)),
  };
}
