// `npm run bench [-- --engines postgres,pglite --scale 15 --duration 10 --warmup 10 --rounds 5 --page-sizes 10,100 --out FILE]`,
// `npm run bench:smoke`: the benchmark suite. Per engine it builds the demo data set at
// `--scale` (15: 1,000,000+ EVM transactions) plus 14,300 validations, then, in a process of its own,
// loads every REST and GraphQL request beside its floor (the same SQL through the driver plus JSON),
// counts statements per request, explains the list pages' statements, and notes resident memory; then, with both engines, every
// REST request on both engines' services running at once, in bursts that take turns; then signature aggregation for 1,000
// validators, an indexer backfill from anvil and webhook deliveries to a local receiver; and writes bench/RESULTS.md. bench/README.md explains it.
import 'reflect-metadata';
import path from 'node:path';
import { createDatabase } from '../prisma/database';
import { measureAggregation } from './aggregate-signatures/measureAggregation';
import { measureBackfill } from './indexer/measureBackfill';
import { measureDelivery } from './webhooks/measureDelivery';
import { measureReplicaReads } from './replicas/measureReplicaReads';
import { createCleanup } from './shared/cleanup';
import { keepTrafficOnLoopback } from './shared/keepTrafficOnLoopback';
import { openBenchDatabase } from './shared/openBenchDatabase';
import { describeError, progress, runBench } from './shared/report';
import { judgeTargets } from './suite/judgeTargets';
import { machineInfo } from './suite/machineInfo';
import { compareEngines } from './suite/compareEngines';
import { measureServiceMemory } from './suite/measureServiceMemory';
import { measureRecordingOverhead } from './suite/measureRecordingOverhead';
import { prepareEngineData, type EngineData } from './suite/prepareEngineData';
import { startServiceProcess, type ServiceProcess } from './suite/serviceProcess';
import { runEngineProcess, stopEngineProcess } from './suite/runEngineProcess';
import type { EngineResult } from './suite/measureEngine';
import { parseSuiteArgs, type SuiteArgs } from './suite/suiteArgs';
import { writeResults, type SuiteResults } from './suite/writeResults';

const repoRoot = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../..' : '..');
const databaseUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';
/** Seconds after the load of the service process's settled memory reading (not in the smoke). */
const SETTLE_SECONDS = 30;
/**
 * The replica bench's data set: a seed of its own on its own primary (the suite's data sets live on
 * the machine's server, which a replica cannot be made of), so a smaller one than the suite's.
 */
const REPLICA_SCALE = 1;

