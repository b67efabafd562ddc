import http from 'node:http';
import pg from 'pg';
import { createPreparedReads, KEEP_PLAN } from '../../prisma/read/preparedReads';
import { listenOnLoopback, type LoopbackServer } from '../shared/listenOnLoopback';
import type { StatementRows } from './baselineBodies';
import type { CapturedStatement } from './captureStatements';
import { classifyStatement } from './classifyStatement';
import { sendJson } from '../shared/sendJson';

/** One request the baseline answers: its statements, the rounds they run in, and how rows become the body. */
export type BaselineRoute = {
  /** Path and query, exactly as requested. */
  path: string;
  statements: readonly CapturedStatement[];
  /** Roles per round: a round's statements run together, after the previous round's rows arrived. */
  rounds: readonly (readonly string[])[];
  body(rows: StatementRows): unknown;
};

/**
 * The floor to compare the service with: a bare node:http server that answers each route by
 * running the statements the service sends for it (captured, text and parameters,
 * captureStatements.ts) through one pg.Pool in the same rounds, then building the same body with
 * the service's formatters and `JSON.stringify`. The difference measured is the stack: Express,
 * sofa, Apollo Server, the gateway, GraphQL execution, DataLoader and Prisma. Like the service, it
 * reads a chain's row once and keeps it.
 *
 * @param options how statements run (a pg pool, {@link pgStatementRunner}, or the engine's own `query`) and the routes
 * @returns the listening server; closing it also ends the runner
 * @throws {Error} when a route's statements do not fit its rounds
 * @example const baseline = await startEvmPgBaseline({ ...pgStatementRunner(databaseUrl, schema), routes })
 */
export async function startEvmPgBaseline({ run, end, routes }: StatementRunner & { routes: readonly BaselineRoute[] }): Promise<LoopbackServer> {
  // The service keeps chain rows in memory between requests (subgraphs/evm/loaders/chainCache.ts), so a
  // capture holds the chain statement only while its cache was cold; the floor keeps them the same way:
  // the chain statement a route (or, when warm, any route of the same chain) was captured with runs once.
  const chainStatements = new Map<string, CapturedStatement>();
  for (const route of routes) {
    for (const statement of route.statements) if (classifyStatement(statement.sql) === 'chain') chainStatements.set(chainKeyOf(route.path), statement);
  }
  const chainRows = new Map<string, Promise<Record<string, any>[]>>();
  const byPath = new Map(
    routes.map((route) => {
      const roles = route.statements.map((statement) => classifyStatement(statement.sql));
      const planned = route.rounds.flat();
      const stray = roles.filter((role) => !planned.includes(role));
      if (stray.length > 0 || new Set(roles).size !== roles.length) throw new Error(`${route.path}: statements ${roles.join(', ')} do not fit the rounds ${JSON.stringify(route.rounds)}`);
      const chain = planned.includes('chain') ? chainStatements.get(chainKeyOf(route.path)) : undefined;
      if (planned.includes('chain') && !chain) throw new Error(`${route.path}: no request of its chain was captured with the chain statement`);
      const rounds = route.rounds
        .map((round) => round.flatMap((role) => (role === 'chain' ? [] : route.statements.filter((_, i) => roles[i] === role).map((statement) => ({ role, statement })))))
        .filter((round) => round.length > 0);
      return [route.path, { route, rounds, chain }] as const;
    }),
  );

  async function answer(path: string): Promise<unknown> {
    const entry = byPath.get(path);
    if (!entry) return undefined;
    const rows: StatementRows = new Map();
    if (entry.chain) {
      const key = chainKeyOf(path);
      if (!chainRows.has(key)) chainRows.set(key, run(entry.chain.sql, entry.chain.params.map(toPgParam)));
      rows.set('chain', { statement: entry.chain, rows: await chainRows.get(key)! });
    }
    for (const round of entry.rounds) {
      const results = await Promise.all(round.map(({ statement }) => run(statement.sql, statement.params.map(toPgParam))));
      round.forEach(({ role, statement }, i) => rows.set(role, { statement, rows: results[i]! }));
    }
    return entry.route.body(rows);
  }

  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => sendJson(response, status, body);
    answer(request.url ?? '/').then(
      (body) => (body === undefined ? send(404, { statusCode: 404, error: 'Not Found' }) : send(200, body)),
      (error: Error) => send(500, { statusCode: 500, error: 'Internal Server Error', message: error.message }),
    );
  });
  return listenOnLoopback(server, { afterClose: async () => { await end?.(); } });
}

/** Runs one captured statement with its parameters and gives its rows; `end` releases what it holds. */
export type StatementRunner = { run: (sql: string, params: unknown[]) => Promise<Record<string, any>[]>; end?: () => Promise<void> };

/**
 * A pg.Pool (default size 10, like the service's) on the bench's schema, rows as pg parses them,
 * statements prepared under names as the service's reads are (prisma/read/preparedReads.ts).
 * @param databaseUrl the bench's PostgreSQL
 * @param schema the schema the service reads
 * @returns the runner; `end` ends the pool
 * @example startEvmPgBaseline({ ...pgStatementRunner(url, 'bench_abc'), routes })
 */
export function pgStatementRunner(databaseUrl: string, schema: string): StatementRunner {
  const url = new URL(databaseUrl);
  url.searchParams.delete('schema'); // Prisma's parameter, not libpq's
  // Prisma's statements name the schema; the service's raw SQL resolves tables through search_path, as here.
  const pool = new pg.Pool({ connectionString: url.toString(), options: `-c search_path="${schema}"` });
  pool.on('error', () => {}); // an idle connection dropped by the server must not crash the bench
  // Prepared under names: every statement of the EVM requests replayed here keeps its plan in the service too.
  const read = createPreparedReads(pool);
  return { run: (sql, params) => read(sql, params, pg.types, KEEP_PLAN), end: () => pool.end() };
}

/** The `chainId` segment of an EVM path (`/v1/chains/43114/...` → `43114`). */
function chainKeyOf(path: string): string {
  return /^\/v1\/chains\/([^/?]+)/.exec(path)?.[1] ?? path;
}

/** Parameters as the driver adapter sent them; pg takes bigint as text. */
function toPgParam(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toPgParam);
  return value;
}
