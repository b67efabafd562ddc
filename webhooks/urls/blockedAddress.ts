// Which IP addresses a webhook may not reach unless its host is allowed (WEBHOOK_ALLOWED_HOSTS): the
// machine itself, private networks, link-local and the like, so a webhook URL cannot make the service
// probe the network it runs in. Both the creation-time check of a literal address and the delivery-time
// check of every resolved address use it.
import net from 'node:net';

/** The refused ranges, each with the words that name its kind, first match wins. */
const ranges: ReadonlyArray<{ kind: string; list: net.BlockList }> = [
  range('an unspecified address', ['0.0.0.0/8', '::/128']),
  range('a loopback address', ['127.0.0.0/8', '::1/128']),
  range('a private address', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']),
  range('a shared (CGNAT) address', ['100.64.0.0/10']),
  range('a unique-local address', ['fc00::/7']),
  range('a link-local address', ['169.254.0.0/16', 'fe80::/10']),
  range('a multicast address', ['224.0.0.0/4', 'ff00::/8']),
  range('a reserved address', ['240.0.0.0/4']),
];

// BlockList matches the IPv4-mapped form (`::ffff:127.0.0.1`) against the IPv4 ranges itself; the
// well-known NAT64 prefix (`64:ff9b::a.b.c.d`) reaches the IPv4 address it embeds through a gateway.
const nat64 = range('', ['64:ff9b::/96']).list;

function range(kind: string, cidrs: string[]): { kind: string; list: net.BlockList } {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/') as [string, string];
    list.addSubnet(address, Number(prefix), net.isIPv4(address) ? 'ipv4' : 'ipv6');
  }
  return { kind, list };
}

/**
 * Why a webhook may not be delivered to this address, or `undefined` when it may.
 * @param ip an IPv4 or IPv6 address (no brackets, no zone)
 * @returns e.g. `127.0.0.1 is a loopback address`; for a string that is no IP address, says so
 * @example blockedAddressReason('10.1.2.3') // '10.1.2.3 is a private address'
 * @example blockedAddressReason('93.184.215.14') // undefined
 */
export function blockedAddressReason(ip: string): string | undefined {
  if (net.isIP(ip) === 0) return `${ip} is not an IP address`;
  const kind = blockedAddressKind(ip);
  return kind === undefined ? undefined : `${ip} is ${kind}`;
}

/**
 * The kind of refused range an IP address is in, or `undefined` when it may be reached (or is no IP address).
 * @example blockedAddressKind('::1') // 'a loopback address'
 */
export function blockedAddressKind(ip: string): string | undefined {
  const family = net.isIP(ip);
  if (family === 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const { kind, list } of ranges) {
    if (list.check(ip, type)) return kind;
  }
  if (type === 'ipv6' && nat64.check(ip, 'ipv6')) {
    const kind = blockedAddressKind(embeddedIpv4(ip));
    if (kind) return `${kind} through NAT64`;
  }
  return undefined;
}

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function embeddedIpv4(ip: string): string {
  const socket = new net.SocketAddress({ address: ip, family: 'ipv6' });
  // SocketAddress normalises the text; the last two groups hold the IPv4 address (or it ends in a dotted quad).
  const text = socket.address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) return dotted[1]!;
  const groups = expandIpv6(text);
  const high = groups[6]!;
  const low = groups[7]!;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address written with `::`. */
function expandIpv6(text: string): number[] {
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
