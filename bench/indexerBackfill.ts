// `npm run bench:indexer [-- --engine pg|pglite --blocks 200 --tx-per-block 50 --traces trace_block|callTracer]`:
// a historical backfill from a real node. anvil (npm) gets the test contracts and `blocks` blocks of
// mixed traffic (native, ERC-20/721/1155, CREATE2, value forwarding); then the indexer backfills them
// into a fresh database, beside its floor measured in the same run: the same blocks fetched from
// the node with the same batching and window, nothing decoded or written. Prints blocks/s and
// events/s (logs) of both. bench/README.md has this machine's numbers.
import { performance } from 'node:perf_hooks';
import { createLoggerFactory } from '../logging/createLoggerFactory';
import { createDatabase, type Database } from '../prisma/database';
import { parseIndexerConfig } from '../indexer/config/readIndexerConfig';
import { createIndexer } from '../indexer/createIndexer';
import { createRpcClient } from '../indexer/evm/rpc/createRpcClient';
import { fetchBlockBundle } from '../indexer/evm/rpc/fetchBlockBundle';
import { compileContracts } from './indexer/compileContracts';
import { generateTraffic } from './indexer/generateTraffic';
import { startAnvil } from './indexer/startAnvil';
import { formatTable } from './shared/formatTable';
import { openBenchDatabase } from './shared/openBenchDatabase';

type Options = { engine: 'pg' | 'pglite'; blocks: number; txPerBlock: number; traces: 'trace_block' | 'callTracer'; concurrency: number };

function parseOptions(argv: string[]): Options {
  const options: Options = { engine: process.env.DATABASE_URL ? 'pg' : 'pglite', blocks: 200, txPerBlock: 50, traces: 'trace_block', concurrency: 16 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--engine' && (value === 'pg' || value === 'pglite')) options.engine = value;
    else if (flag === '--blocks') options.blocks = Number(value);
    else if (flag === '--tx-per-block') options.txPerBlock = Number(value);
    else if (flag === '--traces' && (value === 'trace_block' || value === 'callTracer')) options.traces = value;
    else if (flag === '--concurrency') options.concurrency = Number(value);
    else throw new Error(`unknown argument ${flag}`);
    i++;
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const anvil = await startAnvil();
  let close: () => Promise<void> = async () => {};
  try {
    const started = performance.now();
    const traffic = await generateTraffic(anvil, compileContracts(), { blocks: options.blocks, txPerBlock: options.txPerBlock, nftBaseUri: 'data:application/json,', multiUri: '' });
    const head = BigInt(await anvil.rpc('eth_blockNumber'));
    const logs = (await anvil.rpc<unknown[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }])).length;
    console.log(`anvil: ${head + 1n} blocks, ${traffic.transactions} transactions, ${logs} logs generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // Floor: the node alone (same batches, same window), nothing decoded or written.
    const rpc = createRpcClient({ urls: [anvil.url] });
    const capabilities = { traceMethod: options.traces };
    let t = performance.now();
    for (let n = 0n; n <= head; n += BigInt(options.concurrency)) {
      const window: Promise<unknown>[] = [];
      for (let k = n; k <= head && k < n + BigInt(options.concurrency); k++) window.push(fetchBlockBundle(rpc, k, capabilities, () => {}));
      await Promise.all(window);
    }
    const fetchSeconds = (performance.now() - t) / 1000;

    let db: Database;
    if (options.engine === 'pg') {
      const bench = await openBenchDatabase({ databaseUrl: process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test' });
      db = bench.db;
      close = bench.dropAndClose;
    } else {
      db = await createDatabase({ dataDir: 'memory://' });
      close = () => db.close();
    }
    const config = parseIndexerConfig(JSON.stringify({
      evm: [{ chainId: 31337, rpcUrl: anvil.url, network: 'fuji', headTag: 'latest', traceMethod: options.traces, concurrency: options.concurrency }],
      nftMetadata: { enabled: false },
    }));
    const loggers = createLoggerFactory({ display: () => {} });
    const indexer = createIndexer({ db, config, logger: loggers.get('indexer'), exitAtHead: true, tty: null });
    t = performance.now();
    await indexer.run();
    const indexSeconds = (performance.now() - t) / 1000;
    const blocks = Number(head + 1n);
    console.log(`\nbackfill of ${blocks} blocks / ${traffic.transactions} transactions / ${logs} events, ${options.engine}, traces ${options.traces}, window ${options.concurrency}`);
    console.log(formatTable(
      ['', 'seconds', 'blocks/s', 'events/s', 'transactions/s'],
      [
        ['floor: fetch from the node only', fetchSeconds.toFixed(2), (blocks / fetchSeconds).toFixed(0), (logs / fetchSeconds).toFixed(0), (traffic.transactions / fetchSeconds).toFixed(0)],
        ['indexer: fetch + decode + write', indexSeconds.toFixed(2), (blocks / indexSeconds).toFixed(0), (logs / indexSeconds).toFixed(0), (traffic.transactions / indexSeconds).toFixed(0)],
      ],
    ));
  } finally {
    await close();
    await anvil.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
