// Runs the indexer over a config until every chain is at its head (what `indexer --exit-at-head` does).
import { createLoggerFactory } from '../../../logging/createLoggerFactory';
import type { Database } from '../../../prisma/database';
import { parseIndexerConfig, type IndexerConfig } from '../../../indexer/config/readIndexerConfig';
import { createIndexer } from '../../../indexer/createIndexer';

/**
 * A config for one anvil chain (head tag `latest`: anvil's `finalized` trails far behind).
 * @example anvilConfig(anvil.url)
 */
export function anvilConfig(
  url: string,
  extra: Record<string, unknown> = {},
  nftMetadata: Record<string, unknown> = {},
): IndexerConfig {
  return parseIndexerConfig(
    JSON.stringify({
      evm: [
        {
          chainId: 31337,
          rpcUrl: url,
          network: 'fuji',
          startBlock: 0,
          confirmations: 0,
          headTag: 'latest',
          name: 'Anvil',
          pollIntervalMs: 50,
          // anvil replays a block for debug_traceBlockByNumber (~13 ms a transaction) but keeps Parity traces: the
          // same frames (a test compares both), fast enough for a suite
          traceMethod: 'trace_block',
          ...extra,
        },
      ],
      // In-process PGlite blocks the event loop the metadata host of a test shares: a generous timeout.
      nftMetadata: { timeoutMs: 15_000, ...nftMetadata },
    }),
  );
}

/**
 * Indexes to the head, silently (lines go to `lines` when given).
 * @example await indexOnce(db, anvilConfig(anvil.url))
 */
export async function indexOnce(db: Database, config: IndexerConfig, lines: string[] = []): Promise<void> {
  const loggers = createLoggerFactory({
    display: (line) => lines.push(line),
    logLevel: process.env.INDEXER_TEST_LOG ? 'DEBUG' : 'INFO',
  });
  // INDEXER_TEST_LOG=1 shows the indexer's warnings and failures while debugging a test.
  if (process.env.INDEXER_TEST_LOG)
    lines.push = (...l: string[]) => {
      for (const x of l) if (/"level":[45]/.test(x)) console.log(x);
      return 0;
    };
  const indexer = createIndexer({ db, config, logger: loggers.get('indexer'), exitAtHead: true, tty: null });
  try {
    await indexer.run();
  } finally {
    await loggers.close();
  }
}
