// The replica read path against the primary: a primary and its streaming replica of their own
// (shared/streamingPair.ts) hold the demo data set; one service reads from the primary, another
// from the replica (DATABASE_REPLICA_URLS), both in this process on the same data, and each REST
// request is measured on both in bursts that take turns. On one machine both servers share the
// CPUs, so the figure is the cost of the replica path itself (routing, the replica's own backend
// and buffers), not the capacity a replica on its own machine adds.
import { DEMO_NOW, seedDemoData } from '../../demo-data';
import { createDatabase } from '../../prisma/database';
import { openReadReplicas } from '../../prisma/replicas/openReadReplicas';
import { measureTargets, type LoadPlan } from '../shared/measureTargets';
import type { LoadResult, LoadTarget } from '../shared/runLoad';
import { startService } from '../shared/startService';
import { checkUntilServing, postgresBinaries, startStreamingPair } from '../shared/streamingPair';

/** The requests measured: lists whose paths hold on the demo data at any scale. */
export const replicaRequests = [
  { label: 'latest blocks pageSize=10', path: '/v1/chains/43114/blocks?pageSize=10' },
  { label: 'latest P-Chain blocks pageSize=10', path: '/v1/networks/mainnet/blockchains/p-chain/blocks?pageSize=10' },
  {
    label: 'metrics txCount hourly pageSize=10',
    path: '/v2/chains/total/metrics/txCount?timeInterval=hour&pageSize=10',
  },
  { label: 'validators pageSize=10', path: '/v1/networks/mainnet/validators?pageSize=10' },
];

/** One request on both paths. */
export type ReplicaPair = {
  label: string;
  primary: LoadResult;
  replica: LoadResult;
  /** The primary path's req/s over the replica path's (above 1: the replica path is slower). */
  ratio: number;
};

/** What the replica bench measured. */
export type ReplicaReads = {
  /** EVM transactions of the data set. */
  evmTransactions: number;
  /** The replica's lag behind the primary at the last check before the load, ms. */
  lagMs?: number;
  pairs: ReplicaPair[];
  failures: string[];
};

/**
 * Seeds the demo data set on a fresh primary with a streaming replica, then measures every request
 * of {@link replicaRequests} through a service on the primary and one on the replica.
 * @param options the data set's scale and the load plan
 * @returns a pair per request that both services answered alike, and the failures
 * @example await measureReplicaReads({ scale: 1, plan: { warmup: 5, duration: 10, rounds: 5, connections: 10 }, log: console.log })
 */
export async function measureReplicaReads(options: {
  scale: number;
  plan: LoadPlan;
  log: (line: string) => void;
}): Promise<ReplicaReads> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('the PostgreSQL server binaries (pg_config --bindir) are needed for the replica bench');
  const pair = await startStreamingPair(bin);
  const closers: (() => Promise<unknown>)[] = [async () => pair.close()];
  try {
    const db = await createDatabase({ databaseUrl: pair.primaryUrl });
    closers.unshift(() => db.close());
    options.log(`replica reads: seeding the demo data set at scale ${options.scale} on a primary with a replica`);
    await seedDemoData(db, { scale: options.scale, log: () => {} });
    await db.query('ANALYZE');
    await pair.caughtUp();
    const replicas = await openReadReplicas(db, { urls: [pair.replicaUrl], maxLagMs: 5_000 });
    closers.unshift(() => replicas.close());
    await checkUntilServing(replicas);
    const report = (message: string, error?: unknown) => options.log(`service: ${message} ${String(error ?? '')}`);
    const onPrimary = await startService(db, 'bench-replica-reads', report, () => DEMO_NOW);
    closers.unshift(onPrimary.close);
    const onReplica = await startService(db, 'bench-replica-reads', report, () => DEMO_NOW, replicas);
    closers.unshift(onReplica.close);

    const failures: string[] = [];
    const pairs: ReplicaPair[] = [];
    for (const { label, path } of replicaRequests) {
      const [primaryAnswer, replicaAnswer] = await Promise.all(
        [onPrimary, onReplica].map(async (service) => {
          const response = await fetch(`${service.baseUrl}${path}`);
          return { status: response.status, body: await response.text() };
        }),
      );
      if (
        primaryAnswer!.status !== 200 ||
        replicaAnswer!.status !== 200 ||
        primaryAnswer!.body !== replicaAnswer!.body
      ) {
        failures.push(
          `${label}: the primary answered ${primaryAnswer!.status}, the replica ${replicaAnswer!.status}${primaryAnswer!.body === replicaAnswer!.body ? '' : ', with different bodies'}; not measured`,
        );
        continue;
      }
      const targets: LoadTarget[] = [
        {
          name: `primary ${label}`,
          kind: 'primary',
          url: `${onPrimary.baseUrl}${path}`,
          method: 'GET',
          expectBody: primaryAnswer!.body,
        },
        {
          name: `replica ${label}`,
          kind: 'replica',
          url: `${onReplica.baseUrl}${path}`,
          method: 'GET',
          expectBody: replicaAnswer!.body,
        },
      ];
      const [primary, replica] = (
        await measureTargets(targets, options.plan, {
          idle: () => Promise.all([onPrimary.idle(), onReplica.idle()]),
        })
      ).map((measured) => measured.load);
      pairs.push({
        label,
        primary: primary!,
        replica: replica!,
        ratio: primary!.requestsPerSecond / replica!.requestsPerSecond,
      });
    }
    const [{ n }] = (await db.query<{ n: bigint }>('SELECT count(*) AS n FROM evm_transaction')) as [{ n: bigint }];
    return { evmTransactions: Number(n), lagMs: replicas.states()[0]!.lagMs, pairs, failures };
  } finally {
    for (const close of closers) await close().catch(() => {});
  }
}
