import pg from 'pg';
import type { Database } from '../../prisma/database';
import type { CapturedStatement, StatementRecorder } from '../evm-endpoints/captureStatements';
import { listRequests } from './countStatements';

/** A table holding more rows than this must not be read whole for one page. */
export const LARGE_TABLE_ROWS = 10_000;

/** The plan PostgreSQL runs for one statement of a list request's second page, and what it did. */
export type StatementPlan = {
  request: string;
  /** Position of the statement in the request, from 1. */
  statement: number;
  /** The generic plan the statement keeps (`KEEP_PLAN`), or one planned for its values. */
  generic: boolean;
  /** Each scan as the plan names it, e.g. `Index Scan using utxo_address_pkey on utxo_address a`. */
  scans: string[];
  /** Sequential scans of tables of more than {@link LARGE_TABLE_ROWS} rows (a keyset page must need none). */
  largeSeqScans: string[];
  /** `Execution Time` of `EXPLAIN ANALYZE`, ms; undefined when the statement could not be explained. */
  executionMs?: number;
  /** The plan as `EXPLAIN (ANALYZE, BUFFERS)` prints it, or why there is none. */
  plan: string;
};

// pg's own conversion of a parameter to the text it sends, so EXECUTE gets the values the service sent.
const { prepareValue } = require('pg/lib/utils') as {
  prepareValue(value: unknown): string | Buffer | null | undefined;
};

/**
 * Shows how the list requests' keyset pages are read: for each list whose statements the suite
 * counts, its second page (the first page's `nextPageToken`: the keyset condition included) is
 * requested through REST, and every statement it sent is explained as the service runs it. A
 * statement that keeps its plan is explained with the generic plan PostgreSQL keeps
 * (`force_generic_plan`), the others with a plan for their values; `EXPLAIN (ANALYZE, BUFFERS)`
 * of `EXECUTE`, so the plan also says what it read. Requests are sent one at a time.
 * @param baseUrl the service
 * @param recorder the service database's statement recorder
 * @param db the service's database (the statements are explained on its pool)
 * @param failures receives why a request could not be explained; the others still are
 * @returns the plans, by request and statement
 * @example const plans = await explainListPlans(service.baseUrl, recorder, db, failures)
 */
export async function explainListPlans(
  baseUrl: string,
  recorder: StatementRecorder,
  db: Database,
  failures: string[],
): Promise<StatementPlan[]> {
  const rowsOf = new Map(
    (
      await db.query<{ name: string; rows: number }>(
        `SELECT relname AS name, reltuples::float8 AS rows FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p')`,
      )
    ).map((table) => [table.name, table.rows]),
  );
  const plans: StatementPlan[] = [];
  for (const request of listRequests(10)) {
    try {
      const first = await getJson(baseUrl + request.path);
      const token = typeof first.nextPageToken === 'string' ? first.nextPageToken : undefined;
      const pagePath = token ? `${request.path}&pageToken=${encodeURIComponent(token)}` : request.path;
      recorder.start();
      await getJson(baseUrl + pagePath);
      const statements = recorder.take();
      for (const [i, statement] of statements.entries()) {
        plans.push({
          request: `${request.name}${token ? ', page 2' : ', page 1 (the only one)'}`,
          statement: i + 1,
          ...(await explain(db, statement, rowsOf)),
        });
      }
    } catch (error) {
      recorder.take();
      failures.push(`plans of ${request.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return plans;
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as Record<string, unknown>;
}

let explained = 0;

/** EXPLAIN (ANALYZE, BUFFERS) EXECUTE of one captured statement, under a name of its own (PGlite's connections share one session). */
async function explain(
  db: Database,
  statement: CapturedStatement,
  rowsOf: ReadonlyMap<string, number>,
): Promise<Omit<StatementPlan, 'request' | 'statement'>> {
  const generic = statement.keepPlan === true;
  const name = `bench_explain_${++explained}`;
  const values = statement.params.map(literal);
  let plan: string;
  try {
    plan = await db.transaction(async (tx) => {
      await tx.query(`SET LOCAL plan_cache_mode = ${generic ? 'force_generic_plan' : 'force_custom_plan'}`);
      await tx.query(`PREPARE ${name} AS ${statement.sql}`);
      const rows = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) EXECUTE ${name}${values.length > 0 ? `(${values.join(', ')})` : ''}`,
      );
      await tx.query(`DEALLOCATE ${name}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  } catch (error) {
    // A prepared statement outlives the transaction that failed after preparing it.
    await db.query(`DEALLOCATE ${name}`).catch(() => {});
    return {
      generic,
      scans: [],
      largeSeqScans: [],
      plan: `could not be explained: ${error instanceof Error ? error.message : String(error)}\n\n${statement.sql}`,
    };
  }
  const scans = [
    ...plan.matchAll(
      /(?:Parallel )?(?:Seq Scan|Index Only Scan(?: Backward)?|Index Scan(?: Backward)?|Bitmap Heap Scan|Bitmap Index Scan)(?: using \S+)? on \S+(?: \w+)?(?= |$)/gm,
    ),
  ].map((m) => m[0]);
  const largeSeqScans = scans.filter((scan) => {
    const table = /Seq Scan on (\S+)/.exec(scan)?.[1];
    return table !== undefined && (rowsOf.get(table) ?? 0) > LARGE_TABLE_ROWS;
  });
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]);
  return {
    generic,
    scans: [...new Set(scans)],
    largeSeqScans,
    executionMs: Number.isFinite(executionMs) ? executionMs : undefined,
    plan,
  };
}

/** A parameter as an SQL literal of unknown type, as the driver would send it (PREPARE inferred its type). */
function literal(value: unknown): string {
  const text = prepareValue(value);
  if (text === null || text === undefined) return 'NULL';
  if (Buffer.isBuffer(text)) return `'\\x${text.toString('hex')}'`;
  return pg.escapeLiteral(String(text));
}