async function main(args: SuiteArgs): Promise<number> {
  process.env.APOLLO_TELEMETRY_DISABLED = '1';
  keepTrafficOnLoopback();
  const started = Date.now();
  const cleanup = createCleanup((label, error) => console.error(`cleanup of ${label} failed: ${describeError(error)}`));
  const results: SuiteResults = {
    args,
    command: commandLine(),
    machine: machineInfo(repoRoot),
    data: [],
    engines: [],
    backfill: [],
    webhooks: [],
    recording: [],
    targets: [],
    failures: [],
    durationSeconds: 0,
  };
  // The file is rewritten after every part, so a run that dies still leaves what it measured.
  const save = () => {
    results.targets = judgeTargets(
      results.engines,
      results.aggregation,
      results.engineComparison,
      results.webhooks,
      results.recording,
      results.data,
      results.backfill,
    );
    results.durationSeconds = (Date.now() - started) / 1000;
    writeResults(args.out, results);
  };
  const abort = (reason: string, code: number) => {
    console.error(`\n${reason}: stopping and cleaning up`);
    results.failures.push(`stopped: ${reason.split('\n')[0]}`);
    save();
    stopEngineProcess();
    void cleanup.run().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => abort('SIGINT', 130));
  process.once('SIGTERM', () => abort('SIGTERM', 143));
  // Every load is bounded by its duration; this catches a hang anywhere else (seeding is the unknown:
  // about 3 minutes per unit of scale on this 2-core machine, allowed 10). Each burst of a path also
  // starts a load worker and waits for the servers to be idle: a second allowed per round.
  // Paths: 52 per engine (floor, REST and GraphQL of every request), and with both engines each REST request once more on each.
  const paths = 52 * args.engines.length + (args.engines.length === 2 ? 2 * 16 : 0);
  const limitMinutes = Math.ceil(
    20 + args.scale * 10 * args.engines.length + (paths * (args.warmup + args.duration + args.rounds + 5)) / 60,
  );
  const watchdog = setTimeout(() => abort(`no result after ${limitMinutes} minutes`, 1), limitMinutes * 60_000);
  watchdog.unref();
  // A part that fails is recorded and the suite goes on: the results file always tells what ran.
  const part = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      console.error(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
      results.failures.push(`${name}: ${describeError(error).split('\n')[0]}`);
    }
    save();
  };
  // An error thrown outside any promise chain (a library's callback) would end node without cleanup.
  process.once('uncaughtException', (error) => {
    abort(`uncaught ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 1);
  });
  // Each engine's data set is kept until both engines' services have been compared side by side.
  const dataSets = new Map<EngineResult['engine'], EngineData>();
  try {
    for (const engine of args.engines) {
      await part(`${engine}: REST and GraphQL`, async () => {
        const data = await prepareEngineData(engine, {
          databaseUrl,
          scale: args.scale,
          validatorHistory: args.validatorHistory,
          log: progress,
          onCreated: (release) => cleanup.defer(`${engine} data set`, release),
        });
        dataSets.set(engine, data);
        results.data.push({ engine, counts: data.counts, seedSeconds: data.seedSeconds, storage: data.storage });
        const result = await runEngineProcess({ location: data.location, plan: args, pageSizes: args.pageSizes });
        results.engines.push(result);
        for (const failure of result.failures) results.failures.push(`${engine}: ${failure}`);
        // The measuring process has exited, so the real service can open the data set (a PGlite directory has one owner).
        progress(
          `${engine}: resident memory of the service process (avalanche-data-service start), ${args.duration} s of mixed load`,
        );
        const mixed = result.figures.flatMap((figure) => (figure.request ? [figure.request] : []));
        result.serviceMemory = await measureServiceMemory(data.location, mixed, {
          seconds: args.duration,
          connections: args.connections,
          settleSeconds: args.smoke ? 0 : SETTLE_SECONDS,
        });
        if (result.serviceMemory.errors > 0)
          results.failures.push(
            `${engine}: ${result.serviceMemory.errors} of the service process's answers under mixed load were not 2xx`,
          );
        progress(`${engine}: usage recording on and off, the service process under REST load`);
        // Recording costs each request alike: the requests measured from the suite's connections, since a
        // request measured from its own (ANALYTIC_CONNECTIONS) takes most of every burst and leaves a few
        // hundred answers, too few to tell a fraction of a millisecond from the process's own noise.
        const rest = result.figures.flatMap((figure) =>
          figure.path === 'rest' && figure.request && figure.connections === args.connections ? [figure.request] : [],
        );
        // Twice the seconds of a measured path, in twice the bursts: rounds of the same work stray far
        // from each other, and the median of many short ones strays less than that of a few long ones.
        const recording = await measureRecordingOverhead(data.location, rest, {
          warmup: args.warmup,
          seconds: Math.max(0.5, args.duration / args.rounds),
          connections: args.connections,
          rounds: 2 * args.rounds,
        });
        results.recording.push({ engine, result: recording });
        if (recording.errors > 0)
          results.failures.push(`${engine}: ${recording.errors} answers with usage recording on or off were not 2xx`);
        if (recording.rows !== recording.requests.on)
          results.failures.push(
            `${engine}: usage recording kept ${recording.rows} rows of ${recording.requests.on} requests answered`,
          );
        const failed = result.figures.filter((f) => Object.values(f.load.failures).some((count) => count > 0));
        for (const f of failed) results.failures.push(`${engine}: ${f.name}: ${JSON.stringify(f.load.failures)}`);
        if (result.serviceErrors > 0)
          results.failures.push(`${engine}: the service reported ${result.serviceErrors} errors`);
      });
    }
    const postgres = results.engines.find((result) => result.engine === 'postgres');
    const pglite = results.engines.find((result) => result.engine === 'pglite');
    if (postgres && pglite) {
      await part('PGlite beside PostgreSQL', async () => {
        progress('PGlite beside PostgreSQL: both services at once, every REST request in bursts that take turns');
        const services: ServiceProcess[] = [];
        try {
          // One page-token key for both, so the same data gives the same answers.
          for (const engine of ['postgres', 'pglite'] as const) {
            const service = await startServiceProcess(dataSets.get(engine)!.location, {
              pageTokenSecret: 'bench-engines-side-by-side',
            });
            services.push(service);
            // A signal's cleanup stops it too, before its data set is dropped (cleanup runs last-registered first).
            cleanup.defer(`${engine} service beside the other engine's`, service.stop);
          }
          const requests = pglite.figures
            .filter(
              (f) =>
                f.path === 'rest' &&
                f.request &&
                postgres.figures.some((g) => g.path === 'rest' && g.group === f.group && g.pageSize === f.pageSize),
            )
            .map((f) => ({ group: f.group, pageSize: f.pageSize, connections: f.connections, request: f.request! }));
          results.engineComparison = await compareEngines(
            { postgres: services[0]!.baseUrl, pglite: services[1]!.baseUrl },
            requests,
            args,
          );
          for (const failure of results.engineComparison.failures)
            results.failures.push(`PGlite beside PostgreSQL: ${failure}`);
        } finally {
          for (const service of services) await service.stop();
        }
      });
    }
    for (const data of dataSets.values()) await data.release();
    await part('signature aggregation', async () => {
      progress(`signature aggregation: ${args.validators} validators`);
      const db = await createDatabase({ dataDir: 'memory://' });
      try {
        results.aggregation = await measureAggregation(db, {
          validators: args.validators,
          runs: args.runs,
          compare: true,
        });
      } finally {
        await db.close();
      }
    });
    await part('indexer backfill', async () => {
      progress(
        `indexer backfill of ${args.backfillBlocks} blocks from anvil: ${args.backfillRounds} rounds of the floor and ${args.engines.join(', ')} taking turns`,
      );
      const engines = args.engines.map((engine) => ({
        engine,
        openDatabase: async () => {
          if (engine === 'postgres') {
            const bench = await openBenchDatabase({ databaseUrl });
            return { db: bench.db, close: bench.dropAndClose };
          }
          const db = await createDatabase({ dataDir: 'memory://' });
          return { db, close: () => db.close() };
        },
      }));
      results.backfill.push(
        ...(await measureBackfill(engines, {
          blocks: args.backfillBlocks,
          txPerBlock: args.txPerBlock,
          traces: 'trace_block',
          concurrency: 16,
          rounds: args.backfillRounds,
        })),
      );
    });
    for (const engine of args.engines) {
      await part(`${engine}: webhook deliveries`, async () => {
        progress(`${engine}: ${args.webhookMessages} webhook deliveries to a local receiver`);
        const bench = engine === 'postgres' ? await openBenchDatabase({ databaseUrl }) : undefined;
        const db = bench?.db ?? (await createDatabase({ dataDir: 'memory://' }));
        try {
          const result = await measureDelivery(db, {
            messages: args.webhookMessages,
            concurrency: 16,
            latencyMessages: args.webhookLatencyMessages,
            pollIntervalMs: 250,
            headTransactions: args.webhookHeadTransactions,
          });
          results.webhooks.push({ engine, result });
        } finally {
          await (bench ? bench.dropAndClose() : db.close());
        }
      });
    }
    if (args.engines.includes('postgres')) {
      await part('replica reads', async () => {
        progress('replica reads: a service on a primary beside one on its streaming replica');
        results.replicaReads = await measureReplicaReads({
          scale: Math.min(args.scale, REPLICA_SCALE),
          plan: args,
          log: progress,
        });
        for (const failure of results.replicaReads.failures) results.failures.push(`replica reads: ${failure}`);
      });
    }
    save();
    progress(
      `results written to ${path.relative(process.cwd(), args.out) || args.out}${results.failures.length > 0 ? `; ${results.failures.length} failures` : ''}`,
    );
    return results.failures.length > 0 ? 1 : 0;
  } finally {
    await cleanup.run();
  }
}

/** How this run was started, for the results file. */
function commandLine(): string {
  const options = process.argv.slice(2).join(' ');
  const script = process.env.npm_lifecycle_event;
  if (script === 'bench' || script === 'bench:smoke') return `npm run ${script}${options ? ` -- ${options}` : ''}`;
  return ['node', path.relative(repoRoot, process.argv[1] ?? ''), options].filter(Boolean).join(' ');
}

runBench(() => parseSuiteArgs(process.argv.slice(2), repoRoot), main);
