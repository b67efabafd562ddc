// Starts the whole HTTP service (REST + GraphQL, in-process subgraphs) on a loopback port.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Database } from '../../prisma/database';
import type { ReadReplicas } from '../../prisma/replicas/openReadReplicas';
import { defaultWarpOptions, type WarpOptions } from '../../server/options';
import { createService } from '../../server/service';
import type { LocalSigners } from '../../signature-aggregator/sources/localSigners';
import type { Clock } from '../../shared/clock';
import type { ServiceMetrics } from '../../server/serviceMetrics';
import type { LoggerFactory } from '../../logging/createLoggerFactory';
import { defaultNodeRpcOptions, type NodeRpcOptions } from '../../node-rpc/options';
import type { AccessOptions } from '../../server/access/accessControl';
import { splitRequestUrl } from '../../rest-facade/requestRoute';
import { createRouteMatcher } from '../../rest-facade/routeMatcher';
import { restRoutes } from '../../rest-facade/routes';
import { officialOperations, officialResponseErrors } from '../support/officialSchemas';
import { defaultWebhookOptions, type WebhookOptions } from '../../webhooks/subscriptions/webhookStore';
import { defaultUsageOptions, type UsageOptions } from '../../server/usage/createUsageRecorder';

/** A running service for one test file. */
export type TestService = {
  /** Where it listens: `http://127.0.0.1:<port>`. */
  base: string;
  /**
   * GET (or POST with a JSON body) a path; resolves to status and parsed JSON body. An answer of a
   * REST route is first held to the official schema of its operation and status (the official
   * SDKs' view): a departure fails the test that made the request.
   */
  request(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>;
  /** POSTs a GraphQL operation to /graphql. */
  graphql(query: string, variables?: Record<string, unknown>): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
};

/**
 * Serves `db` on 127.0.0.1 with a random port.
 * @param db the database to serve
 * @param options `log`, `apiKeys`, Warp options, and `localSigners` passed to createService (as the
 * composition root passes the demo signers; none by default)
 * @returns the running service; close it in `afterAll`
 * @example const service = await startTestService(db, { localSigners: [createDemoSigners()] }); await service.request('/v1/networks/mainnet/subnets')
 */
export async function startTestService(
  db: Database,
  {
    log = () => {},
    apiKeys = [],
    warp = {},
    localSigners = [],
    clock,
    metrics,
    nodeRpc = {},
    loggers,
    access,
    webhooks = {},
    usage,
    replicas,
  }: {
    log?: (message: string, error?: unknown) => void;
    apiKeys?: string[];
    warp?: Partial<WarpOptions>;
    localSigners?: readonly LocalSigners[];
    /** "Now" of the service, e.g. `() => DEMO_NOW` for expectations computed from the demo data; the wall clock by default. */
    clock?: Clock;
    /** Prometheus instruments to record into (see server/serviceMetrics.ts). */
    metrics?: ServiceMetrics;
    /** Node RPC settings over the defaults (admin API, plugin and profile folders, upstreams, caps). */
    nodeRpc?: Partial<NodeRpcOptions>;
    /** Named loggers of the node RPC; silent ones by default. */
    loggers?: LoggerFactory;
    /** Keys and compute-unit budgets (server/access/); none by default: only `apiKeys` are checked. */
    access?: AccessOptions;
    /** Webhook limits and allowed receivers over the defaults. */
    webhooks?: Partial<WebhookOptions>;
    /** The record of requests the usage operations read (server/usage/); none by default. */
    usage?: Partial<UsageOptions>;
    /** Streaming replicas of `db` for the requests' reads (prisma/replicas/); none by default. */
    replicas?: ReadReplicas;
  } = {},
): Promise<TestService> {
  const service = await createService({
    db,
    options: {
      pageTokenSecret: 'test-secret',
      subgraphTransport: 'in-process',
      subgraphUrls: {},
      apiKeys,
      warp: { ...defaultWarpOptions, ...warp },
      nodeRpc: { ...defaultNodeRpcOptions, ...nodeRpc },
      access,
      webhooks: { ...defaultWebhookOptions, ...webhooks },
      usage: usage && { ...defaultUsageOptions, ...usage },
    },
    log,
    localSigners,
    clock,
    metrics,
    loggers,
    replicas,
  });
  const server: Server = await service.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const request: TestService['request'] = async (path, init = {}) => {
    const response = await fetch(base + path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
    const text = await response.text();
    const body = text ? JSON.parse(text) : undefined;
    checkOfficialShape(init.method ?? (init.body === undefined ? 'GET' : 'POST'), path, response.status, body);
    return { status: response.status, body };
  };
  return {
    base,
    request,
    graphql: (query, variables) => request('/graphql', { body: { query, variables } }),
    close: async () => {
      // Every test of the file is done: connections still open (kept alive, or a hostile test's
      // unfinished request) are cut rather than waited for.
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      await service.close();
    },
  };
}

const matchRoute = createRouteMatcher(restRoutes);

/**
 * Throws when a REST route's answer departs from the official schema of its operation for that
 * status (statuses the official document does not define, such as 405 or 413, are not checked).
 */
function checkOfficialShape(method: string, url: string, status: number, body: unknown): void {
  const match = matchRoute(method.toUpperCase(), splitRequestUrl(url).path);
  if (match.kind !== 'route' || body === undefined) return;
  const operationId = match.key.split('.')[1]!;
  const defined =
    officialOperations.get(operationId)?.definition.responses?.[String(status)]?.content?.['application/json'];
  if (!defined) return;
  const problems = officialResponseErrors(operationId, status, body);
  if (problems.length)
    throw new Error(
      `${method} ${url} answered ${status} outside the official schema of ${operationId}:\n${problems.join('\n')}`,
    );
}
