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
};

/** What one backfill measured: the data, then the floor's and the indexer's seconds. */
export type BackfillResult = {
  /** Blocks of the chain, genesis included. */
  blocks: number;
  transactions: number;
  logs: number;
  generateSeconds: number;
  /** Floor: the same blocks fetched from the node with the same batching and window, nothing decoded or written. */
  fetchSeconds: number;
  /** The indexer: fetch, decode, write. */
  indexSeconds: number;
};

/**
 * A historical backfill from a real node: anvil (npm) gets the test contracts and `blocks` blocks
 * of mixed traffic, then (1) the floor fetches every block bundle from the node, and (2) the
 * indexer backfills them into `openDatabase()`'s database and stops at the head.
 * @param openDatabase opens an empty, migrated database, and how to release it (called after the floor)
 * @param options traffic size, trace method and fetch window
 * @returns counts and timings
 * @example const result = await measureBackfill(async () => ({ db, close }), { blocks: 200, txPerBlock: 50, traces: 'trace_block', concurrency: 16 })
 */
export async function measureBackfill(
  openDatabase: () => Promise<{ db: Database; close: () => Promise<void> }>,
  options: BackfillOptions,
): Promise<BackfillResult> {
  // Every block's state in memory, as an archive node serves history: past its in-memory window anvil
  // reloads states from disk, and its answers about older blocks slow down tenfold.
  const anvil = await startAnvil({ args: ['--prune-history', String(options.blocks + 1000)] });
  let close: () => Promise<void> = async () => {};
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

    const rpc = createRpcClient({ urls: [anvil.url] });
    const capabilities = { traceMethod: options.traces };
    let t = performance.now();
    for (let n = 0n; n <= head; n += BigInt(options.concurrency)) {
      const window: Promise<unknown>[] = [];
      for (let k = n; k <= head && k < n + BigInt(options.concurrency); k++)
        window.push(fetchBlockBundle(rpc, k, capabilities, () => {}));
      await Promise.all(window);
    }
    const fetchSeconds = (performance.now() - t) / 1000;

    const opened = await openDatabase();
    close = opened.close;
    const config = parseIndexerConfig(
      JSON.stringify({
        evm: [
          {
            chainId: 31337,
            rpcUrl: anvil.url,
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
    t = performance.now();
    await indexer.run();
    const indexSeconds = (performance.now() - t) / 1000;
    return {
      blocks: Number(head + 1n),
      transactions: traffic.transactions,
      logs,
      generateSeconds,
      fetchSeconds,
      indexSeconds,
    };
  } finally {
    await close();
    await anvil.stop();
  }
}
