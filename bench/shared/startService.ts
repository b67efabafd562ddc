import type { ReadReplicas } from '../../prisma/replicas/openReadReplicas';
import type { Database } from '../../prisma/database';
import { createService } from '../../server/service';
import type { Clock } from '../../shared/clock';
import { listenOnLoopback, type LoopbackServer } from './listenOnLoopback';

/**
 * The whole service as `npm start` wires it (REST and GraphQL, subgraphs in process), on
 * 127.0.0.1 with a random port. Signals are left to the caller.
 *
 * @param db the database to serve
 * @param pageTokenSecret any secret; the pg baseline must use the same to produce the same tokens
 * @param log receives the service's error reports
 * @param clock "now" of the service (benches whose answers depend on time pin it); the wall clock by default
 * @param replicas streaming replicas of `db` the requests read from (DATABASE_REPLICA_URLS); none by default
 * @returns the listening server; closing it also stops the gateway (not the database)
 * @example const service = await startService(db, 'secret', console.error)
 */
export async function startService(
  db: Database,
  pageTokenSecret: string,
  log: (message: string, error?: unknown) => void,
  clock?: Clock,
  replicas?: ReadReplicas,
): Promise<LoopbackServer> {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const service = await createService({
    db,
    options: { pageTokenSecret, subgraphTransport: 'in-process', subgraphUrls: {} },
    log,
    clock,
    replicas,
  });
  // Apollo Server stops itself on SIGINT/SIGTERM and then sends the signal again, which kills the
  // process before the bench has dropped its schema: the bench's own handler closes the service.
  for (const signal of signals) {
    for (const listener of process.listeners(signal))
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  }
  const listening = await listenOnLoopback(service.createHttpServer()).catch(async (error: unknown) => {
    await service.close();
    throw error;
  });
  return {
    ...listening,
    close: async () => {
      try {
        await listening.close();
      } finally {
        await service.close();
      }
    },
  };
}
