import type { EvmContext } from '../context';
import { formatErc721Token } from '../formatters/nftToken';
import type { ListErc721TransactionsResponse } from '../types/transfer.type';
import type { AccountListRequest } from './accountRange';
import { readTransferBundle } from './transferBundle';

/**
 * 4.8: ERC-721 transfers an address sent or received, newest first, each with the NFT (2.10) and
 * the account references of both sides; one statement (readTransferBundle).
 * @param context the request's context
 * @param request chain, address, block range, page
 * @returns the page
 * @throws BadRequestError for startBlock > endBlock or a token of another query
 * @example await listErc721Transactions(context, { chain, address, pageSize: 10 })
 */
export async function listErc721Transactions(
  context: EvmContext,
  request: AccountListRequest,
): Promise<ListErc721TransactionsResponse> {
  const { page, book, nftOf } = await readTransferBundle(context, request, 'ERC-721');
  return {
    nextPageToken: page.nextPageToken,
    transactions: page.items.map((t) => ({
      blockNumber: t.blockNumber.toString(),
      blockTimestamp: Number(t.blockTimestamp),
      blockHash: t.blockHash,
      txHash: t.txHash,
      from: book.account(t.from),
      to: book.account(t.to),
      logIndex: t.logIndex,
      erc721Token: formatErc721Token(
        t.tokenAddress,
        BigInt(t.tokenId?.toFixed() ?? '0'),
        nftOf(t),
        book.contract(t.tokenAddress),
      ),
    })),
  };
}
