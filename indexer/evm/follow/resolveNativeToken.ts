// The native token a chain is registered with when the config names none: the node does not say
// (coreth's and subnet-evm's eth_getChainConfig carry no token name), so it is taken from what the
// node is: AVAX on the C-Chain, AVAX on another Avalanche EVM (a node that answers
// eth_getChainConfig), Ether on any other node (anvil, hardhat, geth). Only the C-Chain's is
// certain; the others are returned as assumed, for the caller to say once in the log.
import type { EvmChainConfig, NativeToken } from '../../config/readIndexerConfig';

/** The C-Chain's chain IDs (mainnet, Fuji): AVAX for certain. */
const C_CHAIN_IDS: readonly bigint[] = [43114n, 43113n];

/** AVAX, the token of the C-Chain and the usual gas token of an Avalanche L1. */
export const AVAX_TOKEN: NativeToken = { name: 'Avalanche', symbol: 'AVAX', decimals: 18 };
/** Ether, the token a non-Avalanche node (anvil, hardhat, geth) charges gas in. */
export const ETHER_TOKEN: NativeToken = { name: 'Ether', symbol: 'ETH', decimals: 18 };

/** The token and, when it is not certain, why it was chosen. */
export type ResolvedNativeToken = { token: NativeToken; assumed: string | null };

/**
 * Chooses the chain's native token.
 * @param chain the configured chain
 * @param chainConfig what `eth_getChainConfig` answered (null: the node has no such method)
 * @returns the token, and `assumed` (why) unless the config or the chain ID settles it
 * @example resolveNativeToken(chain, null) // { token: ETHER_TOKEN, assumed: 'the node does not answer eth_getChainConfig (not an Avalanche EVM)' }
 */
export function resolveNativeToken(chain: EvmChainConfig, chainConfig: unknown): ResolvedNativeToken {
  if (chain.nativeToken) return { token: chain.nativeToken, assumed: null };
  if (C_CHAIN_IDS.includes(chain.chainId)) return { token: AVAX_TOKEN, assumed: null };
  if (chainConfig && typeof chainConfig === 'object')
    return {
      token: AVAX_TOKEN,
      assumed: 'the node answers eth_getChainConfig (an Avalanche EVM), which names no token',
    };
  return { token: ETHER_TOKEN, assumed: 'the node does not answer eth_getChainConfig (not an Avalanche EVM)' };
}
