import { createHash } from 'node:crypto';
import { cb58Encode } from '../../../avalanche/cb58';

/**
 * The stable 32-byte ID the indexer gives a chain known only by its EVM chain ID, as its blockchain
 * (or its subnet) when no row of the database and no config key names one (documented in the README).
 * @param kind `blockchain` or `subnet`
 * @param chainId the EVM chain ID
 * @returns the ID in cb58
 * @example `/ext/bc/${derivedChainId('blockchain', 31337n)}/rpc`
 */
export function derivedChainId(kind: 'blockchain' | 'subnet', chainId: bigint): string {
  return cb58Encode(createHash('sha256').update(`avalanche-data-service/indexer/${kind}/${chainId}`).digest());
}
