import type { EvmChain as EvmChainRow } from '../../../prisma/generated/client';
import { fromDbNetwork } from '../../shared/network';
import type { EvmChain } from '../types/evmChain.type';

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
    networkToken: {
      name: row.nativeTokenName,
      symbol: row.nativeTokenSymbol,
      decimals: row.nativeTokenDecimals,
      logoUri: row.nativeTokenLogoUri,
      description: '',
    },
  };
}
