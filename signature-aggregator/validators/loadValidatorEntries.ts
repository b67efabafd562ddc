import type { PrismaClient } from '../../prisma/generated/client';
import type { Network } from '../../prisma/generated/enums';
import { PRIMARY_NETWORK_ID } from '../../avalanche/constants';
import type { ValidatorEntry } from './flattenValidators';
import type { PChainPoint } from './resolvePChainHeight';

/**
 * The validators of a subnet at a P-Chain height, from the Validator table: accepted at or below
 * the height, not removed at it, and within their staking period at its block time. Inactive L1
 * validators (balance exhausted) keep their weight but lose their key, as the P-Chain adds them
 * as one keyless staker. Legacy subnet validators without a key of their own sign with their
 * primary-network key.
 * @param prisma database
 * @param network network
 * @param subnetId signing subnet (cb58)
 * @param at height and its block time
 * @returns entries for {@link flattenValidators}
 * @example await loadValidatorEntries(prisma, 'MAINNET', subnetId, await resolvePChainHeight(prisma, 'MAINNET', 0n))
 */
export async function loadValidatorEntries(
  prisma: PrismaClient,
  network: Network,
  subnetId: string,
  at: PChainPoint,
): Promise<ValidatorEntry[]> {
  const rows = await prisma.validator.findMany({
    where: { network, subnetId, ...inSetAt(at) },
    select: { nodeId: true, blsPublicKey: true, weight: true, isL1Validator: true, isActive: true },
    orderBy: [{ blockIndex: 'asc' }, { txHash: 'asc' }],
  });
  const needPrimaryKey =
    subnetId === PRIMARY_NETWORK_ID
      ? []
      : rows.filter((row) => !row.isL1Validator && !row.blsPublicKey).map((row) => row.nodeId);
  const primaryKeys = new Map<string, string>();
  if (needPrimaryKey.length > 0) {
    const primary = await prisma.validator.findMany({
      where: {
        network,
        subnetId: PRIMARY_NETWORK_ID,
        nodeId: { in: needPrimaryKey },
        blsPublicKey: { not: null },
        ...inSetAt(at),
      },
      select: { nodeId: true, blsPublicKey: true },
    });
    for (const row of primary) primaryKeys.set(row.nodeId, row.blsPublicKey!);
  }
  return rows.map((row) => {
    const key = row.isL1Validator && !row.isActive ? null : (row.blsPublicKey ?? primaryKeys.get(row.nodeId) ?? null);
    return { nodeId: row.nodeId, weight: row.weight, publicKey: key ? hexBytes(key) : null };
  });
}

/** Prisma condition: the validation is part of the set at `at`. */
function inSetAt(at: PChainPoint) {
  return {
    blockIndex: { lte: at.height },
    startTimestamp: { lte: at.timestamp },
    AND: [
      { OR: [{ removedAtBlockIndex: null }, { removedAtBlockIndex: { gt: at.height } }] },
      { OR: [{ endTimestamp: null }, { endTimestamp: { gt: at.timestamp } }] },
    ],
  };
}

/** Stored keys are `0x`-hex; anything else is kept as unparseable bytes (then keyless). */
function hexBytes(text: string): Uint8Array {
  const hex = text.startsWith('0x') ? text.slice(2) : text;
  return /^([0-9a-fA-F]{2})*$/.test(hex) ? Uint8Array.from(Buffer.from(hex, 'hex')) : new Uint8Array(0);
}
