// The loop that follows one EVM chain: resume from the chain's cursor (sync_state), fetch blocks
// ahead in a window while backfilling, check every block's parent hash against the one before it
// (a mismatch rolls back to the common ancestor), and write blocks with their cursor, metric
// rollups and address_activity webhook messages in one transaction (prisma/write/writeBlock.ts):
// while backfilling, the fetched consecutive blocks go in one transaction together (up to the
// window); at the head, one by one. A batch is written while the next one is fetched, decoded and
// completed (completeBlocks reads the batch in flight's decisions before the database); one write
// at a time, in order, and the loop waits for it before anything that reads what it wrote (a
// rollback, the check at the head) and before it returns.
// At the head, the last written block is compared with the node's, so a reorg that replaces it is
// undone without waiting for the next block. Stops only at a batch boundary. On a public network's
// C-Chain, each block's atomic transactions go in the block's own write (indexer/evm/atomic).
import type { Logger } from '../../../logging/createLoggerFactory';
import { countBlockMetrics } from '../../../metrics/countNewBlocks';
import type { Database } from '../../../prisma/database';
import {
  createStatisticsKeeper,
  readSyncCursor,
  writeBlocks,
  type StatisticsKeeper,
  type SyncCursor,
} from '../../../prisma/write';
import type { EvmChainConfig } from '../../config/readIndexerConfig';
import { decodeBlock, type DecodedBlock } from '../decode/decodeBlock';
import { createRpcClient, type RpcClient } from '../../../shared/jsonRpc/createRpcClient';
import { fetchBlockBundle, type NodeCapabilities } from '../rpc/fetchBlockBundle';
import { readQuantity } from '../rpc/readAnswer';
import { MalformedAnswerError, NodeCallError } from '../../../shared/jsonRpc/rpcErrors';
import { addAtomicTxs, atomicChainOf } from '../atomic/addAtomicTxs';
import { addGenesisBalances } from './addGenesisBalances';
import { completeBlocks, type BatchDecisions, type ChainMemory, type CompletedBlocks } from './completeBlocks';
import { createFetchWindow } from '../../follow/createFetchWindow';
import { createFollowerControl, type ChainFollower, type FollowerStatus } from '../../follow/createFollowerControl';
import { createHeadWatch } from '../../follow/createHeadWatch';
import { HEAD_LAG_NOTE_BLOCKS, lagNote } from '../../progress/createProgressReporter';
import { registerChain } from './registerChain';
import { rewindEvmChain } from './rewindEvmChain';
import { addressActivityEvents } from '../webhooks/addressActivityEvents';

/** Options of {@link createChainFollower}. */
export type ChainFollowerOptions = {
  db: Database;
  chain: EvmChainConfig;
  logger: Logger;
  /** Return once the cursor reaches the head instead of waiting for new blocks. */
  exitAtHead?: boolean;
  /** Told after each written block (metrics). */
  onBlock?: (status: FollowerStatus) => void;
  /** For tests: a client instead of one built from the config. */
  rpc?: RpcClient;
  /** Planner statistics of the tables written, shared by the indexer's followers. @default one of its own */
  statistics?: StatisticsKeeper;
};

const hex = (n: bigint) => `0x${n.toString(16)}`;

/**
 * Creates the follower of one chain.
 * @param options database, chain config, logger
 * @returns the follower
 * @example const follower = createChainFollower({ db, chain, logger: loggers.get('indexer'), exitAtHead: true }); await follower.run()
 */
