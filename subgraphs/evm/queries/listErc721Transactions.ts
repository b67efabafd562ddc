import type { EvmContext } from '../context';
import { formatNftToken } from '../formatters/nftToken';
import type { ListErc721TransactionsResponse } from '../types/transfer.type';
import { loadAddressBook } from './accountReferences';
import type { AccountListRequest } from './accountRange';
import { transferPage } from './transferPage';

/**
 * 4.8: ERC-721 transfers an address sent or received, newest first, each with the NFT (2.10).
 * @param context the request's context
 * @param request chain, address, block range, page
 * @returns the page
 * @example await listErc721Transactions(context, { chain, address, pageSize: 10 })
 */
export async function listErc721Transactions(context: EvmContext, request: AccountListRequest): Promise<ListErc721TransactionsResponse> {
  const page = await transferPage(context, request, 'ERC-721');
  const chainId = request.chain.chainId;
  const [book, nfts] = await Promise.all([
    loadAddressBook(context, chainId, page.items.flatMap((t) => [t.from, t.to, t.tokenAddress])),
    Promise.all(page.items.map((t) => context.loaders.nftToken.load({ chainId, address: t.tokenAddress, tokenId: BigInt(t.tokenId?.toFixed() ?? '0') }))),
  ]);
  return {
    nextPageToken: page.nextPageToken,
    transactions: page.items.map((t, i) => ({
      blockNumber: t.blockNumber.toString(),
      blockTimestamp: Number(t.blockTimestamp),
      blockHash: t.blockHash,
      txHash: t.txHash,
      from: book.account(t.from),
      to: book.account(t.to),
      logIndex: t.logIndex,
      erc721Token: formatNftToken(
        { address: t.tokenAddress, tokenId: BigInt(t.tokenId?.toFixed() ?? '0'), ercType: 'ERC-721' },
        nfts[i],
        book.contract(t.tokenAddress),
      ),
    })),
  };
}
