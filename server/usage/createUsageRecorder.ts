// The record of finished requests the usage operations read: each answered request is kept in
// memory and written with others in one multi-row insert (prisma/write/insertRows.ts), on a timer or
// once enough wait, so recording adds no statement to any request; rows past the retention are
// deleted hourly.
import type { SqlExecutor } from '../../prisma/database';
import { insertRows } from '../../prisma/write/insertRows';
import type { KeyLookup } from '../access/apiKeys';
import type { FinishedRequestObserver } from '../finishedRequests';
import { deleteExpiredUsage } from './deleteExpiredUsage';
import { usageRow, type PendingUsage } from './usageRow';

/** Options of the usage record (USAGE_* in server/options.ts). */
export type UsageOptions = {
  /** Record requests; false: the usage operations answer what is kept. */
  enabled: boolean;
  /** Days a row is kept. */
  retentionDays: number;
  /** Longest wait of a row in memory, ms. */
  flushIntervalMs: number;
  /** Rows that start a write at once; ten times this many wait at most. */
  flushRows: number;
};

/** The record's settings when nothing is configured. */
export const defaultUsageOptions: UsageOptions = {
  enabled: true,
  retentionDays: 30,
  flushIntervalMs: 1000,
  flushRows: 1000,
};

/** The usage record of the process. */
export type UsageRecorder = {
  /** Keeps a finished request (mount with observeFinishedRequests). */
  observe: FinishedRequestObserver;
  /** Writes every request kept so far; resolves once written (or once the failure is logged). */
  flush(): Promise<void>;
  /** Deletes the rows past the retention now. */
  deleteExpired(): Promise<number>;
  /** Stops the timers and writes what is kept (a shutdown step, before the database closes). */
  close(): Promise<void>;
};

const hourMs = 3_600_000;

/**
 * Creates the usage record of the process and starts its timers (unref'd: they keep no process alive).
 * @param db where rows are written
 * @param options retention, flush interval and size
 * @param lookup resolves the keys node RPC requests present (access control does not see `/ext`)
 * @param rpcNetwork the network the node RPC serves, `mainnet` or `testnet`
 * @param now the instant a request finished, ms
 * @example const usage = createUsageRecorder({ db, options, lookup, rpcNetwork: 'mainnet' }); app.use(observeFinishedRequests([usage.observe]))
 */
export function createUsageRecorder({
  db,
  options,
  lookup,
  rpcNetwork,
  now = Date.now,
  log = () => {},
}: {
  db: SqlExecutor;
  options: UsageOptions;
  lookup: KeyLookup;
  rpcNetwork: 'mainnet' | 'testnet';
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}): UsageRecorder {
  let pending: PendingUsage[] = [];
  let dropped = 0;
  let writing: Promise<void> = Promise.resolve();
  const maxPending = options.flushRows * 10;

  const write = async (batch: PendingUsage[]) => {
    try {
      await resolvePresentedKeys(batch, lookup);
      await insertRows(db, 'ApiRequest', batch);
    } catch (error) {
      log(`usage: ${batch.length} recorded requests not written`, error);
    }
  };
  const flush = (): Promise<void> => {
    if (dropped > 0) {
      log(`usage: ${dropped} requests not recorded while the database fell behind`);
      dropped = 0;
    }
    if (pending.length === 0) return writing;
    const batch = pending;
    pending = [];
    // One write at a time, in order: a flush resolves once every row kept before it is written.
    writing = writing.then(() => write(batch));
    return writing;
  };
  const deleteExpired = () => deleteExpiredUsage(db, new Date(now() - options.retentionDays * 24 * hourMs));
  const expire = () =>
    deleteExpired().catch((error: unknown) => {
      log('usage: deleting the rows past the retention failed', error);
      return 0;
    });

  const flushTimer = setInterval(() => void flush(), options.flushIntervalMs);
  flushTimer.unref();
  const expiryTimer = setInterval(() => void expire(), hourMs);
  expiryTimer.unref();
  void expire();

  const observe: FinishedRequestObserver = (finished) => {
    const row = usageRow(finished, now(), rpcNetwork);
    if (!row) return;
    if (pending.length >= maxPending) {
      dropped++;
      return;
    }
    pending.push(row);
    if (pending.length >= options.flushRows) void flush();
  };

  return {
    observe,
    flush,
    deleteExpired,
    close: async () => {
      clearInterval(flushTimer);
      clearInterval(expiryTimer);
      await flush();
    },
  };
}

/** Gives the rows of node RPC requests the ID of the key they presented, when it is a valid key. */
async function resolvePresentedKeys(batch: PendingUsage[], lookup: KeyLookup): Promise<void> {
  for (const row of batch) {
    if (row.presentedKey === undefined) continue;
    const key = await lookup(row.presentedKey).catch(() => undefined);
    row.keyId = key?.id ?? null;
    delete row.presentedKey;
  }
}
