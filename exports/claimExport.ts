// The workers' share of the jobs: a running job no live claim holds, locked with SKIP LOCKED so
// workers on one database never take the same one, and leased so a worker that dies gives it back
// when the lease ends. A claim starts the build over: the file of an earlier build is deleted.
import { randomUUID } from 'node:crypto';
import type { Database } from '../prisma/database';
import type { ExportRequest } from './exportRequest';

/** A job a worker now builds. */
export type ClaimedExport = {
  id: string;
  request: ExportRequest;
  /** Builds started, this one included. */
  attempts: number;
  /** The claim's token: every write of the build is conditioned on it. */
  claimToken: string;
};

/**
 * Claims the oldest running job no live claim holds, in one short transaction: takes its lease,
 * counts the attempt and deletes the file of an earlier build.
 * @param db the database
 * @param now the worker's now: leases ending at or before it are over
 * @param leaseUntil when the claim ends unless a write of the build extends it
 * @returns the job, or undefined when none is waiting
 * @example const job = await claimExport(db, now, new Date(now.getTime() + 60_000))
 */
export function claimExport(db: Database, now: Date, leaseUntil: Date): Promise<ClaimedExport | undefined> {
  const claimToken = randomUUID();
  return db.transaction(async (tx) => {
    // transaction_export_running_idx serves the inner SELECT: running jobs, oldest first.
    const [row] = await tx.query<{ id: string; request: ExportRequest; attempts: number }>(
      `UPDATE transaction_export e
          SET claim_token = $3, lease_until = $2, attempts = e.attempts + 1, updated_at = $1
         FROM (SELECT id FROM transaction_export
                WHERE status = 'RUNNING' AND (lease_until IS NULL OR lease_until <= $1)
                ORDER BY created_at LIMIT 1
                FOR UPDATE SKIP LOCKED) due
        WHERE e.id = due.id
        RETURNING e.id, e.request, e.attempts`,
      [now, leaseUntil, claimToken],
    );
    if (!row) return undefined;
    await tx.query('DELETE FROM transaction_export_chunk WHERE export_id = $1', [row.id]);
    return { id: row.id, request: row.request, attempts: row.attempts, claimToken };
  });
}
