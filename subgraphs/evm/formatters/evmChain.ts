import type { EvmChain as EvmChainRow } from '../../../prisma/generated/client';
import { fromDbNetwork } from '../../shared/network';
import type { EvmChain, NetworkToken } from '../types/evmChain.type';

/**
 * The native token of a stored EVM chain (2.13 networkToken).
 * @example formatNetworkToken(chain) // { name: 'Avalanche', symbol: 'AVAX', decimals: 18, logoUri: '…', description: '' }
 */
export function formatNetworkToken(row: EvmChainRow): NetworkToken {
  return {
    name: row.nativeTokenName,
    symbol: row.nativeTokenSymbol,
    decimals: row.nativeTokenDecimals,
    logoUri: row.nativeTokenLogoUri,
    // The index keeps no description of native tokens.
    description: '',
  };
}

/**
 * Formats a stored EVM chain for the API.
 * @example formatEvmChain(await prisma.evmChain.findFirstOrThrow())
 */
export function formatEvmChain(row: EvmChainRow): EvmChain {
  return {
    chainId: row.chainId.toString(),
    blockchainId: row.blockchainId,
    network: fromDbNetwork(row.network),
    chainName: row.chainName,
    description: row.description,
    networkToken: formatNetworkToken(row),
  };
}
