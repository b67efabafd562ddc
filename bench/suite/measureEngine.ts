import { DEMO_NOW } from '../../demo-data';
import type { Database } from '../../prisma/database';
import { chooseEvmListRequests, chooseEvmRequests, type EvmFloorRequest } from '../evm-endpoints/chooseEvmRequests';
import { createStatementRecorder, requestStatements } from '../evm-endpoints/captureStatements';
import { blocksFloorRoute, latestBlocksAllChainsFloorRoute } from '../floor/blocksFloorRoute';
import { compositeQueryFloorRoute } from '../floor/compositeQueryFloorRoute';
import { primaryBlocksFloorRoute } from '../floor/primaryBlocksFloorRoute';
import { metricsFloorRoute } from '../floor/metricsFloorRoute';
import { replayFloorRoute } from '../floor/replayFloorRoute';
import { pgliteRunner, pgRunner, type RunSql } from '../floor/sqlRunners';
import { stakingFloorRoute } from '../floor/stakingFloorRoute';
import { startFloor, type FloorRoute } from '../floor/startFloor';
import { transactionsFloorRoute } from '../floor/transactionsFloorRoute';
import { utxosFloorRoute } from '../floor/utxosFloorRoute';
import { validatorsFloorRoute } from '../floor/validatorsFloorRoute';
import { createCleanup } from '../shared/cleanup';
import { measureTargets, otherCpuShare, type LoadPlan } from '../shared/measureTargets';
import { describeError, progress, withApplicationName } from '../shared/report';
import type { LoadResult } from '../shared/runLoad';
import type { CpuShares } from '../shared/startCpuMeter';
import { startService } from '../shared/startService';
import { countStatements, type StatementCount } from './countStatements';
import { engineTargets, type TargetGroup } from './engineTargets';
import { explainListPlans, type StatementPlan } from './explainListPlans';
import type { ServiceMemory } from './measureServiceMemory';
import type { MixedRequest } from './serviceProcess';
import { openEngineDatabase, type EngineLocation } from './prepareEngineData';
import { KEEP_PLAN } from '../../prisma/read/preparedReads';

/** What the measuring process is asked to do. */
export type EngineJob = { location: EngineLocation; plan: LoadPlan; pageSizes: number[] };

/** One measured path of a group (JSON-safe: no bodies). */
export type Figure = {
  group: string;
  kind: TargetGroup['kind'];
  pageSize?: number;
  /** `pg` (the floor), `rest` or `graphql`. */
  path: string;
  name: string;
  /** Connections it was loaded from. */
  connections: number;
  load: LoadResult;
  bodyBytes: number;
  /** Event-loop utilization of this process (the service's thread) during the run. */
  loop: number;
  cpu: CpuShares;
  /** The request, relative to the service (REST and GraphQL paths; a floor answers elsewhere). */
  request?: MixedRequest;
};

/** Everything one engine measured. */
export type EngineResult = {
  engine: EngineLocation['engine'];
  /** `SHOW server_version` (PGlite: the PostgreSQL it embeds). */
  serverVersion: string;
  figures: Figure[];
  statements: StatementCount[];
  /** How each list's second page is read (EXPLAIN ANALYZE of its statements). */
  plans: StatementPlan[];
  /** Resident memory of the measuring process after a full GC, MiB. */
  memory: { afterStartMiB: number; afterLoadMiB: number; heapAfterStartMiB: number; heapAfterLoadMiB: number };
  /** Errors the service reported while serving. */
  serviceErrors: number;
  /** Share of the CPUs other processes used just before the load. */
  otherCpuBefore: number;
  /** Requests left out, and why (a failed request, paths that disagree). */
  failures: string[];
  /** The real service process's resident memory (measureServiceMemory.ts), added by the suite afterwards. */
  serviceMemory?: ServiceMemory;
};

const pageTokenSecret = 'bench-page-token-secret';
const signer = { secret: pageTokenSecret };

/**
 * Measures one engine's data set: opens it (the seeder's process is gone), starts the service as
 * `npm start` wires it (clock pinned to the demo's instant), notes its memory, starts the floors,
 * checks every path answers what its floor answers, counts statements per request at page sizes
 * 10 and 100, explains the list pages' statements, loads every target (warm-up, then measured in bursts that take turns),
 * and notes the memory again.
 * Run it in a process of its own (engineProcess.ts) started with --expose-gc, so the memory
 * figures are this engine's service and nothing else's.
 * @param job where the data is, how long to load, which page sizes
 * @returns the figures
 * @example const result = await measureEngine({ location, plan: { warmup: 10, duration: 10, connections: 10 }, pageSizes: [10, 100] })
 */
