import { createDatabase } from '../../prisma/database';
import type { ReadOptions } from '../../prisma/read/preparedReads';
import { startService } from '../shared/startService';

/** One statement the service sent, as the driver got it, and whether it keeps its plan (`KEEP_PLAN`). */
export type CapturedStatement = { sql: string; params: readonly unknown[]; keepPlan?: boolean };

/** Collects the statements Prisma executes, only while asked to (outside that, one cheap check per statement). */
export type StatementRecorder = {
  /** Pass as the database's `onQuery`. */
  onQuery(sql: string, params: readonly unknown[], readOptions?: ReadOptions): void;
  /** Starts recording, forgetting anything recorded before. */
  start(): void;
  /** Stops recording and gives what was recorded. */
  take(): CapturedStatement[];
};

/**
 * A recorder to pass as `onQuery` when the database is opened.
 * @returns the recorder, not recording
 * @example const recorder = createStatementRecorder(); const db = await createDatabase({ onQuery: recorder.onQuery })
 */
export function createStatementRecorder(): StatementRecorder {
  let recording: CapturedStatement[] | undefined;
  return {
    onQuery: (sql, params, readOptions) => recording?.push({ sql, params, keepPlan: readOptions?.keepPlan === true }),
    start: () => {
      recording = [];
    },
    take: () => {
      const taken = recording ?? [];
      recording = undefined;
      return taken;
    },
  };
}

/**
 * The statements a running service sends for each of `paths` (GET), one request at a time, in order.
 * @param baseUrl the service, whose database reports to `recorder`
 * @param recorder the database's recorder
 * @param paths request paths and queries
 * @returns the statements of each path
 * @throws {Error} when a request does not answer 200
 * @example const [statements] = await requestStatements(service.baseUrl, recorder, ['/v1/chains/43114/transactions/0x…'])
 */
export async function requestStatements(
  baseUrl: string,
  recorder: StatementRecorder,
  paths: readonly string[],
): Promise<CapturedStatement[][]> {
  const captured: CapturedStatement[][] = [];
  for (const path of paths) {
    recorder.start();
    const response = await fetch(baseUrl + path);
    const body = await response.text();
    const statements = recorder.take();
    if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${body.slice(0, 300)}`);
    captured.push(statements);
  }
  return captured;
}

/**
 * The statements the service sends for each of `paths`, in the order it sends them: a second
 * instance of the service on a connection pool that reports every statement Prisma executes
 * (`onQuery`). The pg baseline replays exactly these, so both run the same SQL by construction;
 * the measured service has no such hook (it costs a proxy call per statement).
 *
 * @param options the bench's database, schema, page-token secret, and the request paths
 * @returns the statements of each path
 * @throws {Error} when a request does not answer 200
 * @example const [statements] = await captureStatements({ databaseUrl, schema, pageTokenSecret, paths: ['/v1/chains/43114/transactions/0x…'] })
 */
export async function captureStatements(options: {
  databaseUrl: string;
  schema: string;
  pageTokenSecret: string;
  paths: readonly string[];
}): Promise<CapturedStatement[][]> {
  const recorder = createStatementRecorder();
  const db = await createDatabase({
    databaseUrl: options.databaseUrl,
    schema: options.schema,
    migrate: false,
    onQuery: recorder.onQuery,
  });
  try {
    const service = await startService(db, options.pageTokenSecret, () => {});
    try {
      return await requestStatements(service.baseUrl, recorder, options.paths);
    } finally {
      await service.close();
    }
  } finally {
    await db.close();
  }
}
