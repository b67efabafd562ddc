// What a worker reads an export's transactions through: a hook the composition root fills with the
// subgraphs' own list queries, so the file holds the rows the REST lists answer.
import type { ExportRequest } from './exportRequest';

/** One CSV row: its cells in column order, and when its transaction happened (orders and cuts the file by day). */
export type ExportRow = { timestamp: number; cells: ReadonlyArray<string | number | boolean | null | undefined> };

/** The file of one request: its columns, and its rows oldest first. */
export type ExportRows = { columns: readonly string[]; rows: AsyncIterable<ExportRow> };

/** Reads the rows of an export; throws a 4xx ServiceError when the request cannot be built (an unindexed chain). */
export type ExportSource = (request: ExportRequest) => ExportRows;

/**
 * Merges row streams that are each oldest first into one, oldest first; rows of one instant keep
 * the order of their streams.
 * @param streams the streams
 * @returns the merged stream
 * @example for await (const row of mergeByTime([chainA, chainB])) write(row)
 */
export async function* mergeByTime(streams: ReadonlyArray<AsyncIterable<ExportRow>>): AsyncIterable<ExportRow> {
  const iterators = streams.map((stream) => stream[Symbol.asyncIterator]());
  const heads = await Promise.all(iterators.map((iterator) => iterator.next()));
  for (;;) {
    let next = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i]!;
      if (head.done) continue;
      if (next < 0 || head.value.timestamp < (heads[next]!.value as ExportRow).timestamp) next = i;
    }
    if (next < 0) return;
    yield heads[next]!.value as ExportRow;
    heads[next] = await iterators[next]!.next();
  }
}
