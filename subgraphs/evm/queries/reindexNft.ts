import { hexToBytes } from '../../../prisma/hexBytes';
import { Prisma, type EvmChain } from '../../../prisma/generated/client';
import { ApiError, NotFoundError } from '../../shared/errors';
import { primaryReads } from '../../shared/subgraph';
import type { EvmContext } from '../context';
import type { NftReindexRequest } from '../types/nftCollection.type';

/** The least time between two reindex requests of one token, seconds (the hosted API's hour). */
export const REINDEX_INTERVAL_SECONDS = 3_600;

/**
 * reindexNft: queues a metadata refetch of one NFT. The indexer's NFT metadata worker takes
 * tokens whose `metadata_retry_at` is due, so the row is made due now, with its attempts reset
 * (a refetch that fails for a passing reason gets its full series of retries); the metadata shown
 * stays until the worker replaces it. One statement checks the hour rule and marks the row, so
 * two concurrent requests cannot both pass.
 * @param context the request's context (`clock` is "now")
 * @param request chain, collection, token ID
 * @returns when it was queued and when the token may be reindexed again
 * @throws NotFoundError for a token this service has not indexed
 * @throws ApiError 429 when the token was reindexed less than an hour ago
 * @example await reindexNft(context, { chain, address, tokenId: 7n })
 */
export async function reindexNft(
  context: EvmContext,
  request: { chain: EvmChain; address: string; tokenId: bigint },
): Promise<NftReindexRequest> {
  const now = context.clock();
  // A write, then a read of what it left: both on the primary.
  const { prisma } = primaryReads(context);
  const chainId = request.chain.chainId;
  const tokenId = new Prisma.Decimal(request.tokenId.toString());
  // Prisma's client sends bytes for Bytes columns (hexBytes.ts converts only on the raw path).
  const key = Prisma.sql`chain_id = ${chainId} AND address = ${hexToBytes(request.address)} AND token_id = ${tokenId}`;
  const marked = await prisma.$queryRaw<{ requested: bigint }[]>(Prisma.sql`
    UPDATE evm_nft_token SET reindex_requested_at = ${now}, metadata_retry_at = ${now}, metadata_attempts = 0
    WHERE ${key} AND (reindex_requested_at IS NULL OR reindex_requested_at <= ${now - REINDEX_INTERVAL_SECONDS})
    RETURNING reindex_requested_at AS requested`);
  const token = `tokenId ${request.tokenId} of collection ${request.address}`;
  if (marked.length) {
    return {
      address: request.address,
      tokenId: request.tokenId.toString(),
      requestedAt: now,
      nextAllowedAt: now + REINDEX_INTERVAL_SECONDS,
    };
  }
  const [stored] = await prisma.$queryRaw<{ requested: bigint | null }[]>(
    Prisma.sql`SELECT reindex_requested_at AS requested FROM evm_nft_token WHERE ${key}`,
  );
  if (!stored) throw new NotFoundError(`${token} is not an NFT this service indexes on chain ${chainId}`);
  const next = Number(stored.requested ?? 0n) + REINDEX_INTERVAL_SECONDS;
  throw new ApiError(
    429,
    `${token} was reindexed less than an hour ago; it may be reindexed again at ${new Date(next * 1000).toISOString()}`,
  );
}
