// `npm run bench:rpc [-- --scale 1 --duration 10 --warmup 5 --rounds 5 --connections 10]`: the node RPC's chain
// methods (a block with its transactions, a receipt, a token's logs over 2,000 blocks) on the demo
// data set in a throw-away PostgreSQL schema, each beside its floor: the same statements through pg,
// the same formatters and JSON, in a bare node:http server. bench/README.md describes the method.
import 'reflect-metadata';
import os from 'node:os';
import { seedDemoData } from '../demo-data';
import { createDatabase } from '../prisma/database';
import { chooseRpcCalls } from './node-rpc/rpcCalls';
import { rpcFloorRoute } from './floor/rpcFloorRoute';
import { startFloor } from './floor/startFloor';
import { integerOption, parseOptions, positiveOption } from './shared/benchArgs';
import { createCleanup } from './shared/cleanup';
import { formatTable } from './shared/report';
import { keepTrafficOnLoopback } from './shared/keepTrafficOnLoopback';
import { openBenchDatabase } from './shared/openBenchDatabase';
import { measureTargets } from './shared/measureTargets';
import { formatLatency, stopLoad, type LoadTarget } from './shared/runLoad';
import { startService } from './shared/startService';
import { describeError, percent, progress, runBench } from './shared/report';

const databaseUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';
type Args = { scale: number; duration: number; warmup: number; rounds: number; connections: number };

async function main(args: Args): Promise<number> {
  keepTrafficOnLoopback();
  const cleanup = createCleanup((label, error) => console.error(`cleanup of ${label} failed: ${describeError(error)}`));
  const abort = (reason: string, code: number) => {
    console.error(`\n${reason}: stopping and cleaning up`);
    stopLoad();
    void cleanup.run().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => abort('SIGINT', 130));
  process.once('SIGTERM', () => abort('SIGTERM', 143));
  try {
    const { db, schema, dropAndClose } = await openBenchDatabase({ databaseUrl });
    cleanup.defer(`schema ${schema}`, dropAndClose);
    progress(`schema ${schema}: seeding the demo data at scale ${args.scale}`);
    await seedDemoData(db, { scale: args.scale });
    // This schema's tables only (a bare ANALYZE would visit every schema of the database, and wait on other work).
    for (const table of ['evm_block', 'evm_transaction', 'evm_log', 'native_balance_change'])
      await db.query(`ANALYZE ${table}`);
    const calls = await chooseRpcCalls(db);
    let serviceErrors = 0;
    const service = await startService(db, 'bench-page-token-secret', (message, error) => {
      if (serviceErrors++ === 0) console.error(`service: ${message}: ${describeError(error)}`);
    });
    cleanup.defer('service', service.close);
    const floorDb = await createDatabase({ databaseUrl, schema, migrate: false });
    cleanup.defer('floor database', floorDb.close);
    const floor = await startFloor([rpcFloorRoute(floorDb, calls)]);
    cleanup.defer('floor', floor.close);

    const rpcUrl = `${service.baseUrl}/ext/bc/C/rpc`;
    const targets: LoadTarget[] = [];
    for (const call of calls) {
      const expectBody = await call.floor(floorDb);
      const answer = await (
        await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: call.body })
      ).text();
      if (answer !== expectBody) throw new Error(`${call.name}: the service and the floor answer differently`);
      const headers = { 'content-type': 'application/json' };
      targets.push({
        name: `pg floor  ${call.name}`,
        kind: 'pg',
        url: `${floor.baseUrl}/`,
        method: 'POST',
        headers,
        body: call.body,
        expectBody,
      });
      targets.push({
        name: `node RPC  ${call.name}`,
        kind: 'rpc',
        url: rpcUrl,
        method: 'POST',
        headers,
        body: call.body,
        expectBody,
      });
    }
    progress('same answers from the service and the floor; measuring');

    const results = await measureTargets(targets, args, { idle: () => Promise.all([service.idle(), floor.idle()]) });
    console.log(
      `node RPC on the demo data at scale ${args.scale}, PostgreSQL on 127.0.0.1; node ${process.version}, ${os.availableParallelism()} CPUs; ` +
        `autocannon ${args.connections} connections, ${args.duration} s per path in ${args.rounds} bursts taking turns, after ${args.warmup} s warm-up\n` +
        `command: npm run bench:rpc -- --scale ${args.scale} --duration ${args.duration} --warmup ${args.warmup} --rounds ${args.rounds} --connections ${args.connections}\n`,
    );
    let floorRate = 0;
    const rows = results.map(({ target, load, loop, cpu }) => {
      if (target.kind === 'pg') floorRate = load.requestsPerSecond;
      const failures = Object.values(load.failures).reduce((sum, count) => sum + count, 0);
      return [
        target.name,
        load.requestsPerSecond.toLocaleString('en-US', { maximumFractionDigits: 0 }),
        formatLatency(load.p50),
        formatLatency(load.p99),
        String(failures),
        (Buffer.byteLength(target.expectBody) / 1024).toFixed(1),
        `${(load.requestsPerSecond / floorRate).toFixed(2)}×`,
        percent(loop),
        percent(cpu.node),
        percent(cpu.other),
      ];
    });
    console.log(
      formatTable(['path', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'body KB', 'vs pg', 'loop', 'node', 'other'], rows),
    );
    const failed =
      results.some(({ load }) => Object.values(load.failures).some((count) => count > 0)) || serviceErrors > 0;
    if (failed) console.error('\nFAILED: every request must succeed with the expected body');
    return failed ? 1 : 0;
  } finally {
    await cleanup.run();
  }
}

function parseArgs(argv: readonly string[]): Args {
  return parseOptions<Args>(
    argv,
    { scale: 1, duration: 10, warmup: 5, rounds: 5, connections: 10 },
    {
      '--scale': (args, value, flag) => (args.scale = positiveOption(flag, value, 100)),
      '--duration': (args, value, flag) => (args.duration = integerOption(flag, value, 1, 3600)),
      '--warmup': (args, value, flag) => (args.warmup = integerOption(flag, value, 0, 600)),
      '--rounds': (args, value, flag) => (args.rounds = integerOption(flag, value, 1, 100)),
      '--connections': (args, value, flag) => (args.connections = integerOption(flag, value, 1, 1000)),
    },
  );
}

runBench(() => parseArgs(process.argv.slice(2)), main);
