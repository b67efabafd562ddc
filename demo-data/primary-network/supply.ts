// The demo P-Chain's current supply over time: what blocks report and what rewards are computed from.
import { AVAX, DEMO_NOW, NETWORKS, type NetworkName } from '../constants';

/**
 * Current AVAX supply at a time: 360M at genesis, rising linearly to about 460M at DEMO_NOW (the
 * real curve is the sum of minted rewards; linear keeps the demo simple and every block consistent).
 * @param network mainnet or fuji
 * @param time Unix seconds
 * @returns nAVAX
 * @example supplyAt('mainnet', DEMO_NOW) // 460M AVAX
 */
export function supplyAt(network: NetworkName, time: number): bigint {
  const info = NETWORKS[network];
  const elapsed = BigInt(Math.max(0, time - info.genesisTimestamp));
  const span = BigInt(DEMO_NOW - info.genesisTimestamp);
  return 360_000_000n * AVAX + (100_000_000n * AVAX * elapsed) / span;
}
