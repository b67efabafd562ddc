import type { Erc20TokenDetails, Price } from '../types/token.type';
import type { ContractSummary } from './account';

/** Decimals assumed for an ERC-20 whose contract metadata is unknown: the ERC-20 default of OpenZeppelin and most tokens. */
export const defaultErc20Decimals = 18;

/**
 * The erc20Token of a transfer (2.9).
 * @param address token contract
 * @param contract its metadata, if known
 * @param price its current price, if it has one
 * @returns the token details
 * @example formatErc20Token(usdc, usdcContract, { currencyCode: 'usd', value: '1' })
 */
export function formatErc20Token(
  address: string,
  contract: ContractSummary | null | undefined,
  price: Price | undefined,
): Erc20TokenDetails {
  return {
    address,
    name: contract?.name ?? '',
    symbol: contract?.symbol ?? '',
    decimals: contract?.decimals ?? defaultErc20Decimals,
    logoUri: contract?.logoUri || undefined,
    ercType: 'ERC-20',
    price,
  };
}
