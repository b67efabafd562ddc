// A service in its own process, for the shutdown test: embedded database with the subnet fixture,
// the service on a free port (printed as `{"port": N}`), and the service's own shutdown handling.
import 'reflect-metadata';
import { createDatabase } from '../../prisma/database';
import { createService } from '../../server/service';
import { installShutdown } from '../../server/shutdown';
import { insertSubnetFixture } from '../fixtures/subnets';

process.env.APOLLO_TELEMETRY_DISABLED = '1';

async function main() {
  const db = await createDatabase({ dataDir: 'memory://' });
  await insertSubnetFixture(db);
  const service = await createService({
    db,
    options: { pageTokenSecret: 'child', subgraphTransport: 'in-process', subgraphUrls: {} },
  });
  const server = await service.listen(0, '127.0.0.1');
  // Connections the HTTP server accepted (the clients send one request per connection): each must
  // be answered before the process exits.
  let received = 0;
  server.on('connection', () => received++);
  const log = (message: string) => console.log(JSON.stringify({ log: message, received }));
  installShutdown({
    server,
    steps: [() => service.close(), () => db.close()],
    log,
    drainTimeoutMs: Number(process.env.DRAIN_TIMEOUT_MS ?? 30_000),
  });
  console.log(JSON.stringify({ port: (server.address() as { port: number }).port }));
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
