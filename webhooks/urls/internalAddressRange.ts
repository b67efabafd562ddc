// The address ranges a webhook is never delivered to unless an operator allows them: they reach the
// service's own host or network, not a receiver on the internet (a request forgery's targets).
import { BlockList, isIP } from 'node:net';

/** A range of addresses that are not the internet's, and the ranges that make it up. */
const ranges: Record<string, readonly [string, number, 'ipv4' | 'ipv6'][]> = {
  unspecified: [
    ['0.0.0.0', 8, 'ipv4'],
    ['::', 128, 'ipv6'],
  ],
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    // Carrier-grade NAT (RFC 6598): a provider's internal network.
    ['100.64.0.0', 10, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
  'link-local': [
    // Cloud metadata endpoints (169.254.169.254) live here.
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
};

const lists = Object.entries(ranges).map(([name, subnets]) => {
  const list = new BlockList();
  for (const [network, prefix, family] of subnets) list.addSubnet(network, prefix, family);
  return { name, list };
});

/**
 * The IPv4 address an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, also written `::ffff:7f00:1`)
 * stands for: a socket to it reaches that IPv4 address.
 */
function mappedIpv4(address: string): string | undefined {
  const match = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return undefined;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2]!, 16);
  const low = Number.parseInt(match[3]!, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * The internal range an IP address is in: `loopback`, `private`, `link-local` or `unspecified`;
 * undefined for an address of the internet (or text that is no IP address). The API refuses a
 * webhook URL naming such an address, and the deliverer refuses to connect to one its host name
 * resolves to, unless WEBHOOK_ALLOWED_HOSTS allows it (hostAllowList.ts).
 * @param address an IPv4 or IPv6 address, without brackets
 * @returns the range's name, or undefined
 * @example internalAddressRange('169.254.169.254') // 'link-local'
 */
export function internalAddressRange(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return undefined;
  const ipv4 = family === 4 ? address : mappedIpv4(address);
  for (const { name, list } of lists) {
    if (ipv4 ? list.check(ipv4, 'ipv4') : list.check(address, 'ipv6')) return name;
  }
  return undefined;
}
