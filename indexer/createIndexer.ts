// The indexer of a config file: one follower per configured EVM chain and per P-/X-Chain of each
// configured primary network, the NFT metadata worker,
// progress reporting, and /metrics gauges. Used by `avalanche-data-service indexer` and by `start`
// when INDEXER_CONFIG is set.
import type { Logger } from '../logging/createLoggerFactory';
import type { Database } from '../prisma/database';
import { createStatisticsKeeper } from '../prisma/write';
import type { IndexerConfig } from './config/readIndexerConfig';
import { createChainFollower } from './evm/follow/followChain';
import type { ChainFollower, FollowerStatus } from './follow/createFollowerControl';
import { writeKnownMethodSignatures } from './evm/methods/writeKnownMethodSignatures';
import { createNftMetadataWorker, type NftMetadataWorker } from './evm/metadata/createNftMetadataWorker';
import { createPrimaryChainFollower } from './primary-network/follow/followPrimaryChain';
import { createProgressReporter } from './progress/createProgressReporter';
import { NodeCallError } from '../shared/jsonRpc/rpcErrors';

/** The gauges of server/serviceMetrics.ts the indexer feeds (any prom-client-like object). */
export type IndexerMetrics = {
  indexerHead: { set(labels: { chain: string }, value: number): void };
  indexerHeight: { set(labels: { chain: string }, value: number): void };
  indexerLag: { set(labels: { chain: string }, value: number): void };
  indexerBlocks: { inc(labels: { chain: string }, value?: number): void };
};

const formatDelay = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/** Options of {@link createIndexer}. */
export type IndexerOptions = {
  db: Database;
  config: IndexerConfig;
  /** The `indexer` logger. */
  logger: Logger;
  metrics?: IndexerMetrics;
  /** Resolve `run()` once every chain is at its head. */
  exitAtHead?: boolean;
  /** Progress display: a terminal, or null for log lines. @default stderr when a TTY */
  tty?: NodeJS.WriteStream | null;
  /** Delay before a failed follower starts again (follow mode). @default 5000 */
  restartDelayMs?: number;
  /** Called once a follower has committed new blocks: an in-process webhook deliverer looks for their messages at once. */
  onBlocksCommitted?: () => void;
};

/** A running indexer. */
export type Indexer = {
  /** Follows every chain; resolves when stopped (or at the head with exitAtHead), rejects when a chain fails with exitAtHead. */
  run(): Promise<void>;
  /** Stops every chain at a block boundary. */
  stop(): Promise<void>;
  statuses(): FollowerStatus[];
};

/**
 * Creates the indexer.
 * @param options database, config, logger, metrics
 * @returns the indexer
 * @example const indexer = createIndexer({ db, config, logger: loggers.get('indexer'), exitAtHead: true }); await indexer.run()
 */
export function createIndexer(options: IndexerOptions): Indexer {
  const { logger, metrics } = options;
  let stopped = false;
  const onBlock = (s: FollowerStatus) => {
    if (!metrics) return;
    const labels = { chain: s.chainKey };
    if (s.head !== null) metrics.indexerHead.set(labels, Number(s.head));
    if (s.height !== null) metrics.indexerHeight.set(labels, Number(s.height));
    if (s.head !== null) metrics.indexerLag.set(labels, Math.max(0, Number(s.head - (s.height ?? -1n))));
  };
  let lastBlocks = new Map<string, number>();
  const countBlocks = (s: FollowerStatus) => {
    const before = lastBlocks.get(s.chainKey) ?? 0;
    if (s.blocks > before) {
      metrics?.indexerBlocks.inc({ chain: s.chainKey }, s.blocks - before);
      options.onBlocksCommitted?.();
    }
    lastBlocks.set(s.chainKey, s.blocks);
  };
  // One keeper for every follower: they fill the same tables.
  const statistics = createStatisticsKeeper(options.db, {
    onError: (table, error) => logger.debug(`ANALYZE or VACUUM of ${table}: ${error.message}`),
  });
  const followers: ChainFollower[] = options.config.evm.map((chain) =>
    createChainFollower({
      db: options.db,
      chain,
      logger,
      exitAtHead: options.exitAtHead,
      statistics,
      onBlock: (s) => {
        onBlock(s);
        countBlocks(s);
      },
    }),
  );
  for (const network of options.config.primaryNetwork ?? []) {
    for (const chain of network.chains) {
      followers.push(
        createPrimaryChainFollower({
          db: options.db,
          config: network,
          chain,
          logger,
          exitAtHead: options.exitAtHead,
          statistics,
          onBlock: (s) => {
            onBlock(s);
            countBlocks(s);
          },
        }),
      );
    }
  }
  const nftWorker: NftMetadataWorker | null =
    options.config.nftMetadata.enabled && options.config.evm.length > 0
      ? createNftMetadataWorker({
          db: options.db,
          chains: options.config.evm,
          options: options.config.nftMetadata,
          logger,
        })
      : null;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

  async function follow(follower: ChainFollower): Promise<void> {
    for (;;) {
      try {
        await follower.run();
        return;
      } catch (error) {
        const status = follower.status();
        const delayMs = options.restartDelayMs ?? 5_000;
        const again = options.exitAtHead || stopped ? '' : `; restarting in ${formatDelay(delayMs)}`;
        // A node that cannot be reached or keeps failing is the node's state, not a fault of this code: one line,
        // without a stack trace (its retries were logged one line each).
        const nodeFault = error instanceof NodeCallError && error.retryable;
        logger.error(
          `${status.chainKey}: indexing stopped at block ${status.height ?? '-'}: ${(error as Error).message}${again}`,
          nodeFault ? { chain: status.chainKey, code: error.code } : { chain: status.chainKey, error },
        );
        if (options.exitAtHead || stopped) throw error;
        await sleep(delayMs);
        if (stopped) return;
        logger.info(`${status.chainKey}: restarting`, { chain: status.chainKey });
      }
    }
  }

  return {
    async run() {
      lastBlocks = new Map();
      const progress = createProgressReporter({
        logger,
        statuses: () => followers.map((f) => f.status()),
        tty: options.tty,
      });
      nftWorker?.start();
      try {
        if (options.config.evm.length > 0) await writeKnownMethodSignatures(options.db);
        const results = await Promise.allSettled(followers.map(follow));
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) {
          await Promise.all(followers.map((f) => f.stop()));
          throw (failed as PromiseRejectedResult).reason;
        }
        if (options.exitAtHead) await nftWorker?.drain();
      } finally {
        progress.stop();
        await nftWorker?.stop();
      }
    },
    async stop() {
      stopped = true;
      await Promise.all(followers.map((f) => f.stop()));
      await nftWorker?.stop();
    },
    statuses: () => followers.map((f) => f.status()),
  };
}
