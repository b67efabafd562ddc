// webhooks/urls: the address ranges no webhook is delivered to, and WEBHOOK_ALLOWED_HOSTS's allow list,
// which the API checks on a URL and the deliverer on the addresses a host name resolves to.
import { createHostAllowList } from '../../webhooks/urls/hostAllowList';
import { internalAddressRange } from '../../webhooks/urls/internalAddressRange';

describe('internalAddressRange()', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:c0a8:101', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
  ])('%s is %s', (address, range) => {
    expect(internalAddressRange(address)).toBe(range);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', 'example.com'])(
    '%s is in none',
    (address) => {
      expect(internalAddressRange(address)).toBeUndefined();
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
