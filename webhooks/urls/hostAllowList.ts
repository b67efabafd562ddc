// WEBHOOK_ALLOWED_HOSTS: the receivers an operator vouches for (a receiver on the same host or network,
// a plain-http endpoint inside a private network).
import { BlockList, isIP } from 'node:net';

/** What WEBHOOK_ALLOWED_HOSTS allows. */
export type HostAllowList = {
  /** Whether a URL's host (a name, or an IP address without brackets) is listed, by name or address. */
  allowsHost(hostname: string): boolean;
  /** Whether an address a host name resolved to is listed (an address or a CIDR range of the list). */
  allowsAddress(address: string): boolean;
};

/**
 * The allow list of WEBHOOK_ALLOWED_HOSTS entries: host names (matched case-insensitively, exactly:
 * `receiver.internal`), IP addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`). A listed host may be
 * reached over plain http, and at an address outside the internet (blockedAddress.ts).
 * @param entries the entries, as the option parser checked them
 * @returns the allow list
 * @example createHostAllowList(['localhost', '10.0.0.0/8']).allowsHost('LOCALHOST') // true
 */
export function createHostAllowList(entries: readonly string[]): HostAllowList {
  const names = new Set<string>();
  const addresses = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/', 2) as [string, string | undefined];
    const family = isIP(address);
    if (family === 0) names.add(entry.toLowerCase());
    else if (bits === undefined) addresses.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    else addresses.addSubnet(address, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
  }
  const allowsAddress = (address: string) => {
    const family = isIP(address);
    return family !== 0 && addresses.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
  return {
    allowsHost: (hostname) => names.has(hostname.toLowerCase()) || allowsAddress(hostname),
    allowsAddress,
  };
}
