// The export worker on an empty database with a source of made-up rows: what it writes (the file, in
// chunks, and the progress), how builds end (completed, truncated at a day, refused, failed), expiry,
// and how workers share jobs (never two on one job, on one pool or several; a dead worker's job taken
// over at its lease's end).
import { claimExport } from '../../exports/claimExport';
import { createExportWorker, type ExportWorker, type ExportWorkerOptions } from '../../exports/createExportWorker';
import { ExportRuleError } from '../../exports/exportErrors';
import type { ExportRequest } from '../../exports/exportRequest';
import type { ExportRow, ExportSource } from '../../exports/exportSource';
import { LostClaimError } from '../../exports/exportErrors';
import { recordProgress } from '../../exports/recordBuild';
import { readExportFile } from '../../exports/readExportFile';
import { createTransactionExport, getTransactionExport } from '../../exports/transactionExports';
import type { ExportStore } from '../../exports/exportStore';
import { createDatabase, type Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { createManualClock } from '../webhooks/support/manualClock';

let db: Database;
beforeAll(async () => {
  db = await setupTestDatabase();
});
afterAll(() => teardown(db));

const owner = 'config-1';
const request: ExportRequest = {
  kind: 'evm',
  chainIds: ['43114'],
  addresses: ['0x00000000000000000000000000000000000000aa'],
  lastDate: '2026-03-01',
};
const baseOptions: ExportWorkerOptions = { maxTransactions: 1_000, leaseMs: 60_000, retentionMs: 3_600_000 };
const store = (): ExportStore => ({
  db,
  options: { downloadBaseUrl: 'http://localhost:8080' },
  now: () => new Date(),
});

/** `perDay` rows on each of `days` days from 2026-01-01, one a minute. */
function rowsOf(days: number, perDay: number): ExportRow[] {
  const first = Date.parse('2026-01-01T00:00:00Z') / 1000;
  return Array.from({ length: days * perDay }, (_, i) => {
    const timestamp = first + Math.floor(i / perDay) * 86_400 + (i % perDay) * 60;
    return { timestamp, cells: [`0x${i.toString(16).padStart(4, '0')}`, timestamp, i % 3 === 0 ? 'a,"b"' : null] };
  });
}

/** A source answering `rows`, counting the builds it serves. */
function sourceOf(rows: ExportRow[], hooks: { onRow?: (index: number) => Promise<void> } = {}) {
  const source: ExportSource & { builds: number } = Object.assign(
    () => {
      source.builds++;
      return {
        columns: ['txHash', 'timestamp', 'note'],
        rows: (async function* () {
          for (const [index, row] of rows.entries()) {
            await hooks.onRow?.(index);
            yield row;
          }
        })(),
      };
    },
    { builds: 0 },
  );
  return source;
}

/** The CSV the rows make, computed here from the RFC 4180 rules. */
function expectedCsv(rows: ExportRow[]): string {
  const cell = (value: unknown) =>
    value === null || value === undefined
      ? ''
      : /[",\r\n]/.test(String(value))
        ? `"${String(value).replaceAll('"', '""')}"`
        : String(value);
  return ['txHash,timestamp,note', ...rows.map((row) => row.cells.map(cell).join(','))].map((l) => `${l}\r\n`).join('');
}

async function fileOf(id: string, now = new Date()): Promise<string | undefined> {
  const [row] = await db.query<{ download_token: string | null }>(
    'SELECT download_token FROM transaction_export WHERE id = $1',
    [id],
  );
  if (!row?.download_token) return undefined;
  const file = await readExportFile(db, id, row.download_token, now);
  if (!file) return undefined;
  let text = '';
  for await (const chunk of file) text += chunk;
  return text;
}

async function newJob(): Promise<string> {
  const answer = await createTransactionExport(store(), owner, 'TRANSACTION_EXPORT_EVM', request);
  return answer.operationId;
}

async function clearJobs() {
  await db.query('DELETE FROM transaction_export');
}

describe('a build', () => {
  beforeEach(clearJobs);

  it('is RUNNING until a worker builds it, then COMPLETED with a link to the whole file in order', async () => {
    const rows = rowsOf(5, 40);
    const id = await newJob();
    expect((await getTransactionExport(store(), owner, id)).operationStatus).toBe('RUNNING');
    const worker = createExportWorker({
      db,
      source: sourceOf(rows),
      options: { ...baseOptions, chunkChars: 500 },
      clock: createManualClock(new Date()),
    });
    expect(await worker.runOnce()).toBe(true);
    const answer = await getTransactionExport(store(), owner, id);
    expect(answer).toMatchObject({ operationStatus: 'COMPLETED', message: `${rows.length} transactions exported` });
    expect(answer.metadata?.downloadUrl).toMatch(new RegExp(`^http://localhost:8080/exports/${id}\\.csv\\?token=`));
    const [{ chunks }] = (await db.query<{ chunks: number }>(
      'SELECT count(*)::int AS chunks FROM transaction_export_chunk WHERE export_id = $1',
      [id],
    )) as [{ chunks: number }];
    expect(chunks).toBeGreaterThan(1);
    expect(await fileOf(id)).toBe(expectedCsv(rows));
  });

  it('records its progress as it writes: rows written and the message, while RUNNING', async () => {
    const rows = rowsOf(3, 50);
    const id = await newJob();
    const seen: Array<{ status: string; rows: number; message: string }> = [];
    const source = sourceOf(rows, {
      onRow: async (index) => {
        if (index % 50 !== 49) return;
        const [row] = await db.query<{ status: string; rows_written: number; message: string }>(
          'SELECT status, rows_written, message FROM transaction_export WHERE id = $1',
          [id],
        );
        seen.push({ status: row!.status, rows: row!.rows_written, message: row!.message });
      },
    });
    const worker = createExportWorker({
      db,
      source,
      options: { ...baseOptions, chunkChars: 1 },
      clock: createManualClock(new Date()),
    });
    await worker.runOnce();
    // chunkChars 1: every row is written (with its progress) before the next is read.
    expect(seen).toEqual(
      [49, 99, 149].map((n) => ({ status: 'RUNNING', rows: n, message: `building: ${n} transactions written` })),
    );
  });

  it('stops at the first day boundary at or past maxTransactions: COMPLETED_WITH_WARNING, whole days, nextDate the next day', async () => {
    const rows = rowsOf(6, 30);
    const id = await newJob();
    const worker = createExportWorker({
      db,
      source: sourceOf(rows),
      options: { ...baseOptions, maxTransactions: 70 },
      clock: createManualClock(new Date()),
    });
    await worker.runOnce();
    const answer = await getTransactionExport(store(), owner, id);
    // 30 a day: the third day takes the file to 90 ≥ 70, so days 1 to 3 are written and day 4 is next.
    expect(answer.operationStatus).toBe('COMPLETED_WITH_WARNING');
    expect(answer.metadata).toMatchObject({ code: 'WarnTruncatedExport', nextDate: '2026-01-04' });
    expect(await fileOf(id)).toBe(expectedCsv(rows.slice(0, 90)));
  });

  it('an empty history is a file of the header alone', async () => {
    const id = await newJob();
    await createExportWorker({
      db,
      source: sourceOf([]),
      options: baseOptions,
      clock: createManualClock(new Date()),
    }).runOnce();
    expect((await getTransactionExport(store(), owner, id)).operationStatus).toBe('COMPLETED');
    expect(await fileOf(id)).toBe('txHash,timestamp,note\r\n');
  });

  it('a request the source refuses (4xx) FAILS with ErrInvalidRequest and its message, and no link', async () => {
    const id = await newJob();
    const source: ExportSource = () => {
      throw new ExportRuleError('chainId 43114 is not a chain this service indexes');
    };
    await createExportWorker({ db, source, options: baseOptions, clock: createManualClock(new Date()) }).runOnce();
    const answer = await getTransactionExport(store(), owner, id);
    expect(answer).toMatchObject({
      operationStatus: 'FAILED',
      message: 'chainId 43114 is not a chain this service indexes',
      metadata: { code: 'ErrInvalidRequest' },
    });
    expect(answer.metadata?.downloadUrl).toBeUndefined();
  });

  it('a build that breaks is tried again after retryDelayMs, and FAILS with ErrInternal after maxAttempts', async () => {
    const id = await newJob();
    const source = sourceOf(rowsOf(1, 5), {
      onRow: async () => {
        throw new Error('connection reset');
      },
    });
    const clock = createManualClock(new Date());
    const worker = createExportWorker({
      db,
      source,
      options: { ...baseOptions, maxAttempts: 2, retryDelayMs: 10_000 },
      clock,
    });
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(false); // not claimable before the retry delay
    clock.advance(10_000);
    expect(await worker.runOnce()).toBe(true);
    expect((await getTransactionExport(store(), owner, id)).operationStatus).toBe('RUNNING');
    clock.advance(10_000);
    await worker.runOnce();
    expect(source.builds).toBe(2);
    expect(await getTransactionExport(store(), owner, id)).toMatchObject({
      operationStatus: 'FAILED',
      metadata: { code: 'ErrInternal' },
    });
  });
});

describe('expiry', () => {
  beforeEach(clearJobs);

  it('a finished job and its file are deleted once retentionMs has passed; until then both are served', async () => {
    const id = await newJob();
    const clock = createManualClock(new Date());
    const worker = createExportWorker({ db, source: sourceOf(rowsOf(1, 3)), options: baseOptions, clock });
    await worker.runOnce();
    clock.advance(baseOptions.retentionMs - 1);
    await worker.runOnce();
    expect(await fileOf(id, clock.now())).toBeDefined();
    clock.advance(1);
    await worker.runOnce();
    const left = await db.query(
      'SELECT 1 FROM transaction_export WHERE id = $1 UNION ALL SELECT 1 FROM transaction_export_chunk WHERE export_id = $1',
      [id],
    );
    expect(left).toEqual([]);
  });

  it('an expired job is not answered nor downloaded even before a worker deletes it', async () => {
    const id = await newJob();
    await createExportWorker({
      db,
      source: sourceOf(rowsOf(1, 3)),
      options: baseOptions,
      clock: createManualClock(new Date()),
    }).runOnce();
    const [{ token }] = (await db.query<{ token: string }>(
      `UPDATE transaction_export SET expires_at = now() - interval '1 second' WHERE id = $1 RETURNING download_token AS token`,
      [id],
    )) as [{ token: string }];
    await expect(getTransactionExport(store(), owner, id)).rejects.toMatchObject({ status: 404 });
    expect(await readExportFile(db, id, token, new Date())).toBeUndefined();
  });
});

describe('sharing jobs between workers', () => {
  beforeEach(clearJobs);
  const workers: ExportWorker[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });

  /** Twelve jobs, a worker on each of `pools` started: each job is claimed once and completed. */
  async function expectEachJobBuiltOnce(pools: readonly Database[]): Promise<void> {
    const ids = await Promise.all(Array.from({ length: 12 }, () => newJob()));
    const source = sourceOf(rowsOf(2, 10));
    for (const pool of pools)
      workers.push(createExportWorker({ db: pool, source, options: { ...baseOptions, pollIntervalMs: 5 } }));
    for (const worker of workers) worker.start();
    await until(async () => {
      const [{ running }] = (await db.query<{ running: number }>(
        "SELECT count(*)::int AS running FROM transaction_export WHERE status = 'RUNNING'",
      )) as [{ running: number }];
      return running === 0;
    });
    const rows = await db.query<{ id: string; attempts: number; status: string }>(
      'SELECT id, attempts, status FROM transaction_export ORDER BY id',
    );
    expect(rows).toEqual([...ids].sort().map((id) => ({ id, attempts: 1, status: 'COMPLETED' })));
    expect(source.builds).toBe(12);
  }

  it('two workers never build the same job: each of 12 jobs is claimed once and completed', () =>
    expectEachJobBuiltOnce([db, db]));

  // Workers of separate service processes each hold their own pool: SKIP LOCKED, not a shared pool, keeps them apart.
  (process.env.DATABASE_URL ? it : it.skip)(
    'on PostgreSQL, workers on separate pools never build the same job: each of 12 jobs is claimed once',
    async () => {
      const [{ schema }] = (await db.query<{ schema: string }>('SELECT current_schema() AS schema')) as [
        { schema: string },
      ];
      const second = await createDatabase({ databaseUrl: process.env.DATABASE_URL, schema, migrate: false });
      try {
        await expectEachJobBuiltOnce([db, second, db, second]);
      } finally {
        await Promise.all(workers.splice(0).map((worker) => worker.stop()));
        await second.close();
      }
    },
  );

  it('a dead worker’s job is taken over when its lease ends, and the dead claim writes nothing more', async () => {
    const id = await newJob();
    const clock = createManualClock(new Date());
    // The first worker claims the job and dies before writing anything.
    const dead = await claimExport(db, clock.now(), new Date(clock.now().getTime() + baseOptions.leaseMs));
    expect(dead?.id).toBe(id);
    const other = createExportWorker({ db, source: sourceOf(rowsOf(2, 4)), options: baseOptions, clock });
    expect(await other.runOnce()).toBe(false); // the lease holds
    clock.advance(baseOptions.leaseMs);
    expect(await other.runOnce()).toBe(true);
    expect(await getTransactionExport(store(), owner, id)).toMatchObject({ operationStatus: 'COMPLETED' });
    await expect(
      recordProgress(db, dead!, {
        chunk: { seq: 9, data: 'stale' },
        rowsWritten: 1,
        message: 'stale',
        leaseUntil: clock.now(),
        now: clock.now(),
      }),
    ).rejects.toBeInstanceOf(LostClaimError);
    expect(await fileOf(id)).toBe(expectedCsv(rowsOf(2, 4)));
  });

  it('a worker whose lease ran out mid-build stops at its next write; the file is the new build’s alone', async () => {
    const id = await newJob();
    const clock = createManualClock(new Date());
    const rows = rowsOf(2, 6);
    let takeOver: Promise<boolean> | undefined;
    const second = createExportWorker({ db, source: sourceOf(rows), options: baseOptions, clock });
    const slow = createExportWorker({
      db,
      source: sourceOf(rows, {
        onRow: async (index) => {
          if (index !== 3) return;
          // While the first build is between writes, its lease runs out and another worker builds the job.
          clock.advance(baseOptions.leaseMs);
          takeOver = second.runOnce();
          await takeOver;
        },
      }),
      options: { ...baseOptions, chunkChars: 1 },
      clock,
    });
    await slow.runOnce();
    expect(await takeOver).toBe(true);
    expect(await getTransactionExport(store(), owner, id)).toMatchObject({ operationStatus: 'COMPLETED' });
    const [{ attempts }] = (await db.query<{ attempts: number }>(
      'SELECT attempts FROM transaction_export WHERE id = $1',
      [id],
    )) as [{ attempts: number }];
    expect(attempts).toBe(2);
    expect(await fileOf(id)).toBe(expectedCsv(rows));
  });
});

/** Polls `check` until it holds (at most 30 s). */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
