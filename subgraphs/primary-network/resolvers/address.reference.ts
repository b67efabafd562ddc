import { PUBLIC_NETWORKS } from '../../../avalanche/networks';
import { fromDbNetwork, toDbNetwork, type Network } from '../../shared/network';
import { parsePrimaryAddress } from '../../../avalanche/parsePrimaryAddress';
import type { Address } from '../types/address.type';

/**
 * Resolves an Address entity for the gateway (`_entities`): any bech32 address of the network's
 * prefix exists (its balances may be empty); anything else is null. No query.
 */
export function resolveAddressReference(reference: { network: Network; address: string }): Address | null {
  let parsed: { address: string; hrp: string };
  try {
    parsed = parsePrimaryAddress(reference.address);
  } catch {
    return null;
  }
  const network = toDbNetwork(reference.network);
  return parsed.hrp === PUBLIC_NETWORKS[network].hrp
    ? { network: fromDbNetwork(network), address: parsed.address }
    : null;
}
