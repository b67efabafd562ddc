import type { EvmChain } from '../../../prisma/generated/client';
import { NotFoundError } from '../../shared/errors';
import type { EvmContext } from '../context';
import { formatNftToken } from '../formatters/nftToken';
import type { NftToken } from '../types/token.type';

/**
 * 4.20: one NFT with its metadata and indexStatus. ERC-1155 tokens are served in the same shape
 * (ercType ERC-1155, metadata with properties and decimals, no owner).
 * @param context the request's context
 * @param request chain, collection, token ID
 * @returns the NFT
 * @throws NotFoundError for a token this service has not indexed
 * @example await getTokenDetails(context, { chain, address, tokenId: 7n })
 */
export async function getTokenDetails(context: EvmContext, request: { chain: EvmChain; address: string; tokenId: bigint }): Promise<NftToken> {
  const chainId = request.chain.chainId;
  const [row, contract] = await Promise.all([
    context.loaders.nftToken.load({ chainId, address: request.address, tokenId: request.tokenId }),
    context.loaders.contract.load({ chainId, address: request.address }),
  ]);
  if (!row) {
    throw new NotFoundError(`tokenId ${request.tokenId} of collection ${request.address} is not an NFT this service indexes on chain ${chainId}`);
  }
  return formatNftToken({ address: request.address, tokenId: request.tokenId, ercType: row.ercType === 'ERC1155' ? 'ERC-1155' : 'ERC-721' }, row, contract);
}
