import { bech32Decode } from '../../../avalanche/bech32';
import { PUBLIC_NETWORKS } from '../../../avalanche/networks';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { BadRequestError } from '../errors';
import { fromDbNetwork } from '../network';
import { commaList } from './commaList';
import { createParameterScalar } from './parameterScalar';

/** Items of an `addresses` parameter. */
export const maxPrimaryAddresses = 64;

/**
 * Items of an `addresses` body field (the POST forms, "for more addresses"): as many as the largest
 * page of the POST UTXO list (1024), so one page can hold a UTXO of each (docs/api-decisions.md).
 */
export const maxPrimaryAddressesInBody = 1024;

/** A primary-network address: its bech32 text without chain prefix (`avax1…`), and its prefix. */
export type PrimaryAddress = { address: string; hrp: string };

/**
 * A P-/X-/C-Chain address: bech32 of 20 bytes, with or without a `P-`/`X-`/`C-` prefix; stored
 * and compared without the prefix, in lower case.
 * @example parsePrimaryAddress('P-avax1…') // { address: 'avax1…', hrp: 'avax' }
 */
export function parsePrimaryAddress(input: string): PrimaryAddress {
  const text = input.replace(/^[PXC]-/i, '');
  let decoded: { hrp: string; bytes: Uint8Array } | undefined;
  try {
    decoded = text.length <= 90 ? bech32Decode(text) : undefined;
  } catch {
    decoded = undefined;
  }
  if (decoded?.bytes.length !== 20) {
    throw new Error('must list bech32 addresses (avax1… or fuji1…, optionally with a P- or X- prefix)');
  }
  return { address: text.toLowerCase(), hrp: decoded.hrp };
}

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
