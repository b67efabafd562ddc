import net from 'node:net';

describe('outbound connections (test guard in test/setup/env.ts)', () => {
  it('refuses a connection to a non-loopback address, so a library phoning home fails the suite', () => {
    expect(() => net.connect({ host: '10.255.255.1', port: 443 })).toThrow(
      'outbound connection to 10.255.255.1 refused in tests',
    );
    expect(() => net.connect(443, 'usage-reporting.api.apollographql.com')).toThrow(/refused in tests/);
  });

  it('lets loopback connections through', async () => {
    const server = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve, reject) => net.connect({ host: '127.0.0.1', port }, resolve).on('error', reject));
    server.close();
  });

  it('has the gateway module turn Apollo telemetry off before any gateway exists', () => {
    delete process.env.APOLLO_TELEMETRY_DISABLED; // set by test/setup/env.ts; the service must not rely on it
    jest.isolateModules(() => require('../../gateway'));
    expect(process.env.APOLLO_TELEMETRY_DISABLED).toBe('1');
  });
});
