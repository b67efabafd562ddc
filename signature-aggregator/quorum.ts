// Quorum arithmetic in exact integers. The on-chain rule (avalanchego warp/signature.go
// VerifyWeight) passes iff signedWeight × denominator ≥ totalWeight × numerator, where the total
// includes validators without a BLS key. The smallest passing weight is ceil(total × pct / 100),
// which is ICM's RequiredSignatureWeight and the same test.

/**
 * The least signed weight that meets `percentage` of `totalWeight`.
 * @param totalWeight weight of the whole canonical set, keyless validators included
 * @param percentage integer 0 to 100
 * @returns ceil(totalWeight × percentage / 100)
 * @example requiredWeight(3n, 67) // 3n: 2 × 100 < 3 × 67, so two of three equal validators are not enough
 */
export function requiredWeight(totalWeight: bigint, percentage: number): bigint {
  if (!Number.isInteger(percentage) || percentage < 0 || percentage > 100)
    throw new RangeError(`percentage ${percentage} is not an integer from 0 to 100`);
  const product = totalWeight * BigInt(percentage);
  return (product + 99n) / 100n;
}

/**
 * The on-chain test of a signature's weight.
 * @param signedWeight weight of the signers
 * @param totalWeight weight of the canonical set
 * @param numerator quorum numerator (67 by default on chain)
 * @param denominator quorum denominator (100)
 * @returns true when signedWeight × denominator ≥ totalWeight × numerator
 * @example meetsQuorum(67n, 100n, 67) // true
 */
export function meetsQuorum(signedWeight: bigint, totalWeight: bigint, numerator: number, denominator = 100): boolean {
  return signedWeight * BigInt(denominator) >= totalWeight * BigInt(numerator);
}
