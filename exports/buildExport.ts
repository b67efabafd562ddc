// One build: the request's rows through the source, written as CSV chunks with the progress, cut at
// a day boundary once the file holds the most transactions an export may hold.
import { randomBytes } from 'node:crypto';
import type { Database } from '../prisma/database';
import type { ClaimedExport } from './claimExport';
import { csvLine } from './csvLine';
import { dayOf } from './exportRequest';
import type { ExportSource } from './exportSource';
import { recordEnd, recordProgress } from './recordBuild';

/** How builds are made. */
export type BuildOptions = {
  /** Most transactions in a file: the build stops at the first day boundary at or past it (TRANSACTION_EXPORT_MAX_TRANSACTIONS). */
  maxTransactions: number;
  /** How long a claim lasts without a write; writes come at least every quarter of it. */
  leaseMs: number;
  /** How long a finished job and its file are kept (TRANSACTION_EXPORT_RETENTION_HOURS). */
  retentionMs: number;
  /** Characters of CSV per chunk. @default 262_144 */
  chunkChars?: number;
};

/**
 * Builds a claimed job to its end: COMPLETED, or COMPLETED_WITH_WARNING (WarnTruncatedExport) with the
 * day to ask from next.
 * @param db the database
 * @param job the claimed job
 * @param source reads the request's rows
 * @param options limits and times
 * @param now the worker's clock
 * @throws LostClaimError when another worker took the job over; the source's errors
 * @example await buildExport(db, job, source, options, () => new Date())
 */
export async function buildExport(
  db: Database,
  job: ClaimedExport,
  source: ExportSource,
  options: BuildOptions,
  now: () => Date,
): Promise<void> {
  const chunkChars = options.chunkChars ?? 262_144;
  const { columns, rows } = source(job.request);
  let text = csvLine(columns);
  let seq = 0;
  let written = 0;
  let day: string | undefined;
  let lastWrite = now().getTime();
  const progress = async () => {
    const at = now();
    await recordProgress(db, job, {
      chunk: text ? { seq, data: text } : undefined,
      rowsWritten: written,
      message: `building: ${written} transactions written`,
      leaseUntil: new Date(at.getTime() + options.leaseMs),
      now: at,
    });
    if (text) seq++;
    text = '';
    lastWrite = at.getTime();
  };
  let nextDate: string | undefined;
  for await (const row of rows) {
    const rowDay = dayOf(row.timestamp);
    if (rowDay !== day) {
      if (day !== undefined && written >= options.maxTransactions) {
        nextDate = rowDay;
        break;
      }
      day = rowDay;
    }
    text += csvLine(row.cells);
    written++;
    if (text.length >= chunkChars || now().getTime() - lastWrite >= options.leaseMs / 4) await progress();
  }
  const at = now();
  await recordEnd(db, job, text ? { seq, data: text } : undefined, written, {
    ...(nextDate
      ? {
          status: 'COMPLETED_WITH_WARNING',
          code: 'WarnTruncatedExport',
          nextDate,
          message: `${written} transactions exported, to the day before ${nextDate}: an export holds whole days up to ${options.maxTransactions} transactions (TRANSACTION_EXPORT_MAX_TRANSACTIONS); ask again with firstDate ${nextDate}`,
        }
      : { status: 'COMPLETED', message: `${written} transactions exported` }),
    downloadToken: randomBytes(24).toString('base64url'),
    expiresAt: new Date(at.getTime() + options.retentionMs),
    now: at,
  });
}
