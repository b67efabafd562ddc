// No phoning home (issue 13): the service opens connections to its database, Redis and configured
// nodes only. test/setup/env.ts already refuses any non-loopback connect; this test records every
// connect the service makes while it starts and answers REST and GraphQL with Redis configured.
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService } from '../../setup/service';
import { unlimitedAccess } from '../../../server/access/accessControl';

describe('outbound connections of a running service', () => {
  it('are to the database, Redis and the test client’s own service only', async () => {
    const targets: string[] = [];
    const connect = net.Socket.prototype.connect;
    const spy = jest.spyOn(net.Socket.prototype, 'connect').mockImplementation(function recorded(
      this: net.Socket,
      ...args: unknown[]
    ) {
      // net.connect hands the socket its normalised arguments as one array.
      const first = Array.isArray(args[0]) ? args[0][0] : args[0];
      // A Unix socket path alone (node-postgres reaching embedded PGlite's worker).
      if (typeof first === 'string') {
        targets.push(`unix:${first}`);
        return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
      }
      const options = (typeof first === 'object' && first !== null ? first : { port: first, host: args[1] }) as {
        port?: unknown;
        host?: string;
        path?: string;
      };
      targets.push(options.path ? `unix:${options.path}` : `${options.host ?? 'localhost'}:${String(options.port)}`);
      return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
    } as typeof connect);
    const db = await setupTestDatabase();
    const service = await startTestService(db, {
      access: {
        ...unlimitedAccess,
        redisUrl: 'redis://127.0.0.1:6379',
        anonymousBudget: { perMinute: 1_000, perDay: 0 },
      },
    });
    try {
      expect((await service.request('/v1/networks/mainnet/subnets')).status).toBe(200);
      expect((await service.graphql('{ listSubnets(network: mainnet) { subnets { subnetId } } }')).status).toBe(200);
    } finally {
      await service.close();
      await teardown(db);
      spy.mockRestore();
    }
    const servicePort = new URL(service.base).port;
    const databasePort = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).port || '5432' : undefined;
    const allowed = new Set([
      `127.0.0.1:6379`,
      `127.0.0.1:${servicePort}`,
      ...(databasePort ? [`127.0.0.1:${databasePort}`] : []),
    ]);
    // Embedded PGlite: its worker thread's socket, in a private folder of the temp directory.
    const embeddedDatabase = (target: string) =>
      !databasePort &&
      target.startsWith(`unix:${path.join(tmpdir(), 'avalanche-data-pglite-')}`) &&
      target.endsWith('/.s.PGSQL.5432');
    expect(targets).toContain('127.0.0.1:6379');
    if (!databasePort) expect(targets.some(embeddedDatabase)).toBe(true);
    expect([...new Set(targets)].filter((target) => !allowed.has(target) && !embeddedDatabase(target))).toEqual([]);
  });
});
