import { parsePrimaryAddress, type PrimaryAddress } from '../../../avalanche/parsePrimaryAddress';
import { PUBLIC_NETWORKS } from '../../../avalanche/networks';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { BadRequestError } from '../errors';
import { fromDbNetwork } from '../network';
import { commaList } from './commaList';
import { createParameterScalar } from './parameterScalar';

export type { PrimaryAddress };

/** Items of an `addresses` parameter. */
export const maxPrimaryAddresses = 64;

/**
 * Items of an `addresses` body field (the POST forms, "for more addresses"): as many as the largest
 * page of the POST UTXO list (1024), so one page can hold a UTXO of each (docs/api-decisions.md).
 */
export const maxPrimaryAddressesInBody = 1024;

/** `addresses` of the primary-network endpoints (4.6, 4.7, 4.14). */
export const PrimaryAddressList = createParameterScalar({
  name: 'PrimaryAddressList',
  description: `Comma-separated addresses with the network's prefix (avax1…, fuji1…), optionally preceded by P- or X- (at most ${maxPrimaryAddresses}).`,
  openApi: { type: 'string', example: 'avax1h2ccj9f5ay5acl6tyn9mwmw32p8wref8vl8ctg' },
  parse: (input) => commaList(input, maxPrimaryAddresses, parsePrimaryAddress, (item) => item.address),
});

/** The `hrp` of a 0x address in a {@link PrimaryOrEvmAddressList}: a C-Chain account. */
export const EVM_ADDRESS_HRP = '0x';

/**
 * A primary-network address, or a 0x address (an account the C-Chain's atomic transactions credit or
 * debit), stored and compared in lower case.
 * @example parsePrimaryOrEvmAddress('0xAB…') // { address: '0xab…', hrp: '0x' }
 */
export function parsePrimaryOrEvmAddress(input: string): PrimaryAddress {
  if (/^0x[0-9a-f]{40}$/i.test(input)) return { address: input.toLowerCase(), hrp: EVM_ADDRESS_HRP };
  try {
    return parsePrimaryAddress(input);
  } catch {
    throw new Error(
      'must list bech32 addresses (avax1… or fuji1…, optionally with a P-, X- or C- prefix) or 0x addresses of C-Chain accounts',
    );
  }
}

/** `addresses` of the transaction list: primary-network addresses, and 0x ones for the C-Chain's atomic transactions. */
export const PrimaryOrEvmAddressList = createParameterScalar({
  name: 'PrimaryOrEvmAddressList',
  description: `Comma-separated addresses with the network's prefix (avax1…, fuji1…), optionally preceded by P-, X- or C-, or 0x addresses of C-Chain accounts (at most ${maxPrimaryAddresses}).`,
  openApi: { type: 'string', example: 'avax1h2ccj9f5ay5acl6tyn9mwmw32p8wref8vl8ctg' },
  parse: (input) => commaList(input, maxPrimaryAddresses, parsePrimaryOrEvmAddress, (item) => item.address),
});

/** `addresses` of the POST forms (the JSON body's PrimaryNetworkAddressesBodyDto). */
export const PrimaryAddressBodyList = createParameterScalar({
  name: 'PrimaryAddressBodyList',
  description: `Comma-separated addresses with the network's prefix (avax1…, fuji1…), optionally preceded by P-, X- or C- (at most ${maxPrimaryAddressesInBody}).`,
  openApi: { type: 'string', example: 'avax1h2ccj9f5ay5acl6tyn9mwmw32p8wref8vl8ctg' },
  parse: (input) => commaList(input, maxPrimaryAddressesInBody, parsePrimaryAddress, (item) => item.address),
});

/**
 * The addresses of a list, checked to belong to `network` (their bech32 prefix).
 * @returns the stored form of each address
 * @throws BadRequestError naming the first address of another network
 * @example addressesOfNetwork('FUJI', args.addresses) // ['fuji1…']
 */
export function addressesOfNetwork(network: DbNetwork, addresses: readonly PrimaryAddress[]): string[] {
  const hrp = PUBLIC_NETWORKS[network].hrp;
  const foreign = addresses.find((item) => item.hrp !== hrp);
  if (foreign)
    throw new BadRequestError(
      `addresses must be ${fromDbNetwork(network)} addresses (${hrp}1…); ${foreign.address} is not`,
    );
  return addresses.map((item) => item.address);
}
