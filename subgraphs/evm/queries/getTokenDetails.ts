import type { EvmChain } from '../../../prisma/generated/client';
import { NotFoundError } from '../../shared/errors';
import type { EvmContext } from '../context';
import { formatErc1155Token, formatErc721Token } from '../formatters/nftToken';
import type { Erc1155Token, Erc721Token } from '../types/token.type';

/**
 * 4.20: one NFT with its metadata and indexStatus, as the variant of its kind: an Erc721Token
 * (collection name and symbol, `attributes`, owner) or an Erc1155Token (`properties` and
 * `decimals` in its metadata, no owner).
 * @param context the request's context
 * @param request chain, collection, token ID
 * @returns the NFT
 * @throws NotFoundError for a token this service has not indexed
 * @example await getTokenDetails(context, { chain, address, tokenId: 7n })
 */
export async function getTokenDetails(
  context: EvmContext,
  request: { chain: EvmChain; address: string; tokenId: bigint },
): Promise<Erc721Token | Erc1155Token> {
  const chainId = request.chain.chainId;
  const [row, contract] = await Promise.all([
    context.loaders.nftToken.load({ chainId, address: request.address, tokenId: request.tokenId }),
    context.loaders.contract.load({ chainId, address: request.address }),
  ]);
  if (!row) {
    throw new NotFoundError(
      `tokenId ${request.tokenId} of collection ${request.address} is not an NFT this service indexes on chain ${chainId}`,
    );
  }
  return row.ercType === 'ERC1155'
    ? formatErc1155Token(request.address, request.tokenId, row)
    : formatErc721Token(request.address, request.tokenId, row, contract);
}
