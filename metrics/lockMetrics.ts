// Writers of the metric rollups take turns. The rows of the shared scopes (a network, `total`), the
// ICM message counts, BTC.b bridged and the address numbers are changed by every chain's blocks;
// two transactions changing them at once would lock them in different orders and deadlock, and a
// set's new members are read before they are merged. The lock is a transaction's, taken before any
// of those rows and held until the block's rows and counts commit; the rows a transaction writes
// before it are its own chain's (and Teleporter messages, which no writer touches under it).
import type { SqlExecutor } from '../prisma/database';

/** The advisory lock's key: "metrics" in ASCII (0x6d657472696373); Prisma's migration lock is 72707369. */
const METRICS_LOCK_KEY = 30792323271582579n;

/**
 * Waits for, then holds until its transaction ends, the lock of the metric rollups (a no-op
 * outside a transaction beyond the statement itself, and on PGlite's one connection).
 * @param executor the transaction that changes the rollups
 * @example await lockMetrics(tx)
 */
export async function lockMetrics(executor: SqlExecutor): Promise<void> {
  await executor.query(`SELECT pg_advisory_xact_lock(${METRICS_LOCK_KEY})`);
}
