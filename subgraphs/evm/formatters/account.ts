import type { EvmContract } from '../../../prisma/generated/client';
import type { EvmAccountReference } from '../types/token.type';

/**
 * An account reference (2.8): the address, with the name, symbol, decimals and logo of the
 * contract at it when it is a known contract (an externally owned account has only its address).
 * @param address lower-case address
 * @param contract the contract at the address, if known
 * @returns the reference
 * @example formatAccount('0xb97e…', usdcContract) // { name: 'USD Coin', symbol: 'USDC', decimals: 6, logoUri: '…', address: '0xb97e…' }
 */
export function formatAccount(address: string, contract: EvmContract | null | undefined): EvmAccountReference {
  if (!contract || contract.name === '') return { address };
  return {
    name: contract.name,
    symbol: contract.symbol || undefined,
    decimals: contract.decimals ?? undefined,
    logoUri: contract.logoUri || undefined,
    address,
  };
}
