import type { StatementRows } from '../evm-endpoints/baselineBodies';
import type { CapturedStatement } from '../evm-endpoints/captureStatements';
import { classifyStatement } from '../evm-endpoints/classifyStatement';
import type { StatementRunner } from './sqlRunners';
import type { FloorRoute } from './startFloor';

/** One request the replay floor answers: its statements, the rounds they run in, and how rows become the body. */
export type ReplayedRequest = {
  /** Path and query, exactly as requested. */
  path: string;
  statements: readonly CapturedStatement[];
  /** Roles per round: a round's statements run together, after the previous round's rows arrived. */
  rounds: readonly (readonly string[])[];
  body(rows: StatementRows): unknown;
};

/**
 * The floor of the EVM requests: each request answered by running the statements the service sends
 * for it (captured, text and parameters, captureStatements.ts) in the same rounds, then building
 * the same body with the service's formatters. Like the service, it reads a chain's row once and
 * keeps it.
 *
 * @param options how statements run (a pg pool, pgStatementRunner, or the engine's own `query`) and the requests
 * @returns the route (any GET path under /v1/chains/ that was captured)
 * @throws {Error} when a request's statements do not fit its rounds
 * @example const floor = await startFloor([replayFloorRoute({ run, requests })], end)
 */
export function replayFloorRoute({
  run,
  requests: routes,
}: Pick<StatementRunner, 'run'> & { requests: readonly ReplayedRequest[] }): FloorRoute {
  // The service keeps chain rows in memory between requests (subgraphs/evm/loaders/chainCache.ts), so a
  // capture holds the chain statement only while its cache was cold; the floor keeps them the same way:
  // the chain statement a route (or, when warm, any route of the same chain) was captured with runs once.
  const chainStatements = new Map<string, CapturedStatement>();
  for (const route of routes) {
    for (const statement of route.statements)
      if (classifyStatement(statement.sql) === 'chain') chainStatements.set(chainKeyOf(route.path), statement);
  }
  const chainRows = new Map<string, Promise<Record<string, any>[]>>();
  const byPath = new Map(
    routes.map((route) => {
      const roles = route.statements.map((statement) => classifyStatement(statement.sql));
      const planned = route.rounds.flat();
      const stray = roles.filter((role) => !planned.includes(role));
      if (stray.length > 0 || new Set(roles).size !== roles.length)
        throw new Error(
          `${route.path}: statements ${roles.join(', ')} do not fit the rounds ${JSON.stringify(route.rounds)}`,
        );
      const chain = planned.includes('chain') ? chainStatements.get(chainKeyOf(route.path)) : undefined;
      if (planned.includes('chain') && !chain)
        throw new Error(`${route.path}: no request of its chain was captured with the chain statement`);
      const rounds = route.rounds
        .map((round) =>
          round.flatMap((role) =>
            role === 'chain'
              ? []
              : route.statements.filter((_, i) => roles[i] === role).map((statement) => ({ role, statement })),
          ),
        )
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
      const results = await Promise.all(
        round.map(({ statement }) => run(statement.sql, statement.params.map(toPgParam))),
      );
      round.forEach(({ role, statement }, i) => {
        rows.set(role, { statement, rows: results[i]! });
      });
    }
    return entry.route.body(rows);
  }

  return {
    path: /^\/v1\/chains\//,
    answer: (request) => (byPath.has(request.target) ? answer(request.target) : undefined),
  };
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
