import type { PrismaClient } from '../../prisma/generated/client';
import type { Network } from '../../prisma/generated/enums';
import { PRIMARY_NETWORK_ID } from '../../avalanche/constants';
import { InsufficientReachableWeightError, InvalidAggregationRequestError } from '../errors';

/** A P-Chain height and the timestamp of its block: validator periods are in time, membership changes in height. */
export type PChainPoint = { height: bigint; timestamp: bigint };

/**
 * The P-Chain height whose validator set signs: the latest indexed block for 0 (the spec's
 * "proposed height"; this service knows no newer one), else the requested height.
 * @param prisma database
 * @param network network of the request
 * @param requested pChainHeight of the request, 0 for current
 * @returns height and block timestamp
 * @throws InvalidAggregationRequestError when the height is above the latest indexed block
 * @throws InsufficientReachableWeightError when no P-Chain block is indexed yet
 * @example await resolvePChainHeight(prisma, 'FUJI', 0n)
 */
export async function resolvePChainHeight(
  prisma: PrismaClient,
  network: Network,
  requested: bigint,
): Promise<PChainPoint> {
  const latest = await prisma.primaryNetworkBlock.findFirst({
    where: { network, blockchainId: PRIMARY_NETWORK_ID },
    orderBy: { blockNumber: 'desc' },
    select: { blockNumber: true, blockTimestamp: true },
  });
  if (!latest)
    throw new InsufficientReachableWeightError(
      `no P-Chain block of ${network.toLowerCase()} is indexed yet, so no validator set is known`,
    );
  if (requested === 0n) return { height: latest.blockNumber, timestamp: latest.blockTimestamp };
  if (requested > latest.blockNumber) {
    throw new InvalidAggregationRequestError(
      `pChainHeight ${requested} is above the latest indexed P-Chain height ${latest.blockNumber}`,
    );
  }
  // Heights are contiguous on chain; the nearest block at or below covers any gap in the index.
  const block = await prisma.primaryNetworkBlock.findFirst({
    where: { network, blockchainId: PRIMARY_NETWORK_ID, blockNumber: { lte: requested } },
    orderBy: { blockNumber: 'desc' },
    select: { blockTimestamp: true },
  });
  return { height: requested, timestamp: block?.blockTimestamp ?? 0n };
}
