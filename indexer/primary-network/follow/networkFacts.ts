// Facts of mainnet and Fuji the primary-network indexer needs beyond avalanche/networks.ts.
import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { PUBLIC_NETWORKS } from '../../../avalanche/networks';

/** Durango activation (avalanchego upgrade/upgrade.go): staker start times come from the block from then on. */
const DURANGO: Record<'MAINNET' | 'FUJI', bigint> = { MAINNET: 1_709_740_800n, FUJI: 1_707_840_000n };

/** What a chain follower needs to know of its network and chain. */
export type ChainFacts = {
  network: 'MAINNET' | 'FUJI';
  chain: 'P' | 'X';
  /** `p-chain:fuji`, `x-chain:mainnet`: the SyncState key and the metrics label. */
  chainKey: string;
  chainId: string;
  hrp: string;
  avaxAssetId: string;
  durango: bigint;
};

/**
 * The facts of one chain of a network.
 * @param network mainnet or fuji
 * @param chain P or X
 * @returns chain ID, key, HRP, AVAX asset, Durango time
 * @example chainFacts('FUJI', 'P').chainKey // 'p-chain:fuji'
 */
export function chainFacts(network: 'MAINNET' | 'FUJI', chain: 'P' | 'X'): ChainFacts {
  const info = PUBLIC_NETWORKS[network];
  return {
    network,
    chain,
    chainKey: `${chain === 'P' ? 'p' : 'x'}-chain:${network.toLowerCase()}`,
    chainId: chain === 'P' ? PRIMARY_NETWORK_ID : info.chains['x-chain'],
    hrp: info.hrp,
    avaxAssetId: info.avaxAssetId,
    durango: DURANGO[network],
  };
}
