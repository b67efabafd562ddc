// Buffered bulk inserts for large loads (the demo seeder, an indexer's backfill): rows are encoded as
// they are pushed, buffered per model, and written in chunks of about `chunkBytes` while the caller
// keeps producing, parents' chunks always before their children's.
import type { SqlExecutor } from '../database';
import { dataModel } from '../generated/metadata';
import { createRowEncoder, type RowEncoder } from './createRowEncoder';
import { insertStatement, type ConflictPolicy } from './insertStatement';
import type { ModelName, RowOf } from './types';
import { WRITE_ORDER } from './writeOrder';

/** Buffers rows per model and writes them in chunks. */
export type BulkWriter = {
  /** Buffers one row; writes the model's buffered chunk once it is full. */
  push<M extends ModelName>(model: M, row: RowOf<M>): Promise<void>;
  /** Writes every buffered row (parents first) and waits for all writes. */
  flush(): Promise<void>;
  /** Rows pushed so far, per model (models without rows are absent). */
  counts(): Partial<Record<ModelName, number>>;
};

/** Options of {@link createBulkWriter}. */
export type BulkWriterOptions = {
  /** Serialized bytes per statement. @default 4_000_000 */
  chunkBytes?: number;
  /** What to do with rows whose primary key is already stored. @default 'skip' */
  onConflict?: ConflictPolicy;
  /** Chunks written but not yet confirmed before `push` waits (overlaps encoding with the database). @default 2 */
  inFlight?: number;
};

type ModelBuffer = { groups: Map<number, string[]>; bytes: number };

/**
 * Creates a buffered writer. Writes run one after another in the order chunks fill, each model's
 * parents' buffered rows being written first, so foreign keys hold at every statement. The first
 * failure is reported by the next `push` or `flush` (with the table's name), and nothing more is sent.
 * @param executor the database, or a transaction
 * @param options chunk size, conflict policy, pipelining
 * @returns the writer
 * @example
 * const writer = createBulkWriter(db)
 * await writer.push('EvmMethodSignature', { methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' })
 * await writer.flush()
 */
export function createBulkWriter(executor: SqlExecutor, options: BulkWriterOptions = {}): BulkWriter {
  const chunkBytes = options.chunkBytes ?? 4_000_000;
  const policy = options.onConflict ?? 'skip';
  const inFlight = options.inFlight ?? 2;
  const encoders = new Map<ModelName, RowEncoder>();
  const buffers = new Map<ModelName, ModelBuffer>();
  const counts: Partial<Record<ModelName, number>> = {};
  let chain: Promise<void> = Promise.resolve();
  let pending = 0;
  let failure: unknown;

  const enqueue = (model: ModelName) => {
    const buffer = buffers.get(model);
    if (!buffer) return;
    buffers.delete(model);
    for (const parent of dataModel.models[model].parents as readonly ModelName[]) enqueue(parent);
    const encoder = encoders.get(model)!;
    for (const [mask, parts] of buffer.groups) {
      const sql = insertStatement(model, encoder.columnsOf(mask), policy);
      const payload = `[${parts.join(',')}]`;
      pending++;
      chain = chain.then(async () => {
        try {
          if (failure === undefined) await executor.query(sql, [payload]);
        } catch (error) {
          failure ??= new Error(`insert into ${dataModel.models[model].table} failed: ${(error as Error).message}`, {
            cause: error,
          });
        } finally {
          pending--;
        }
      });
    }
  };

  const check = () => {
    if (failure !== undefined) throw failure;
  };

  return {
    async push(model, row) {
      check();
      let encoder = encoders.get(model);
      if (!encoder) encoders.set(model, (encoder = createRowEncoder(model)));
      let buffer = buffers.get(model);
      if (!buffer) buffers.set(model, (buffer = { groups: new Map(), bytes: 0 }));
      const { json, mask } = encoder.encode(row);
      let group = buffer.groups.get(mask);
      if (!group) buffer.groups.set(mask, (group = []));
      group.push(json);
      buffer.bytes += json.length;
      counts[model] = (counts[model] ?? 0) + 1;
      if (buffer.bytes >= chunkBytes) {
        enqueue(model);
        // A bounded number of chunks in flight lets generation overlap the database and bounds memory.
        if (pending > inFlight) await chain;
        check();
      }
    },
    async flush() {
      for (const model of WRITE_ORDER) enqueue(model);
      await chain;
      check();
    },
    counts: () => ({ ...counts }),
  };
}