export function createChainFollower(options: ChainFollowerOptions): ChainFollower {
  const { db, chain, logger } = options;
  const chainKey = `evm:${chain.chainId}`;
  const rpc =
    options.rpc ??
    createRpcClient({
      urls: chain.rpcUrls,
      timeoutMs: chain.rpcTimeoutMs,
      onRetry: ({ url, attempt, delayMs, error }) =>
        logger.warn(`${chainKey}: ${error.message}; retry ${attempt} in ${delayMs} ms`, {
          chain: chainKey,
          url,
          code: error.code,
        }),
    });
  const capabilities: NodeCapabilities = { traceMethod: chain.traceMethod, ...(chain.traces ? {} : { traces: false }) };
  const memory: ChainMemory = { knownTokens: new Set() };
  const status: FollowerStatus = { chainKey, height: null, head: null, blocks: 0, events: 0, reorgs: 0, atHead: false };
  let headTag: string = chain.headTag;
  let lagLogged = false;
  const control = createFollowerControl();
  const statistics = options.statistics ?? createStatisticsKeeper(db);

  const readLatest = async () => readQuantity('eth_blockNumber', 'result', await rpc.call('eth_blockNumber'));

  async function readHead(): Promise<bigint> {
    if (headTag === 'latest') {
      delete status.lag;
      return readLatest();
    }
    try {
      const block = await rpc.call<{ number?: unknown } | null>('eth_getBlockByNumber', [headTag, false]);
      if (!block) throw new MalformedAnswerError('eth_getBlockByNumber', `no ${headTag} block`);
      const head = readQuantity('eth_getBlockByNumber', `${headTag} block.number`, block.number);
      // How far the tag is behind `latest`: a development chain's `finalized` can stay far behind it.
      const latest = await readLatest();
      status.lag = { headTag, behindLatest: latest > head ? latest - head : 0n };
      if (status.lag.behindLatest > HEAD_LAG_NOTE_BLOCKS && !lagLogged) {
        lagLogged = true;
        logger.warn(`${chainKey}: ${lagNote(status)}`, { chain: chainKey });
      }
      return head;
    } catch (error) {
      if (error instanceof NodeCallError && error.code === 'NODE_ERROR') {
        logger.warn(
          `${chainKey}: the node does not answer the "${headTag}" block tag (${error.message}); following "latest" with ${chain.confirmations} confirmations instead`,
          { chain: chainKey },
        );
        headTag = 'latest';
        return readHead();
      }
      throw error;
    }
  }

  /** The last block both the node and the database hold, walking back from `from`. */
  async function commonAncestor(from: bigint): Promise<SyncCursor> {
    for (let height = from; height >= chain.startBlock; height--) {
      const [stored] = await db.query<{ hash: string }>(
        'SELECT hash FROM evm_block WHERE chain_id = $1 AND number = $2',
        [chain.chainId.toString(), height.toString()],
      );
      const block = await rpc.call<{ hash?: string } | null>('eth_getBlockByNumber', [hex(height), false]);
      if (stored && block?.hash?.toLowerCase() === stored.hash) return { chainKey, height, blockHash: stored.hash };
    }
    const before = chain.startBlock - 1n;
    const block =
      before >= 0n ? await rpc.call<{ hash?: string } | null>('eth_getBlockByNumber', [hex(before), false]) : null;
    return { chainKey, height: before, blockHash: block?.hash?.toLowerCase() ?? `0x${'0'.repeat(64)}` };
  }

  async function loop(): Promise<void> {
    const { blockchainId, created, nativeToken } = await registerChain(db, rpc, chain);
    if (created)
      logger.info(`${chainKey}: chain not known to the primary-network data; created it as ${blockchainId}`, {
        chain: chainKey,
        blockchain_id: blockchainId,
      });
    if (nativeToken?.assumed)
      logger.warn(
        `${chainKey}: native token assumed to be ${nativeToken.token.name} (${nativeToken.token.symbol}, ${nativeToken.token.decimals} decimals): ${nativeToken.assumed}; set nativeToken {"name","symbol","decimals"} in the chain's config to name it`,
        { chain: chainKey },
      );
    const atomicChain = atomicChainOf(chain.network, blockchainId, chain.chainId);
    let cursor = await readSyncCursor(db, chainKey);
    status.height = cursor?.height ?? null;
    logger.info(
      `${chainKey}: ${cursor ? `resuming after block ${cursor.height}` : `starting at block ${chain.startBlock}`} (head tag ${chain.headTag}, ${chain.confirmations} confirmations)`,
      { chain: chainKey },
    );
    const ahead = createFetchWindow(
      (n) =>
        fetchBlockBundle(rpc, n, capabilities, (message) =>
          logger.warn(`${chainKey}: ${message}`, { chain: chainKey }),
        ),
      { concurrency: chain.concurrency },
    );
    const heads = createHeadWatch(async () => (await readHead()) - chain.confirmations, status);
    /** Forgets what was decided for blocks that did not commit (or were rolled back): their tokens were remembered as known. */
    const forget = () => {
      memory.knownTokens.clear();
      ahead.clear();
    };
    /** Rolls back to the last block both the node and the database hold. */
    const rollBack = async (reason: string) => {
      const ancestor = await commonAncestor(cursor!.height - 1n);
      logger.warn(
        `${chainKey}: reorg: ${reason}; rolling back ${cursor!.height - ancestor.height} block(s) to ${ancestor.height}`,
        {
          chain: chainKey,
          from_height: cursor!.height.toString(),
          to_height: ancestor.height.toString(),
        },
      );
      await rewindEvmChain(db, chain.chainId, ancestor);
      forget();
      cursor = ancestor;
      status.height = ancestor.height;
      status.reorgs++;
      heads.forget();
    };
    /** The batch being written while the next one is fetched and completed; settle() waits for its commit. */
    let writing: { done: Promise<void>; decisions: BatchDecisions } | null = null;
    /** Waits for the batch being written to commit; throws its error. */
    const settle = async () => {
      const pending = writing;
      writing = null;
      try {
        await pending?.done;
      } catch (error) {
        forget();
        throw error;
      }
    };
    /** The planner statistics' run that the last commit started; it goes on beside the next batch. */
    let upkeep: Promise<void> = Promise.resolve();
    const write = async (batch: readonly DecodedBlock[], writes: CompletedBlocks['writes']) => {
      if (atomicChain) await addAtomicTxs(db, atomicChain, batch, writes);
      await writeBlocks(
        db,
        writes.map((write, i) => ({
          cursor: { chainKey, height: batch[i]!.number, blockHash: batch[i]!.hash },
          ...write,
        })),
        { beforeRows: [countBlockMetrics, addressActivityEvents] },
      );
      for (const write of writes) statistics.noteWritten(write.rows, write.upserts);
      upkeep = statistics.analyzeDue({ paced: true });
      status.height = batch[batch.length - 1]!.number;
      status.blocks += batch.length;
      for (const decoded of batch) status.events += decoded.rows.EvmLog.length;
      options.onBlock?.(status);
    };
    try {
      while (!control.stopping) {
        const next = cursor ? cursor.height + 1n : chain.startBlock;
        if (!(await heads.reaches(next))) {
          await settle();
          await upkeep;
          await statistics.analyzeDue();
          // Nothing new: is the last written block still the node's? (a reorg that only replaced it)
          if (cursor && cursor.height >= chain.startBlock) {
            const block = await rpc.call<{ hash?: string } | null>('eth_getBlockByNumber', [hex(cursor.height), false]);
            if (block?.hash && block.hash.toLowerCase() !== cursor.blockHash) {
              await rollBack(
                `block ${cursor.height} is now ${block.hash.toLowerCase()}, not the indexed ${cursor.blockHash}`,
              );
              continue;
            }
          }
          options.onBlock?.(status);
          if (options.exitAtHead) return;
          await control.sleep(chain.pollIntervalMs);
          continue;
        }
        // The batch: the next block, then the following ones up to the window's size (fetched meanwhile), while
        // each names the one before as its parent.
        const batch: DecodedBlock[] = [];
        let parentHash = cursor && cursor.height >= chain.startBlock ? cursor.blockHash : null;
        let reorg: string | null = null;
        for (let n = next; n <= heads.head && batch.length < chain.concurrency && !control.stopping; n++) {
          ahead.fill(n, heads.head);
          const bundle = await ahead.at(n);
          if (!bundle) {
            ahead.drop(n); // a load-balanced node behind the one that gave the head: ask again shortly
            break;
          }
          const decoded = decodeBlock(chain.chainId, blockchainId, bundle);
          if (parentHash !== null && decoded.parentHash !== parentHash) {
            // At the batch's first block: the indexed chain was reorged. Later in the batch: the node changed
            // branch while answering; write what came before, and the next round sees it against the cursor.
            if (batch.length === 0)
              reorg = `block ${decoded.number} names parent ${decoded.parentHash}, not the indexed ${parentHash}`;
            break;
          }
          ahead.drop(n);
          batch.push(decoded);
          parentHash = decoded.hash;
        }
        if (control.stopping) break;
        if (reorg) {
          await settle();
          await rollBack(reorg);
          continue;
        }
        if (batch.length === 0) {
          heads.forget();
          await control.sleep(chain.pollIntervalMs);
          continue;
        }
        if (batch[0]!.number === 0n) {
          const funded = await addGenesisBalances(db, chain, blockchainId, batch[0]!);
          if (funded > 0)
            logger.info(`${chainKey}: ${funded} address(es) funded at genesis get their balance at block 0`, {
              chain: chainKey,
            });
        }
        let completed: CompletedBlocks;
        try {
          completed = await completeBlocks(
            { db, rpc, chainId: chain.chainId, startBlock: chain.startBlock, memory },
            batch,
            writing?.decisions ?? null,
          );
        } catch (error) {
          forget();
          throw error;
        }
        // One batch is written at a time, in order: this one goes once the one before has committed.
        await settle();
        const done = write(batch, completed.writes);
        done.catch(() => undefined); // seen by settle()
        writing = { done, decisions: completed.decisions };
        const last = batch[batch.length - 1]!;
        cursor = { chainKey, height: last.number, blockHash: last.hash };
      }
    } catch (error) {
      // Failing elsewhere: the batch being written commits or fails on its own first.
      await settle().catch(() => undefined);
      await upkeep;
      throw error;
    }
    await settle();
    await upkeep;
  }

  return control.follower(loop, status);
}
