// The composition roots' read replicas (`start`, `subgraph`): opened from the options, with a line
// on how many serve.
import type { Database } from '../prisma/database';
import { openReadReplicas, type ReadReplicas } from '../prisma/replicas/openReadReplicas';
import type { ServiceOptions } from './options';
import type { ServiceMetrics } from './serviceMetrics';

/**
 * DATABASE_REPLICA_URLS: the replicas the requests read from, checked against the primary.
 * @param db the primary
 * @param options the service's options
 * @param hooks where the replicas' changes go, and the metrics of their statements and checks
 * @returns the replicas, or undefined without any; the caller closes them before the primary
 * @example const replicas = await openReplicas(db, options, { log, metrics })
 */
export async function openReplicas(
  db: Database,
  options: ServiceOptions,
  { log, metrics }: { log: (message: string) => void; metrics?: ServiceMetrics },
): Promise<ReadReplicas | undefined> {
  if (options.replicas.urls.length === 0) return undefined;
  const replicas = await openReadReplicas(db, {
    urls: options.replicas.urls,
    maxLagMs: options.replicas.maxLagMs,
    statementTimeoutMs: options.statementTimeoutMs,
    onQueryTime: metrics && ((seconds) => metrics.databaseDuration.observe(seconds)),
    onChecked:
      metrics &&
      ((states) => {
        for (const { name, serving, lagMs } of states) {
          metrics.replicaServing.set({ replica: name }, serving ? 1 : 0);
          if (lagMs !== undefined) metrics.replicaLag.set({ replica: name }, lagMs / 1000);
        }
      }),
    log,
  });
  const serving = replicas.states().filter((replica) => replica.serving).length;
  log(`database: ${serving} of ${options.replicas.urls.length} read replicas serving requests`);
  return replicas;
}
