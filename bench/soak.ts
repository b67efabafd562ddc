// `npm run bench:soak [-- --duration 60 --connections 50]`: the whole service (REST, GraphQL, access
// control with rate limits counting) under a mixed load of every kind of route, on the demo data in
// a throw-away PostgreSQL schema. Every answer must be a 2xx (a 429 or a 5xx is an error); memory is
// measured after a forced GC before and after. bench/README.md describes the method.
import 'reflect-metadata';
import os from 'node:os';
import autocannon from 'autocannon';
import { seedDemoData } from '../demo-data';
import { SHOWCASE_EVM_ADDRESS, SHOWCASE_P_ADDRESS } from '../demo-data/accounts';
import { unlimitedAccess } from '../server/access/accessControl';
import { createService } from '../server/service';
import { integerOption, parseOptions } from './shared/benchArgs';
import { createCleanup } from './shared/cleanup';
import { keepTrafficOnLoopback } from './shared/keepTrafficOnLoopback';
import { listenOnLoopback } from './shared/listenOnLoopback';
import { openBenchDatabase } from './shared/openBenchDatabase';
import { runBench } from './shared/report';

const databaseUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';

type Args = { duration: number; connections: number };
type Request = { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };

function parseArgs(argv: string[]): Args {
  return parseOptions<Args>(
    argv,
    { duration: 60, connections: 50 },
    {
      '--duration': (args, value, flag) => (args.duration = integerOption(flag, value, 1, 3600)),
      '--connections': (args, value, flag) => (args.connections = integerOption(flag, value, 1, 1000)),
    },
  );
}

/** Heap and resident memory after a full GC (node --expose-gc), MiB. */
function memory(): { heapMiB: number; rssMiB: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapMiB: heapUsed / 2 ** 20, rssMiB: rss / 2 ** 20 };
}

async function main(args: Args): Promise<number> {
  keepTrafficOnLoopback();
  const cleanup = createCleanup((label, error) => console.error(`cleanup of ${label} failed: ${String(error)}`));
  try {
    const { db, schema, dropAndClose } = await openBenchDatabase({ databaseUrl });
    cleanup.defer(`schema ${schema}`, dropAndClose);
    console.error(`schema ${schema}: seeding the demo data`);
    await seedDemoData(db);
    for (const table of ['evm_block', 'evm_transaction', 'evm_log', 'validator', 'utxo'])
      await db.query(`ANALYZE ${table}`).catch(() => {});
    let serviceErrors = 0;
    const service = await createService({
      db,
      options: {
        pageTokenSecret: 'soak',
        subgraphTransport: 'in-process',
        subgraphUrls: {},
        // Budgets far above the load, so every request goes through the limiter and none is refused.
        access: { ...unlimitedAccess, anonymousBudget: { perMinute: 1e11, perDay: 1e12 } },
      },
      log: (message, error) => {
        if (serviceErrors++ < 3) console.error(`service: ${message}: ${String(error)}`);
      },
    });
    const server = await listenOnLoopback(service.createHttpServer());
    cleanup.defer('service', async () => {
      await server.close();
      await service.close();
    });

    // Mixed routes from what the demo data holds: lookups, lists, aggregations, metrics, GraphQL.
    const [chain] = await db.query<{ chain_id: bigint; tx_hash: string; block_number: bigint }>(
      'SELECT chain_id, tx_hash, block_number FROM evm_transaction ORDER BY chain_id, block_number DESC LIMIT 1',
    );
    if (!chain) throw new Error('the demo data has no EVM transaction');
    const chainId = String(chain.chain_id);
    const pChain = '11111111111111111111111111111111LpoYY';
    const graphql = (query: string): Request => ({
      method: 'POST',
      path: '/graphql',
      body: JSON.stringify({ query }),
      headers: { 'content-type': 'application/json' },
    });
    const requests: Request[] = [
      { method: 'GET', path: '/v1/networks/mainnet/subnets?pageSize=10' },
      { method: 'GET', path: '/v1/networks/mainnet/validators?pageSize=10' },
      {
        method: 'GET',
        path: `/v1/networks/mainnet/blockchains/${pChain}/balances?addresses=${SHOWCASE_P_ADDRESS.mainnet}`,
      },
      {
        method: 'GET',
        path: `/v1/networks/mainnet/blockchains/${pChain}/utxos?addresses=${SHOWCASE_P_ADDRESS.mainnet}&pageSize=10`,
      },
      { method: 'GET', path: `/v1/chains/${chainId}/transactions/${chain.tx_hash}` },
      { method: 'GET', path: `/v1/chains/${chainId}/blocks/${chain.block_number}/transactions` },
      {
        method: 'GET',
        path: `/v1/chains/${chainId}/addresses/${SHOWCASE_EVM_ADDRESS}/transactions:listErc20?pageSize=10`,
      },
      { method: 'GET', path: `/v1/chains/${chainId}/addresses/${SHOWCASE_EVM_ADDRESS}/balances:listErc20?pageSize=10` },
      { method: 'GET', path: `/v2/chains/${chainId}/metrics/txCount?pageSize=10` },
      graphql('{ listSubnets(network: mainnet, pageSize: 5) { subnets { subnetId blockchains { blockchainName } } } }'),
    ];
    for (const request of requests) {
      const answer = await fetch(server.baseUrl + request.path, {
        method: request.method,
        body: request.body,
        headers: request.headers,
      });
      if (answer.status >= 300)
        throw new Error(`${request.method} ${request.path}: ${answer.status} before the soak ${await answer.text()}`);
    }
    console.error(`${requests.length} routes answer; warming up 10 s`);
    const fire = (seconds: number) =>
      new Promise<autocannon.Result>((resolve, reject) =>
        autocannon(
          { url: server.baseUrl, connections: args.connections, duration: seconds, workers: 1, requests },
          (error, result) => (error ? reject(error) : resolve(result)),
        ),
      );
    await fire(10);
    await server.idle();
    const before = memory();
    console.error(`soak: ${args.duration} s at ${args.connections} connections`);
    const result = await fire(args.duration);
    await server.idle();
    const after = memory();
    const errors = result.errors + result.timeouts + result.non2xx;
    const mib = (value: number) => `${value.toFixed(1)} MiB`;
    console.log(
      `soak on the demo data, PostgreSQL on 127.0.0.1; node ${process.version}, ${os.availableParallelism()} CPUs\n` +
        `command: npm run bench:soak -- --duration ${args.duration} --connections ${args.connections}\n` +
        `${requests.length} routes in turn (REST lookups, lists, balances, UTXOs, metrics, GraphQL), rate limiter counting\n\n` +
        `requests      ${result.requests.total} (${(result.requests.total / result.duration).toFixed(0)}/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms\n` +
        `errors        ${errors} (connection ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}); service-logged ${serviceErrors}\n` +
        `heap          ${mib(before.heapMiB)} before, ${mib(after.heapMiB)} after (after GC)\n` +
        `rss           ${mib(before.rssMiB)} before, ${mib(after.rssMiB)} after`,
    );
    return errors === 0 && serviceErrors === 0 ? 0 : 1;
  } finally {
    await cleanup.run();
  }
}

runBench(() => parseArgs(process.argv.slice(2)), main);
