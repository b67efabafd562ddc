// The X-Chain's DAG era, before its blocks: every vertex of the node's index (/ext/index/X/vtx) in
// accept order, each written with its transactions' effects and the `x-chain-dag:<network>` cursor
// (the accept index) in one transaction. The X-Chain follower runs this to the last accepted vertex
// before it follows blocks, so block-era transactions find the DAG-era UTXOs they spend.
import type { Logger } from '../../../logging/createLoggerFactory';
import type { Database } from '../../../prisma/database';
import {
  readSyncCursor,
  writeBlock,
  type BeforeRows,
  type BlockWrite,
  type StatisticsKeeper,
} from '../../../prisma/write';
import { createFetchWindow } from '../../follow/createFetchWindow';
import { mergeWrites } from '../genesis/genesisWrite';
import { toHex } from '../../../avalanche/bytes';
import { applyTx } from '../apply/applyTx';
import { UNKNOWN_SUPPLY } from '../apply/supplyLedger';
import { NO_L1_FEES } from '../apply/txContext';
import { NO_SUPPLY_TOTALS } from '../../../domain';
import { createBlockChanges } from '../apply/blockChanges';
import { chainCodec } from '../../../avalanche/tx-codec/chainCodecs';
import { decodeVertex, type Vertex } from '../codec/decodeVertex';
import type { IndexedContainer, NodeApi } from '../rpc/createNodeApi';
import { NodeCallError } from '../../../shared/jsonRpc/rpcErrors';
import { ensureAssets } from './ensureAssets';
import type { ChainFacts } from './networkFacts';

/** Options of {@link indexVertices}. */
export type IndexVerticesOptions = {
  db: Database;
  api: NodeApi;
  facts: ChainFacts;
  logger: Logger;
  concurrency: number;
  knownAssets: Set<string>;
  /** Checked between vertices: stop at a vertex boundary. */
  stopping(): boolean;
  /** The X-Chain's genesis rows (genesisFile), written with vertex 0. */
  genesis?(): Promise<Omit<BlockWrite, 'cursor'> | null>;
  /** Told after each written vertex. */
  onVertex?(index: bigint): void;
  /** Planner statistics of the tables written. */
  statistics?: StatisticsKeeper;
  /**
   * Whether a node without the vertex index is an error (xChainVertices `true`); otherwise (`auto`) the vertices
   * are skipped and the reason returned. @default true
   */
  required?: boolean;
  /** Work in each vertex's write transaction (the webhooks' outbox). */
  beforeRows?: BeforeRows;
};

/** What {@link indexVertices} did: `indexed` up to the last accepted vertex (or stopped), or `unavailable` and why. */
export type IndexVerticesResult = { outcome: 'indexed' } | { outcome: 'unavailable'; reason: string };

/**
 * Indexes the vertices after the stored cursor up to the last accepted one.
 * @param options database, node, chain facts, logger
 * @returns `indexed` when at the last accepted vertex (or stopped); `unavailable` when the node has no vertex index and it is not `required`
 * @example await indexVertices({ db, api, facts, logger, concurrency: 8, knownAssets, stopping: () => false })
 */
