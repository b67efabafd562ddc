// The canonical validator set of avalanchego snow/validators/warp.go (FlattenValidatorSet):
// every validator's weight counts toward the total, keyless ones included; validators sharing
// a BLS key become one; the result is sorted by the 96-byte uncompressed key. A signature's
// signer bitset indexes this list, so the order must match the P-Chain's byte for byte.
import { InsufficientReachableWeightError } from '../errors';

/** One validator of a subnet at a height, as stored. */
export type ValidatorEntry = {
  nodeId: string;
  /** Compressed (48-byte) BLS key; null for validators without one. */
  publicKey: Uint8Array | null;
  weight: bigint;
};

/**
 * A key that passed the BLS workers' checks (BlsPool.parseKeys), in both encodings. The workers
 * rebuild the point from `uncompressed` without checking it again.
 */
export type ParsedKey = { compressed: Uint8Array; uncompressed: Uint8Array };

/** One member of the canonical list. */
export type CanonicalValidator = {
  /** Position in the list: the bit of the signer bitset. */
  index: number;
  publicKey: ParsedKey;
  /** Sum of the weights of every node sharing the key. */
  weight: bigint;
  /** Those nodes, in input order. */
  nodeIds: string[];
};

/** A signing subnet's validators at one P-Chain height. */
export type CanonicalValidatorSet = { validators: CanonicalValidator[]; totalWeight: bigint };

const maxUint64 = (1n << 64n) - 1n;

/**
 * Builds the canonical list.
 * @param entries validators with their (optional) compressed keys
 * @param parseKey the parsed form of a compressed key (a lookup from createKeyCache); undefined for an invalid one, which then counts as keyless
 * @returns the sorted, deduplicated list and the total weight
 * @throws InsufficientReachableWeightError when the total overflows uint64: avalanchego then drops the subnet, so nothing can be verified against it
 * @example flattenValidators(rows, await keyCache(rows.flatMap((row) => row.publicKey ?? []))).validators[0].index // 0
 */
export function flattenValidators(
  entries: readonly ValidatorEntry[],
  parseKey: (compressed: Uint8Array) => ParsedKey | undefined,
): CanonicalValidatorSet {
  let totalWeight = 0n;
  const byKey = new Map<string, Omit<CanonicalValidator, 'index'>>();
  for (const entry of entries) {
    totalWeight += entry.weight;
    if (totalWeight > maxUint64)
      throw new InsufficientReachableWeightError(
        'the validator weights of the signing subnet overflow uint64; no Warp message can be verified against it',
      );
    const key = entry.publicKey ? parseKey(entry.publicKey) : undefined;
    if (!key) continue;
    const id = Buffer.from(key.uncompressed).toString('hex');
    const found = byKey.get(id);
    if (found) {
      found.weight += entry.weight;
      found.nodeIds.push(entry.nodeId);
    } else {
      byKey.set(id, { publicKey: key, weight: entry.weight, nodeIds: [entry.nodeId] });
    }
  }
  const validators = [...byKey.values()]
    .sort((a, b) => Buffer.compare(a.publicKey.uncompressed, b.publicKey.uncompressed))
    .map((validator, index) => ({ ...validator, index }));
  return { validators, totalWeight };
}
