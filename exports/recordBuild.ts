// A build's writes: each conditioned on the claim, so a worker whose lease ran out (and whose job
// another worker now builds) writes nothing.
import type { Database } from '../prisma/database';
import type { SqlExecutor } from '../prisma/sqlExecutor';
import type { ClaimedExport } from './claimExport';
import { LostClaimError } from './exportErrors';
import type { OperationStatus, OperationStatusCode } from './exportResponse';

/** A piece of the file and the progress it brings. */
export type BuildProgress = {
  /** The chunk's number and text; none when only the progress changes. */
  chunk?: { seq: number; data: string };
  rowsWritten: number;
  message: string;
  /** The claim's new end. */
  leaseUntil: Date;
  now: Date;
};

/** How a build ended. */
export type BuildEnd = {
  status: Exclude<OperationStatus, 'RUNNING'>;
  code?: OperationStatusCode;
  nextDate?: string;
  message: string;
  /** The download link's token (a finished file). */
  downloadToken?: string;
  expiresAt: Date;
  now: Date;
};

/**
 * Writes a chunk and the progress, and extends the claim, in one transaction.
 * @throws LostClaimError when the claim is no longer this worker's
 * @example await recordProgress(db, job, { chunk: { seq: 0, data }, rowsWritten: 1000, message, leaseUntil, now })
 */
export function recordProgress(db: Database, job: ClaimedExport, progress: BuildProgress): Promise<void> {
  return db.transaction(async (tx) => {
    await holdClaim(tx, job, {
      sql: 'rows_written = $3, message = $4, lease_until = $5, updated_at = $6',
      params: [progress.rowsWritten, progress.message, progress.leaseUntil, progress.now],
    });
    if (progress.chunk)
      await tx.query('INSERT INTO transaction_export_chunk (export_id, seq, data) VALUES ($1, $2, $3)', [
        job.id,
        progress.chunk.seq,
        progress.chunk.data,
      ]);
  });
}

/**
 * Finishes a build: its last chunk, status, code, link and expiry, and the claim released, in one transaction.
 * @throws LostClaimError when the claim is no longer this worker's
 * @example await recordEnd(db, job, { seq: 3, data }, { status: 'COMPLETED', message, downloadToken, expiresAt, now })
 */
export function recordEnd(
  db: Database,
  job: ClaimedExport,
  chunk: { seq: number; data: string } | undefined,
  rowsWritten: number,
  end: BuildEnd,
): Promise<void> {
  return db.transaction(async (tx) => {
    await holdClaim(tx, job, {
      sql: `status = $3, code = $4, next_date = $5, message = $6, download_token = $7, expires_at = $8,
            updated_at = $9, rows_written = $10, claim_token = NULL, lease_until = NULL`,
      params: [
        end.status,
        end.code ?? null,
        end.nextDate ?? null,
        end.message,
        end.downloadToken ?? null,
        end.expiresAt,
        end.now,
        rowsWritten,
      ],
    });
    if (chunk)
      await tx.query('INSERT INTO transaction_export_chunk (export_id, seq, data) VALUES ($1, $2, $3)', [
        job.id,
        chunk.seq,
        chunk.data,
      ]);
  });
}

/**
 * Gives the claim back after a build failed for a reason another attempt may not share: the job is
 * claimable again at `retryAt`.
 * @example await releaseClaim(db, job, new Date(Date.now() + 10_000), 'building failed; tried again')
 */
export async function releaseClaim(db: Database, job: ClaimedExport, retryAt: Date, message: string): Promise<void> {
  await db.query(
    `UPDATE transaction_export SET lease_until = $3, claim_token = NULL, message = $4
      WHERE id = $1 AND claim_token = $2`,
    [job.id, job.claimToken, retryAt, message],
  );
}

/** Applies `set` to the job while the claim is this worker's. */
async function holdClaim(tx: SqlExecutor, job: ClaimedExport, set: { sql: string; params: unknown[] }) {
  const rows = await tx.query(
    `UPDATE transaction_export SET ${set.sql} WHERE id = $1 AND claim_token = $2 RETURNING id`,
    [job.id, job.claimToken, ...set.params],
  );
  if (rows.length === 0) throw new LostClaimError(`export ${job.id}: the claim ended; another worker builds it`);
}