export async function indexVertices(options: IndexVerticesOptions): Promise<IndexVerticesResult> {
  const { db, api, facts } = options;
  const chainKey = vertexCursorKey(facts.network);
  let last: bigint | null;
  try {
    last = await lastVertex(api);
  } catch (error) {
    // No index API on this node (HTTP 404 without --index-enabled), or an index without the vertices.
    const unavailable = error instanceof NodeCallError && (error.code === 'HTTP_STATUS' || error.code === 'NODE_ERROR');
    if (options.required === false && unavailable) return { outcome: 'unavailable', reason: (error as Error).message };
    throw error;
  }
  if (last === null) {
    options.logger.info(
      `${chainKey}: the node's vertex index holds no vertex (a network without a DAG era); nothing to index`,
      { chain: chainKey },
    );
    return { outcome: 'indexed' };
  }
  const cursor = await readSyncCursor(db, chainKey);
  let next = cursor ? cursor.height + 1n : 0n;
  if (next > last) return { outcome: 'indexed' };
  options.logger.info(`${chainKey}: indexing vertices ${next} to ${last}`, { chain: chainKey });
  let burned = await vertexBurnedTotal(db, facts.network);
  const ahead = createFetchWindow(
    (n) =>
      api.indexContainer('X/vtx', n).then((container): { container: IndexedContainer; vertex: Vertex } => ({
        container,
        vertex: decodeVertex(container.bytes),
      })),
    { concurrency: options.concurrency },
  );
  for (; next <= last && !options.stopping(); next++) {
    ahead.fill(next, last);
    const { container, vertex } = await ahead.at(next).finally(() => ahead.drop(next));
    // The acceptance time the index recorded: the vertex itself carries none.
    const timestamp = BigInt(Math.floor(Date.parse(container.timestamp) / 1000) || 0);
    const changes = createBlockChanges(db, facts.network);
    const base = {
      network: facts.network,
      hrp: facts.hrp,
      chain: 'X' as const,
      chainId: facts.chainId,
      avaxAssetId: facts.avaxAssetId,
      height: vertex.height,
      timestamp,
      durango: facts.durango,
      codec: chainCodec('X'),
      changes,
      fees: { ...NO_L1_FEES },
      supply: UNKNOWN_SUPPLY,
      totals: { value: { ...NO_SUPPLY_TOTALS, burned } },
      genesis: false,
      rewardUtxos: async () => [],
    };
    for (const [txIndex, tx] of vertex.txs.entries()) {
      await applyTx({ ...base, tx, txIndex });
      changes.placeTransaction({
        network: facts.network,
        blockchainId: facts.chainId,
        blockTimestamp: timestamp,
        txHash: tx.txId,
      });
      changes.insert('PrimaryNetworkTransaction', {
        network: facts.network,
        txHash: tx.txId,
        blockchainId: facts.chainId,
        txType: tx.txType,
        blockNumber: vertex.height,
        blockTimestamp: timestamp,
        txBytes: `0x${toHex(tx.bytes)}`,
      });
    }
    changes.insert('XChainVertex', {
      network: facts.network,
      vertexHash: vertex.vertexId,
      parentHashes: vertex.parentIds,
      vertexHeight: vertex.height,
      vertexIndex: container.index,
      vertexTimestamp: timestamp,
      txCount: vertex.txs.length,
      transactions: vertex.txs.map((t) => t.txId),
      vertexSizeBytes: vertex.sizeBytes,
      burnedTotal: base.totals.value.burned.toString(),
    });
    burned = base.totals.value.burned;
    const genesis = container.index === 0n ? await options.genesis?.() : null;
    const write = genesis ? mergeWrites(genesis, changes.toWrite()) : changes.toWrite();
    await ensureAssets(db, api, facts.network, write, options.knownAssets, timestamp);
    await writeBlock(
      db,
      { cursor: { chainKey, height: container.index, blockHash: vertex.vertexId }, ...write },
      { beforeRows: options.beforeRows },
    );
    options.statistics?.noteWritten(write.rows, write.upserts);
    await options.statistics?.analyzeDue();
    for (const asset of write.rows?.Asset ?? []) options.knownAssets.add(asset.assetId);
    options.onVertex?.(container.index);
  }
  return { outcome: 'indexed' };
}

/**
 * The sync-state key of a network's X-Chain vertices (the DAG era), beside `x-chain:<network>` of its blocks.
 * @example vertexCursorKey('FUJI') // 'x-chain-dag:fuji'
 */
export function vertexCursorKey(network: string): string {
  return `x-chain-dag:${network.toLowerCase()}`;
}

/**
 * The X-Chain's fees burned up to its last indexed vertex (0 before the first): where the next
 * vertex's, and the first block's, running total starts.
 * @param db the database
 * @param network the network
 * @returns nAVAX
 * @example const burned = await vertexBurnedTotal(db, 'MAINNET')
 */
export async function vertexBurnedTotal(db: Pick<Database, 'query'>, network: string): Promise<bigint> {
  const [row] = await db.query<{ burned: string }>(
    'SELECT burned_total::text AS burned FROM x_chain_vertex WHERE network = $1 ORDER BY vertex_index DESC LIMIT 1',
    [network.toLowerCase()],
  );
  return row ? BigInt(row.burned) : 0n;
}

/**
 * The accept index of the last vertex, or null when the node's vertex index holds none (avalanchego
 * answers index.getLastAccepted then with the error "no containers have been accepted").
 */
async function lastVertex(api: NodeApi): Promise<bigint | null> {
  try {
    return (await api.indexLastAccepted('X/vtx')).index;
  } catch (error) {
    if (/no containers have been accepted/.test((error as Error).message)) return null;
    throw error;
  }
}
