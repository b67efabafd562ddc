// Readiness follows the database: 503 while PostgreSQL cannot be reached, 200 again once it can.
// The database "goes away" behind a TCP proxy this test controls (PostgreSQL only: the embedded
// database lives in the process and cannot go away).
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { createDatabase, type Database } from '../../prisma/database';
import { startTestService, type TestService } from '../setup/service';

const databaseUrl = process.env.DATABASE_URL;
const describeOnPostgres = databaseUrl ? describe : describe.skip;

/** A TCP proxy to PostgreSQL that can be cut (refusing and dropping connections) and restored. */
function createProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server!.close(() => resolve());
    });
  return {
    open,
    cut,
    url: () => {
      const url = new URL(databaseUrl!);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
  };
}

describeOnPostgres('GET /health/ready while the database goes away and comes back', () => {
  const schema = `test_ready_${randomBytes(4).toString('hex')}`;
  const proxy = databaseUrl ? createProxy(new URL(databaseUrl)) : undefined;
  let db: Database;
  let service: TestService;

  beforeAll(async () => {
    await proxy!.open();
    db = await createDatabase({ databaseUrl: proxy!.url(), schema });
    service = await startTestService(db);
  });
  afterAll(async () => {
    await service?.close();
    await db?.close();
    await proxy?.cut();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it('is ready, not ready while the database is unreachable (liveness unaffected), and ready again', async () => {
    expect((await service.request('/health/ready')).status).toBe(200);
    await proxy!.cut();
    const down = await service.request('/health/ready');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'error', error: { database: { status: 'down' } } });
    expect((await service.request('/v1/health-check')).status).toBe(503);
    expect(await service.request('/v2/live-check')).toMatchObject({ status: 503, body: { status: 'error' } });
    expect((await service.request('/health/live')).status).toBe(200);
    await proxy!.open();
    let ready = 0;
    for (let attempt = 0; attempt < 20 && ready !== 200; attempt++) {
      ready = (await service.request('/health/ready')).status;
      if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(ready).toBe(200);
  });
});