export async function measureEngine(job: EngineJob): Promise<EngineResult> {
  const cleanup = createCleanup((label, error) => console.error(`cleanup of ${label} failed: ${describeError(error)}`));
  try {
    const recorder = createStatementRecorder();
    const location =
      job.location.engine === 'postgres'
        ? { ...job.location, databaseUrl: withApplicationName(job.location.databaseUrl) }
        : job.location;
    const db: Database = await openEngineDatabase(location, recorder.onQuery);
    cleanup.defer('database', () => db.close());
    const serverVersion = (await db.query<{ server_version: string }>('SHOW server_version'))[0]?.server_version ?? '?';

    let serviceErrors = 0;
    const service = await startService(
      db,
      pageTokenSecret,
      (message, error) => {
        if (serviceErrors++ === 0) console.error(`service: ${message}: ${describeError(error)}`);
      },
      () => DEMO_NOW,
    );
    cleanup.defer('service', service.close);
    const afterStart = memory();
    progress(`${job.location.engine}: service started, ${afterStart.rssMiB.toFixed(0)} MiB resident`);

    // One runner for every floor: a pg pool beside the service's (PostgreSQL), or the service's own PGlite.
    let run: RunSql;
    if (location.engine === 'postgres') {
      const pool = pgRunner(location.databaseUrl, location.schema);
      cleanup.defer('floor pool', pool.end);
      run = pool.run;
    } else {
      run = pgliteRunner(db);
    }
    const routes: FloorRoute[] = [
      validatorsFloorRoute({ run, pageTokenSecret, now: DEMO_NOW }),
      utxosFloorRoute(run, signer),
      transactionsFloorRoute(run, signer),
      metricsFloorRoute(run, signer),
      stakingFloorRoute({ run, signer, now: DEMO_NOW }),
      compositeQueryFloorRoute(run, signer),
      blocksFloorRoute(run, signer),
      latestBlocksAllChainsFloorRoute(run, signer),
      primaryBlocksFloorRoute(run, signer),
    ];
    const failures: string[] = [];
    // The EVM requests' floor needs each request's statements first; without it the EVM requests are left out, not the rest.
    let evmRequests: EvmFloorRequest[] = [];
    try {
      evmRequests = [
        ...(await chooseEvmRequests(db, job.pageSizes, signer)),
        ...(await chooseEvmListRequests(db, job.pageSizes, signer)),
      ];
      const captured = await requestStatements(
        service.baseUrl,
        recorder,
        evmRequests.map((r) => r.request.path),
      );
      routes.push(
        replayFloorRoute({
          // Every statement of these EVM requests keeps its plan in the service too.
          run: (sql, params) => run(sql, params, KEEP_PLAN) as Promise<Record<string, any>[]>,
          requests: evmRequests.map((r, i) => ({
            path: r.request.path,
            statements: captured[i]!,
            rounds: r.rounds,
            body: r.body,
          })),
        }),
      );
    } catch (error) {
      failures.push(`EVM requests: ${describeError(error)}`);
      evmRequests = [];
    }
    const floor = await startFloor(routes);
    cleanup.defer('floor', floor.close);

    const targets = await engineTargets({ service: service.baseUrl, floor: floor.baseUrl }, job.pageSizes, evmRequests);
    const groups = targets.groups;
    failures.push(...targets.failures);
    const statements = await countStatements(service.baseUrl, recorder, failures);
    const plans = await explainListPlans(service.baseUrl, recorder, db, failures);
    progress(`${job.location.engine}: ${groups.length} requests answer alike on every path; measuring`);

    const otherCpuBefore = await otherCpuShare();
    const idle = () => Promise.all([service.idle(), floor.idle()]);
    const figures: Figure[] = [];
    for (const group of groups) {
      const connections = group.connections ?? job.plan.connections;
      const measured = await measureTargets(
        group.targets,
        { ...job.plan, connections },
        {
          idle,
          db: location.engine === 'postgres' ? db : undefined,
        },
      );
      for (const { target, load, loop, cpu } of measured) {
        const request =
          target.kind === 'pg'
            ? undefined
            : {
                method: target.method,
                path: target.url.slice(service.baseUrl.length),
                body: target.body,
                headers: target.headers,
              };
        figures.push({
          group: group.name,
          kind: group.kind,
          pageSize: group.pageSize,
          path: target.kind,
          name: target.name,
          connections,
          load,
          bodyBytes: Buffer.byteLength(target.expectBody),
          loop,
          cpu,
          request,
        });
      }
    }
    await idle();
    const afterLoad = memory();
    return {
      engine: job.location.engine,
      serverVersion,
      figures,
      statements,
      plans,
      memory: {
        afterStartMiB: afterStart.rssMiB,
        afterLoadMiB: afterLoad.rssMiB,
        heapAfterStartMiB: afterStart.heapMiB,
        heapAfterLoadMiB: afterLoad.heapMiB,
      },
      serviceErrors,
      otherCpuBefore,
      failures,
    };
  } finally {
    await cleanup.run();
  }
}

/** Heap and resident memory after a full GC (the process runs with --expose-gc), MiB. */
function memory(): { heapMiB: number; rssMiB: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapMiB: heapUsed / 2 ** 20, rssMiB: rss / 2 ** 20 };
}
