import { performance } from 'node:perf_hooks';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { createIndexer } from '../../indexer/createIndexer';
import { createRpcClient } from '../../shared/jsonRpc/createRpcClient';
import { fetchBlockBundle } from '../../indexer/evm/rpc/fetchBlockBundle';
import { createLoggerFactory } from '../../logging/createLoggerFactory';
import type { Database } from '../../prisma/database';
import { compileContracts } from './compileContracts';
import { generateTraffic } from './generateTraffic';
import { startAnvil } from './startAnvil';

/** Options of {@link measureBackfill}. */
export type BackfillOptions = {
  blocks: number;
  txPerBlock: number;
  traces: 'trace_block' | 'callTracer';
  concurrency: number;
  /** Rounds of the floor and every engine's backfill, taking turns. @default 1 */
  rounds?: number;
};

/** An engine to backfill: opens an empty, migrated database, and how to release it. */
export type BackfillEngine = {
  engine: string;
  openDatabase: () => Promise<{ db: Database; close: () => Promise<void> }>;
};

/** What one engine's backfills measured: the data, then the floor's and the indexer's seconds. */
export type BackfillResult = {
  /** Blocks of the chain, genesis included. */
  blocks: number;
  transactions: number;
  logs: number;
  generateSeconds: number;
  /** Floor: the same blocks fetched from the node with the same batching and window, nothing decoded or written. The median of the rounds. */
  fetchSeconds: number;
  /** The indexer: fetch, decode, write. The median of the rounds. */
  indexSeconds: number;
  /** Every round's floor and indexer seconds, in order. */
  fetchRounds: number[];
  indexRounds: number[];
};

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * A historical backfill from a real node: anvil (npm) gets the test contracts and `blocks` blocks
 * of mixed traffic; then, in each round, (1) the floor fetches every block bundle from the node, and
 * (2) each engine's indexer backfills them into a fresh database and stops at the head. The floor
 * and the engines take turns (the next round starts with the next engine), so a shared host's
 * drift falls on all of them alike; each is judged on its median.
 * @param engines the databases to backfill, each opened afresh per round
 * @param options traffic size, trace method, fetch window, rounds
 * @returns per engine, counts and timings
 * @example const [pg] = await measureBackfill([{ engine: 'postgres', openDatabase }], { blocks: 200, txPerBlock: 50, traces: 'trace_block', concurrency: 16, rounds: 3 })
 */
export async function measureBackfill(
  engines: readonly BackfillEngine[],
  options: BackfillOptions,
): Promise<{ engine: string; result: BackfillResult }[]> {
  // Every block's state in memory, as an archive node serves history: past its in-memory window anvil
  // reloads states from disk, and its answers about older blocks slow down tenfold.
  const anvil = await startAnvil({ args: ['--prune-history', String(options.blocks + 1000)] });
  try {
    const started = performance.now();
    const traffic = await generateTraffic(anvil, compileContracts(), {
      blocks: options.blocks,
      txPerBlock: options.txPerBlock,
      nftBaseUri: 'data:application/json,',
      multiUri: '',
    });
    const head = BigInt(await anvil.rpc('eth_blockNumber'));
    const logs = (await anvil.rpc<unknown[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }])).length;
    const generateSeconds = (performance.now() - started) / 1000;

    const fetchRounds: number[] = [];
    const indexRounds = engines.map((): number[] => []);
    for (let round = 0; round < (options.rounds ?? 1); round++) {
      fetchRounds.push(await fetchAll(anvil.url, head, options));
      for (let k = 0; k < engines.length; k++) {
        const at = (round + k) % engines.length;
        indexRounds[at]!.push(await backfill(anvil.url, engines[at]!, options));
      }
    }
    return engines.map(({ engine }, at) => ({
      engine,
      result: {
        blocks: Number(head + 1n),
        transactions: traffic.transactions,
        logs,
        generateSeconds,
        fetchSeconds: median(fetchRounds),
        indexSeconds: median(indexRounds[at]!),
        fetchRounds,
        indexRounds: indexRounds[at]!,
      },
    }));
  } finally {
    await anvil.stop();
  }
}

/** The floor: every block bundle fetched in windows of `concurrency`; its seconds. */
async function fetchAll(url: string, head: bigint, options: BackfillOptions): Promise<number> {
  const rpc = createRpcClient({ urls: [url] });
  const capabilities = { traceMethod: options.traces };
  const t = performance.now();
  for (let n = 0n; n <= head; n += BigInt(options.concurrency)) {
    const window: Promise<unknown>[] = [];
    for (let k = n; k <= head && k < n + BigInt(options.concurrency); k++)
      window.push(fetchBlockBundle(rpc, k, capabilities, () => {}));
    await Promise.all(window);
  }
  return (performance.now() - t) / 1000;
}

/** One engine's indexer backfilling the chain into a fresh database until the head; its seconds. */
async function backfill(url: string, { openDatabase }: BackfillEngine, options: BackfillOptions): Promise<number> {
  const opened = await openDatabase();
  try {
    const config = parseIndexerConfig(
      JSON.stringify({
        evm: [
          {
            chainId: 31337,
            rpcUrl: url,
            network: 'fuji',
            headTag: 'latest',
            traceMethod: options.traces,
            concurrency: options.concurrency,
          },
        ],
        nftMetadata: { enabled: false },
      }),
    );
    const loggers = createLoggerFactory({ display: () => {} });
    const indexer = createIndexer({
      db: opened.db,
      config,
      logger: loggers.get('indexer'),
      exitAtHead: true,
      tty: null,
    });
    const t = performance.now();
    await indexer.run();
    return (performance.now() - t) / 1000;
  } finally {
    await opened.close();
  }
}
