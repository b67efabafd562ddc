import express, { type Router } from 'express';
import type { Database } from '../prisma/database';
import { pendingMigrations } from '../prisma/migrate';
import { type HealthProbe, healthOperations } from '../rest-facade/healthOperations';

/** How long a health probe may wait for the database before it counts as down. */
const probeTimeoutMs = 2_000;

/** One dependency's state, in the shape of the hosted API's health check (NestJS Terminus). */
type Indicator = { status: 'up' | 'down'; message?: string };

/** The paths of the health routes, all GET (and HEAD): the service's method table lists them (routeMethods.ts). */
export const healthPaths = [
  '/health',
  '/health/live',
  '/health/ready',
  ...healthOperations.map((operation) => operation.path),
];

/**
 * Health endpoints:
 * - the official checks of rest-facade/healthOperations.ts (`/v1/health-check`, `/v1/live-check`,
 *   `/v2/health-check`, `/v2/live-check`): what clients of the hosted API call, in its shape
 *   `{status: 'ok'|'error', info, error, details}` (200, or 503 when the database is down); a health
 *   check also wants every migration applied, a live check a read alone;
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
  const check =
    (probe: HealthProbe): express.RequestHandler =>
    async (_request, response) => {
      const database = await probeDatabase(db, probe);
      response.status(database.status === 'up' ? 200 : 503).json(terminus({ database }));
    };
  router.get('/health', live);
  router.get('/health/live', live);
  router.get('/health/ready', check('health'));
  for (const operation of healthOperations) router.get(operation.path, check(operation.probe));
  return router;
}

/**
 * The database is up when it answers within the timeout and, for a health probe, its migrations
 * are all applied (a live probe reads one row).
 */
async function probeDatabase(db: Database, probe: HealthProbe): Promise<Indicator> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Indicator>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 'down', message: `no answer within ${probeTimeoutMs} ms` }),
      probeTimeoutMs,
    );
  });
  const answer = (async (): Promise<Indicator> => {
    try {
      if (probe === 'live') {
        await db.query('SELECT 1');
        return { status: 'up' };
      }
      const pending = await pendingMigrations(db.query);
      return pending.length === 0
        ? { status: 'up' }
        : { status: 'down', message: `${pending.length} migration(s) pending` };
    } catch {
      return { status: 'down', message: 'the database does not answer' };
    }
  })();
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function terminus(indicators: Record<string, Indicator>) {
  const up = Object.fromEntries(Object.entries(indicators).filter(([, indicator]) => indicator.status === 'up'));
  const down = Object.fromEntries(Object.entries(indicators).filter(([, indicator]) => indicator.status === 'down'));
  return { status: Object.keys(down).length === 0 ? 'ok' : 'error', info: up, error: down, details: indicators };
}
