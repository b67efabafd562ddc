// What the database's side of writing usage rows costs the writing process. On PGlite the database
// runs in a worker thread of the process that writes (the service's CPU, but outside its event
// loop, so outside what a profile of the event loop shows); on PostgreSQL it runs in a backend,
// outside the process like the requests' own statements. The rows a service recorded are written
// again through the recorder's own path, from this process, and the CPU this process spent outside
// its main thread meanwhile is the database's share.
import { readdirSync, readFileSync } from 'node:fs';
import type { ApiRequest } from '../../prisma/generated/client';
import { insertRows } from '../../prisma/write/insertRows';
import { openEngineDatabase, type EngineLocation } from './prepareEngineData';

/** The measured replay of a service's recorded rows. */
export type UsageReplay = {
  rows: number;
  batches: number;
  /** CPU of this process outside its main thread while the rows were written, seconds. */
  outsideMainThreadCpuSeconds: number;
};

/**
 * Writes again the usage rows recorded in a time range, in batches of `batchRows` (one flush's
 * worth) as the recorder does, twice, measures the CPU this process used outside its main thread
 * the second time, then deletes the copies. No other process may hold a PGlite directory meanwhile.
 * @param location the data set the service recorded into
 * @param range the rows' `at` range, inclusive
 * @param batchRows rows per insert, as one flush of the recorder writes them
 * @returns rows, batches and the CPU outside the main thread
 * @example await replayUsageRows(location, { from, to }, 1000)
 */
export async function replayUsageRows(
  location: EngineLocation,
  range: { from: Date; to: Date },
  batchRows: number,
): Promise<UsageReplay> {
  const db = await openEngineDatabase(location);
  try {
    const recorded = await db.prisma.apiRequest.findMany({
      where: { at: { gte: range.from, lte: range.to } },
      orderBy: { id: 'asc' },
    });
    const rows = recorded.map(({ id: _id, ...row }: ApiRequest) => row);
    const [{ last }] = await db.query<{ last: bigint | null }>('SELECT max(id) AS last FROM api_request');
    const batches: (typeof rows)[] = [];
    for (let i = 0; i < rows.length; i += Math.max(1, batchRows)) batches.push(rows.slice(i, i + batchRows));
    // Once unmeasured, so the write path runs compiled, as it does in a warm service.
    for (const batch of batches) await insertRows(db, 'ApiRequest', batch);
    const before = threadCpuNanoseconds();
    for (const batch of batches) await insertRows(db, 'ApiRequest', batch);
    const after = threadCpuNanoseconds();
    const outsideMainThreadCpuSeconds = (after.all - before.all - (after.main - before.main)) / 1e9;
    await db.query('DELETE FROM api_request WHERE id > $1', [last ?? 0n]);
    return { rows: rows.length, batches: batches.length, outsideMainThreadCpuSeconds };
  } finally {
    await db.close();
  }
}

/**
 * CPU time of this process's main thread and of all its live threads, nanoseconds (Linux
 * `/proc/self/task/<tid>/schedstat`, whose first field is the time on a CPU): finer than the
 * ticks of `stat`, which a replay of a few seconds would round by several percent.
 */
function threadCpuNanoseconds(): { main: number; all: number } {
  let main = 0;
  let all = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    const nanoseconds = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    all += nanoseconds;
    // The main thread's task ID is the process ID.
    if (tid === String(process.pid)) main = nanoseconds;
  }
  return { main, all };
}
