import type { PrimaryChain } from '../../shared/params/primaryChain';
import { fromDbNetwork } from '../../shared/network';
import type { PrimaryNetworkChainInfo } from '../types/primaryAsset.type';

/**
 * `chainInfo` of a primary-network chain endpoint: the chain the `blockchainId` resolved to and
 * its network (the test network is named `fuji`, also when asked as `testnet`).
 * @param chain the resolved chain
 * @returns the chain info
 * @example formatChainInfo(resolvePrimaryChain('FUJI', { alias: 'x-chain' })) // { chainName: 'x-chain', network: 'fuji' }
 */
export function formatChainInfo(chain: PrimaryChain): PrimaryNetworkChainInfo {
  return { chainName: chain.chainName, network: fromDbNetwork(chain.network) };
}
