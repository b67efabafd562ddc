import type { EvmContext } from '../context';
import { formatErc20Transfer } from '../formatters/erc20Transfer';
import { CurrencyCode } from '../types/evmEnums';
import type { ListErc20TransactionsResponse } from '../types/transfer.type';
import { loadAddressBook } from './accountReferences';
import type { AccountListRequest } from './accountRange';
import { loadPrices } from './loadPrices';
import { transferPage } from './transferPage';

/**
 * 4.10: ERC-20 transfers an address sent or received, newest first, each with its token's
 * metadata and current usd price and the account references of both sides. Three statements:
 * the page, the contracts it names (one batch), the prices of its tokens (one batch).
 * @param context the request's context
 * @param request chain, address, block range, page
 * @returns the page
 * @example await listErc20Transactions(context, { chain, address, pageSize: 10 })
 */
export async function listErc20Transactions(context: EvmContext, request: AccountListRequest): Promise<ListErc20TransactionsResponse> {
  const page = await transferPage(context, request, 'ERC-20');
  const book = await loadAddressBook(context, request.chain.chainId, page.items.flatMap((t) => [t.from, t.to, t.tokenAddress]));
  const prices = await loadPrices(context, page.items.map((t) => book.contract(t.tokenAddress)?.priceKey), CurrencyCode.usd, context.clock());
  return {
    nextPageToken: page.nextPageToken,
    transactions: page.items.map((t) => formatErc20Transfer(t, book.contract, (key) => prices.get(key))),
  };
}
