import type { EvmContract } from '../../../prisma/rows';
import type { EvmAccountReference } from '../types/token.type';

/**
 * The fields of a contract that account references and token details read (formatAccount,
 * formatErc20Token, formatErc721Token), with its address and its price feed. Statements that bring
 * the contracts a page or a transaction names as JSON rows carry these only (jsonRowSql): a
 * contract's description, links and deployment are not part of those answers.
 */
export const contractSummaryFields = [
  'address',
  'name',
  'symbol',
  'decimals',
  'logoUri',
  'priceKey',
] as const satisfies readonly (keyof EvmContract)[];
/** A contract as account references and token details read it ({@link contractSummaryFields}). */
export type ContractSummary = Pick<EvmContract, (typeof contractSummaryFields)[number]>;

/**
 * An account reference (2.8): the address, with the name, symbol, decimals and logo of the
 * contract at it when it is a known contract (an externally owned account has only its address).
 * @param address lower-case address
 * @param contract the contract at the address, if known
 * @returns the reference
 * @example formatAccount('0xb97e…', usdcContract) // { name: 'USD Coin', symbol: 'USDC', decimals: 6, logoUri: '…', address: '0xb97e…' }
 */
export function formatAccount(address: string, contract: ContractSummary | null | undefined): EvmAccountReference {
  if (!contract || contract.name === '') return { address };
  return {
    name: contract.name,
    symbol: contract.symbol || undefined,
    decimals: contract.decimals ?? undefined,
    logoUri: contract.logoUri || undefined,
    address,
  };
}
