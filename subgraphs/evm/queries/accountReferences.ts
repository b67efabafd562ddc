import type { EvmContext } from '../context';
import { formatAccount, type ContractSummary } from '../formatters/account';
import type { EvmAccountReference } from '../types/token.type';

/** Contracts and account references of the addresses a page names. */
export type AddressBook = {
  /** The contract at an address, or null. */
  contract(address: string): ContractSummary | null;
  /** The account reference (2.8) of an address. */
  account(address: string): EvmAccountReference;
};

/**
 * Looks up every address a page names (senders, recipients, tokens) through the contract loader,
 * in one batch: one statement for the whole page.
 * @param context the request's context
 * @param chainId the chain
 * @param addresses addresses, repeats allowed
 * @returns lookups by address
 * @example const book = await loadAddressBook(context, 43114n, [from, to, token]); book.account(from)
 */
export async function loadAddressBook(
  context: EvmContext,
  chainId: bigint,
  addresses: Iterable<string>,
): Promise<AddressBook> {
  const unique = [...new Set(addresses)];
  const contracts = await Promise.all(unique.map((address) => context.loaders.contract.load({ chainId, address })));
  return addressBookOf(new Map(unique.map((address, i) => [address, contracts[i] ?? null])));
}

/**
 * The lookups of a page whose contracts were read already (with the page, in one statement).
 * @param contracts the contracts found, by address; an address without one is not a contract
 * @returns lookups by address
 * @example addressBookOf(new Map([[token, contract]])).account(from)
 */
export function addressBookOf(contracts: ReadonlyMap<string, ContractSummary | null>): AddressBook {
  return {
    contract: (address) => contracts.get(address) ?? null,
    account: (address) => formatAccount(address, contracts.get(address)),
  };
}
