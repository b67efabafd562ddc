import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { routeTemplate, type FinishedRequestObserver } from './finishedRequests';

/** The service's Prometheus instruments, one registry per process (served at GET /metrics). */
export type ServiceMetrics = {
  registry: Registry;
  /** Answered HTTP requests by route (the route's template, never the raw path), method and status. */
  requests: Counter<'route' | 'method' | 'status'>;
  /** HTTP request latency, seconds. */
  requestDuration: Histogram<'route' | 'method'>;
  /** Time spent in database statements, seconds. */
  databaseDuration: Histogram<never>;
  /** Requests refused by a rate limit, by tier. */
  rateLimitRejections: Counter<'tier'>;
  /** Indexers: the chain's head as last seen, the indexed height, blocks written. */
  indexerHead: Gauge<'chain'>;
  indexerHeight: Gauge<'chain'>;
  indexerLag: Gauge<'chain'>;
  indexerBlocks: Counter<'chain'>;
  /** Read replicas (DATABASE_REPLICA_URLS): whether each serves requests, and its lag at the last check. */
  replicaServing: Gauge<'replica'>;
  replicaLag: Gauge<'replica'>;
  /** Records a finished request in `requests` and `requestDuration` (finishedRequests.ts). */
  observeRequest: FinishedRequestObserver;
};

/** Latency buckets, seconds: the targets of this service are single-digit to hundreds of milliseconds. */
const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Creates the registry and instruments, plus Node's default process metrics (memory, event-loop
 * lag, GC). Route labels come from `response.locals.route`, which the REST facade and the other
 * routers set to a template (`/v1/networks/{network}/subnets`); requests no router claimed are
 * labelled `unmatched`, so scanners cannot blow up the label space.
 *
 * @returns the instruments
 * @example const metrics = createServiceMetrics(); app.use(observeFinishedRequests([metrics.observeRequest]))
 */
export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['route', 'method'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });
  const databaseDuration = new Histogram({
    name: 'database_query_duration_seconds',
    help: 'Time in database statements',
    buckets: latencyBuckets,
    registers: [registry],
  });
  const rateLimitRejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused by a rate limit',
    labelNames: ['tier'] as const,
    registers: [registry],
  });
  const indexerHead = new Gauge({
    name: 'indexer_head_block',
    help: 'Chain head as the indexer last saw it',
    labelNames: ['chain'] as const,
    registers: [registry],
  });
  const indexerHeight = new Gauge({
    name: 'indexer_indexed_block',
    help: 'Last block the indexer wrote',
    labelNames: ['chain'] as const,
    registers: [registry],
  });
  const indexerLag = new Gauge({
    name: 'indexer_lag_blocks',
    help: 'Blocks between the head and the last indexed block',
    labelNames: ['chain'] as const,
    registers: [registry],
  });
  const indexerBlocks = new Counter({
    name: 'indexer_blocks_total',
    help: 'Blocks written by the indexer (rate() gives blocks/s)',
    labelNames: ['chain'] as const,
    registers: [registry],
  });
  const replicaServing = new Gauge({
    name: 'database_replica_serving',
    help: 'Whether a read replica serves requests (1) or is out (0)',
    labelNames: ['replica'] as const,
    registers: [registry],
  });
  const replicaLag = new Gauge({
    name: 'database_replica_lag_seconds',
    help: "A read replica's distance behind the primary at the last check",
    labelNames: ['replica'] as const,
    registers: [registry],
  });
  const observeRequest: FinishedRequestObserver = ({ request, response, seconds }) => {
    const route = routeTemplate({ request, response }) ?? 'unmatched';
    requests.inc({ route, method: request.method, status: String(response.statusCode) });
    requestDuration.observe({ route, method: request.method }, seconds);
  };
  return {
    registry,
    requests,
    requestDuration,
    databaseDuration,
    rateLimitRejections,
    indexerHead,
    indexerHeight,
    indexerLag,
    indexerBlocks,
    replicaServing,
    replicaLag,
    observeRequest,
  };
}
