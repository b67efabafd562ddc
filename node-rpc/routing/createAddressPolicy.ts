// Who may call the admin API: a list of addresses and CIDR ranges (IPv4 and IPv6), loopback only by
// default. A node serves its admin API to whoever reaches its HTTP port; this service also serves
// public data, so the admin API is kept to the operator's machines unless configured otherwise.
import { BlockList, isIP } from 'node:net';

/** Whether a peer may call. */
export type AddressPolicy = (remoteAddress: string | undefined) => boolean;

/** The default: IPv4 loopback and ::1. */
export const LOOPBACK_ONLY = ['127.0.0.0/8', '::1'];

/**
 * Builds the policy.
 * @param entries addresses (`10.0.0.5`, `::1`) and ranges (`10.0.0.0/8`, `fd00::/8`); `*` allows everyone
 * @returns the check
 * @throws Error naming an entry that is neither
 * @example createAddressPolicy(['127.0.0.0/8', '::1'])('::ffff:127.0.0.1') // true
 */
export function createAddressPolicy(entries: readonly string[]): AddressPolicy {
  if (entries.includes('*')) return () => true;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/', 2) as [string, string | undefined];
    const family = isIP(address);
    if (family === 0 || (bits !== undefined && !/^\d+$/.test(bits)))
      throw new Error(`not an IP address or CIDR range: ${entry}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (remoteAddress) => {
    if (!remoteAddress) return false;
    // IPv4 peers of a dual-stack socket appear as ::ffff:a.b.c.d.
    const address =
      remoteAddress.startsWith('::ffff:') && isIP(remoteAddress.slice(7)) === 4
        ? remoteAddress.slice(7)
        : remoteAddress;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}
