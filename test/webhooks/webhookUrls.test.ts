// webhooks/urls: the address ranges no webhook is delivered to, and WEBHOOK_ALLOWED_HOSTS's allow list,
// which the API checks on a URL and the deliverer on the addresses a host name resolves to.
import { createHostAllowList } from '../../webhooks/urls/hostAllowList';
import { blockedAddressReason } from '../../webhooks/urls/blockedAddress';

describe('blockedAddressReason', () => {
  test.each([
    ['127.0.0.1', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['10.255.0.1', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.254', 'a private address'],
    ['192.168.0.1', 'a private address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['100.127.255.254', 'a shared (CGNAT) address'],
    ['fd00::1', 'a unique-local address'],
    ['fc00::1', 'a unique-local address'],
    ['169.254.169.254', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['224.0.0.251', 'a multicast address'],
    ['ff02::fb', 'a multicast address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:a9fe:a9fe', 'a link-local address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:c0a8:101', 'a private address'],
    ['240.0.0.1', 'a reserved address'],
  ])('%s is %s', (ip, kind) => {
    expect(blockedAddressReason(ip)).toBe(`${ip} is ${kind}`);
  });

  test.each(['93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s, a public address, is not refused',
    (ip) => {
      expect(blockedAddressReason(ip)).toBeUndefined();
    },
  );
});

describe('createHostAllowList()', () => {
  const list = createHostAllowList(['receiver.internal', '10.0.0.0/8', 'fd00::/8', '192.168.1.5']);

  it('allows a listed host name in any case, and no other name', () => {
    expect([list.allowsHost('Receiver.Internal'), list.allowsHost('other.internal')]).toEqual([true, false]);
  });

  it('allows addresses of listed addresses and ranges, as a host or as a resolved address', () => {
    expect(
      ['10.9.8.7', 'fd00::5', '192.168.1.5', '192.168.1.6', '11.0.0.1'].map((address) => [
        list.allowsHost(address),
        list.allowsAddress(address),
      ]),
    ).toEqual([
      [true, true],
      [true, true],
      [true, true],
      [false, false],
      [false, false],
    ]);
  });

  it('a resolved address is allowed by the address list only, never by a name', () => {
    expect(list.allowsAddress('receiver.internal')).toBe(false);
  });
});
