// What a primary-network transaction burns: the rule of avalanchego's flow checker
// (vms/components/avax/flow_checker.go), which lets a transaction consume more of an asset than it
// produces and burns the difference. Shared by the transaction views (amountBurned per asset) and
// the supply totals (domain/supplyTotals.ts).

/** An amount of one asset, in its smallest unit. */
export type AssetAmount = { assetId: string; amount: bigint };

/**
 * Consumed minus emitted, per asset: what the transaction burns of each asset it touches (0 for an
 * asset it moves without loss; negative only where outputs come from outside its inputs, such as
 * staking rewards or an L1 validator's refunded balance).
 * @param consumed the amounts of the UTXOs it consumes (imported ones included)
 * @param emitted the amounts of the UTXOs it creates (exported and staked ones included)
 * @returns asset ID → amount burned, in the order the assets first appear
 * @example amountBurned([{ assetId: avax, amount: 10n }], [{ assetId: avax, amount: 9n }]) // Map { avax => 1n }
 */
export function amountBurned(consumed: readonly AssetAmount[], emitted: readonly AssetAmount[]): Map<string, bigint> {
  const burned = new Map<string, bigint>();
  for (const { assetId, amount } of consumed) burned.set(assetId, (burned.get(assetId) ?? 0n) + amount);
  for (const { assetId, amount } of emitted) burned.set(assetId, (burned.get(assetId) ?? 0n) - amount);
  return burned;
}
