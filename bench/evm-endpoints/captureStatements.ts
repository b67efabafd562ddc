import { createDatabase } from '../../prisma/database';
import { startService } from '../shared/startService';

/** One statement the service sent, as the driver got it. */
export type CapturedStatement = { sql: string; params: readonly unknown[] };

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
  const statements: CapturedStatement[] = [];
  const db = await createDatabase({
    databaseUrl: options.databaseUrl,
    schema: options.schema,
    migrate: false,
    onQuery: (sql, params) => statements.push({ sql, params }),
  });
  try {
    const service = await startService(db, options.pageTokenSecret, () => {});
    try {
      const captured: CapturedStatement[][] = [];
      for (const path of options.paths) {
        statements.length = 0;
        const response = await fetch(service.baseUrl + path);
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${body.slice(0, 300)}`);
        captured.push([...statements]);
      }
      return captured;
    } finally {
      await service.close();
    }
  } finally {
    await db.close();
  }
}
