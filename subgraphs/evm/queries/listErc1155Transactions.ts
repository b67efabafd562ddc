import type { EvmContext } from '../context';
import { formatErc1155Token } from '../formatters/nftToken';
import type { ListErc1155TransactionsResponse } from '../types/transfer.type';
import type { AccountListRequest } from './accountRange';
import { readTransferBundle } from './transferBundle';

/**
 * 4.9: ERC-1155 transfers an address sent or received, newest first (each item of a TransferBatch
 * log is one transfer, sharing its log index), with the token and its metadata; one statement
 * (readTransferBundle).
 * @param context the request's context
 * @param request chain, address, block range, page
 * @returns the page
 * @throws BadRequestError for startBlock > endBlock or a token of another query
 * @example await listErc1155Transactions(context, { chain, address, pageSize: 10 })
 */
export async function listErc1155Transactions(
  context: EvmContext,
  request: AccountListRequest,
): Promise<ListErc1155TransactionsResponse> {
  const { page, book, nftOf } = await readTransferBundle(context, request, 'ERC-1155');
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
      value: t.value.toFixed(),
      erc1155Token: formatErc1155Token(t.tokenAddress, BigInt(t.tokenId?.toFixed() ?? '0'), nftOf(t)),
    })),
  };
}
