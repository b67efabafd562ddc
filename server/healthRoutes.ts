import express, { type Router } from 'express';
import type { Database } from '../prisma/database';
import { pendingMigrations } from '../prisma/migrate';

/** How long a health probe may wait for the database before it counts as down. */
const probeTimeoutMs = 2_000;

/** One dependency's state, in the shape of the hosted API's health check (NestJS Terminus). */
type Indicator = { status: 'up' | 'down'; message?: string };

/** The paths of the health routes, all GET (and HEAD): the service's method table lists them (routeMethods.ts). */
export const healthPaths = [
  '/health',
  '/health/live',
  '/health/ready',
  '/v1/health-check',
  '/v2/health-check',
] as const;

/**
 * Health endpoints:
 * - `GET /v1/health-check`, `GET /v2/health-check`: what clients of the hosted API call, in its
 *   shape `{status: 'ok'|'error', info, error, details}` (200, or 503 when the database is down);
 * - `GET /health/live`: the process answers (liveness; nothing else is checked);
 * - `GET /health/ready`: the database answers and no migration is pending (readiness: 503
 *   otherwise, so a load balancer sends no traffic to a process that cannot serve it);
 * - `GET /health`: kept for earlier deployments, same as live.
 *
 * @param db the service's database
 * @returns an Express router
 * @example app.use(createHealthRoutes(db))
 */
export function createHealthRoutes(db: Database): Router {
  const router = express.Router();
  const live = (_request: express.Request, response: express.Response) => void response.json({ status: 'ok' });
  const healthCheck = async (_request: express.Request, response: express.Response) => {
    const database = await probeDatabase(db);
    response.status(database.status === 'up' ? 200 : 503).json(terminus({ database }));
  };
  const handlers: Record<(typeof healthPaths)[number], express.RequestHandler> = {
    '/health': live,
    '/health/live': live,
    '/health/ready': async (_request, response) => {
      const database = await probeDatabase(db);
      const ready = database.status === 'up';
      response.status(ready ? 200 : 503).json(terminus({ database }));
    },
    '/v1/health-check': healthCheck,
    '/v2/health-check': healthCheck,
  };
  for (const path of healthPaths) router.get(path, handlers[path]);
  return router;
}

/** The database is up when it answers within the timeout and its migrations are all applied. */
async function probeDatabase(db: Database): Promise<Indicator> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Indicator>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 'down', message: `no answer within ${probeTimeoutMs} ms` }),
      probeTimeoutMs,
    );
  });
  const probe = (async (): Promise<Indicator> => {
    try {
      const pending = await pendingMigrations(db.query);
      return pending.length === 0
        ? { status: 'up' }
        : { status: 'down', message: `${pending.length} migration(s) pending` };
    } catch {
      return { status: 'down', message: 'the database does not answer' };
    }
  })();
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function terminus(indicators: Record<string, Indicator>) {
  const up = Object.fromEntries(Object.entries(indicators).filter(([, indicator]) => indicator.status === 'up'));
  const down = Object.fromEntries(Object.entries(indicators).filter(([, indicator]) => indicator.status === 'down'));
  return { status: Object.keys(down).length === 0 ? 'ok' : 'error', info: up, error: down, details: indicators };
}
