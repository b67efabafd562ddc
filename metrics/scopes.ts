// The scopes a chain's blocks count in (4.3 chainId): the chain itself, its network, and `total`.

/** A chain's network as the `network` enum stores it. */
export type ChainNetwork = 'mainnet' | 'fuji';

/**
 * The metric scopes of a chain, chain first.
 * @param chainId EVM chain ID
 * @param network the chain's network
 * @returns `[chainId, 'mainnet' | 'testnet', 'total']`
 * @example metricScopes(43113n, 'fuji') // ['43113', 'testnet', 'total']
 */
export function metricScopes(chainId: bigint, network: ChainNetwork): [string, string, string] {
  return [chainId.toString(), network === 'mainnet' ? 'mainnet' : 'testnet', 'total'];
}
