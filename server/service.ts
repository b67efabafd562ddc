import express, { type NextFunction, type Request, type Response } from 'express';
import type { Server } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import type { Database } from '../prisma/database';
import type { ReadReplicas } from '../prisma/replicas/openReadReplicas';
import { createGateway } from '../gateway';
import { createGraphQLHttp, refuseGraphQLRequest } from '../gateway/graphqlHttp';
import { createGraphQLServer } from '../gateway/graphqlServer';
import { createRestFacade } from '../rest-facade';
import { createLoggerFactory, type LoggerFactory } from '../logging/createLoggerFactory';
import { createNodeRpc } from '../node-rpc';
import { defaultNodeRpcOptions } from '../node-rpc/options';
import { statusBody } from '../rest-facade/errorBody';
import { restPathMethods } from '../rest-facade/requestRoute';
import { buildSubgraphs } from '../subgraphs';
import { systemClock, type Clock } from '../shared/clock';
import type { SubgraphDeps } from '../subgraphs/shared/subgraph';
import type { LocalSigners } from '../signature-aggregator/sources/localSigners';
import { answerClientErrors } from './answerClientErrors';
import { keepErrorMessages } from './errorAnswers';
import { createExpressHttpServer } from './expressHttpServer';
import { createHealthRoutes, healthPaths } from './healthRoutes';
import { observeFinishedRequests } from './finishedRequests';
import { assignRequestId, requestLogLine } from './requestLog';
import { browserPagePaths, createBrowserPages } from './pages/browserPages';
import { createFrontDoor, frontDoorPaths } from './pages/frontDoor';
import { answerMethods, fixedPaths, refuseOtherMethods, routeMethods, type Refuse } from './routeMethods';
import { createServiceMetrics, type ServiceMetrics } from './serviceMetrics';
import { createWarpAggregator } from './createWarpAggregator';
import { createAccessControl, unlimitedAccess } from './access/accessControl';
import { createKeyLookup } from './access/apiKeys';
import { createUsageRecorder } from './usage/createUsageRecorder';
import { defaultWarpOptions, type ServiceOptions, type TransactionExportOptions } from './options';
import { defaultWebhookOptions } from '../webhooks/subscriptions/webhookStore';
import { createExportWorker, type ExportWorker } from '../exports/createExportWorker';
import { transactionExportSource } from '../subgraphs/transactionExportSource';
import { createExportDownloads, exportDownloadMethods } from './exportDownloads';

/** Where Prometheus reads the metrics, and where GraphQL is served. */
const metricsPath = '/metrics';
const graphqlPath = '/graphql';

/** The HTTP application, not yet listening. */
export type Service = {
  app: express.Express;
  /** The service's HTTP server, not yet listening: Express's requests and responses from the start (expressHttpServer.ts), Node's parse errors answered (answerClientErrors.ts). */
  createHttpServer(): Server;
  /** Listens on `port` (0: any free port) with the service's HTTP settings; resolves once listening. */
  listen(port: number, host?: string): Promise<Server>;
  /** Writes the usage record and stops the gateway; the caller closes the database. */
  close(): Promise<void>;
};

/**
 * Wires REST (/v1, /v2) → sofa → gateway → subgraphs → Prisma, and /graphql, into one Express app.
 *
 * @example const { app } = await createService({ db, options }); app.listen(options.port)
 */
export async function createService({
  db,
  options,
  log = () => {},
  localSigners = [],
  clock = systemClock,
  metrics = createServiceMetrics(),
  loggers = createLoggerFactory({ display: () => {} }),
  replicas,
}: {
  db: Database;
  /** Streaming replicas of `db` for the requests' reads (prisma/replicas/); the caller closes them. */
  replicas?: ReadReplicas;
  /** The options, with the page-token key resolved (resolvePageTokenSecret.ts). */
  options: Pick<ServiceOptions, 'subgraphTransport' | 'subgraphUrls'> &
    Partial<Pick<ServiceOptions, 'apiKeys' | 'access' | 'warp' | 'nodeRpc' | 'webhooks' | 'exports' | 'usage'>> & {
      pageTokenSecret: string;
    };
  log?: (message: string, error?: unknown) => void;
  /** Extra local Warp signers wired by the composition root (the demo validators' keys when the demo data is loaded). */
  localSigners?: readonly LocalSigners[];
  /** "Now" of the answers; the wall clock unless a test pins it. */
  clock?: Clock;
  /** Prometheus instruments (the composition root shares them with the database and indexers). */
  metrics?: ServiceMetrics;
  /** The process's named loggers (the node RPC's `main`, `http`, per-chain loggers); silent by default. */
  loggers?: LoggerFactory;
}): Promise<Service> {
  const exportOptions = options.exports ?? defaultExportOptions;
  let exportWorker: ExportWorker | undefined;
  // The record of finished requests (server/usage/); without usage options (tests, benches) none is kept.
  const nodeRpcOptions = options.nodeRpc ?? defaultNodeRpcOptions;
  const usage = options.usage?.enabled
    ? createUsageRecorder({
        db,
        options: options.usage,
        lookup: createKeyLookup(db.prisma, options.access?.apiKeys ?? options.apiKeys ?? []),
        rpcNetwork: nodeRpcOptions.network === 'MAINNET' ? 'mainnet' : 'testnet',
        // The service's clock, so a test that pins it reads the requests it made at that instant.
        now: clock === systemClock ? Date.now : () => clock() * 1000,
        log,
      })
    : undefined;
  const deps: SubgraphDeps = {
    prisma: db.prisma,
    read: db.read,
    replicas,
    pageTokens: { secret: options.pageTokenSecret },
    clock,
    signatureAggregator: createWarpAggregator(db, options.warp ?? defaultWarpOptions, localSigners),
    webhooks: {
      transaction: db.transaction,
      options: options.webhooks ?? defaultWebhookOptions,
      now: () => new Date(),
    },
    exports: {
      db,
      options: { downloadBaseUrl: exportOptions.downloadBaseUrl },
      now: () => new Date(),
      onCreated: () => exportWorker?.wake(),
    },
    usageRecord: usage,
  };
  // TRANSACTION_EXPORTS: a worker in this process builds exports (others, here or elsewhere, share the jobs).
  if (exportOptions.worker) {
    exportWorker = createExportWorker({
      db,
      source: transactionExportSource(deps),
      options: { ...exportOptions, leaseMs: 60_000 },
      log: loggers.get('exports'),
    });
    exportWorker.start();
  }
  const gateway = createGateway(
    options.subgraphTransport === 'http'
      ? { kind: 'http', urls: options.subgraphUrls }
      : { kind: 'in-process', subgraphs: await buildSubgraphs(), deps },
  );
  let apiSchema: GraphQLSchema | undefined;
  let supergraphSdl = '';
  gateway.onSchemaLoadOrUpdate(({ apiSchema: schema, coreSupergraphSdl }) => {
    apiSchema = schema;
    supergraphSdl = coreSupergraphSdl;
  });
  const server = createGraphQLServer(gateway, { log });
  await server.start();
  if (!apiSchema) throw new Error('the gateway loaded no schema');

  const app = express();
  app.disable('x-powered-by');
  keepErrorMessages(app);
  // The anonymous tier counts per client address: behind a proxy, the address the proxy forwards.
  if (options.access?.trustProxy !== undefined) app.set('trust proxy', options.access.trustProxy);
  app.use(assignRequestId());
  app.use(
    observeFinishedRequests([
      requestLogLine(loggers.get('http')),
      metrics.observeRequest,
      ...(usage ? [usage.observe] : []),
    ]),
  );
  // The methods every route answers, from one table of the service's paths (routeMethods.ts): HEAD
  // as GET, GET and HEAD bodies discarded, OPTIONS here, other methods 405 after every router.
  // The node RPC under /ext is not in it: it answers methods and bodies as the node does.
  const restRefusal: Refuse = (response, status, message) =>
    void response.status(status).json(statusBody(status, message));
  const routes = routeMethods([
    { methodsAt: (request) => restPathMethods(request.url), refuse: restRefusal },
    {
      methodsAt: fixedPaths([...healthPaths, metricsPath, ...browserPagePaths, ...frontDoorPaths], ['GET', 'HEAD']),
      refuse: restRefusal,
    },
    { methodsAt: fixedPaths([graphqlPath], ['GET', 'HEAD', 'POST']), refuse: refuseGraphQLRequest },
    { methodsAt: exportDownloadMethods, refuse: restRefusal },
  ]);
  app.use(answerMethods(routes));
  app.use(createHealthRoutes(db));
  // Export files: the link is the credential, so before access control.
  app.use(createExportDownloads(db, () => new Date()));
  app.get(metricsPath, async (_request, response) => {
    response.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  // Keys and compute-unit budgets (server/access/), one mechanism for REST and GraphQL. Without
  // access options only the keys of `apiKeys` are checked (tests, benches): no budgets.
  const access = createAccessControl({
    prisma: db.prisma,
    options: options.access ?? {
      ...unlimitedAccess,
      apiKeys: options.apiKeys ?? [],
      apiKeyRequired: (options.apiKeys ?? []).length > 0,
    },
    onRejection: (tier) => metrics.rateLimitRejections.inc({ tier }),
    log,
    // Rate windows follow the service's clock, so a test that pins it pins the windows too.
    now: () => clock() * 1000,
  });
  app.use(access.rest);
  // REST before the other routers: it is most of the traffic, and every router a request passes
  // through costs it microseconds. The facade claims /v1, /v2 and /openapi.json only.
  app.use(createRestFacade({ server, apiSchema, supergraphSdl, shortcut: gateway.shortcut, log }));
  // Pages for people (the front door, GraphQL explorer, REST reference): public (access control acts
  // on /v1, /v2 and inside /graphql), and before /graphql, whose GET from a browser is the explorer.
  app.use(createFrontDoor({ db, rpcNetwork: nodeRpcOptions.network }));
  app.use(createBrowserPages());
  const graphql = [
    (_request: Request, response: Response, next: NextFunction) => {
      response.locals.route = graphqlPath;
      next();
    },
    createGraphQLHttp(server, { beforeExecute: access.graphql }),
  ];
  app.get(graphqlPath, ...graphql);
  app.post(graphqlPath, ...graphql);
  // The node JSON-RPC (admin API, chain RPC, validators) answers in JSON-RPC terms.
  const nodeRpc = await createNodeRpc({ db, options: nodeRpcOptions, loggers, clock });
  app.use('/ext', nodeRpc.handler);
  app.use(refuseOtherMethods(routes));
  app.use((request: Request, response: Response) => {
    response.status(404).json(statusBody(404, `Cannot ${request.method} ${request.path}`));
  });
  app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    const status = clientErrorStatus(error);
    if (status === 500) log(`unhandled error in request ${String(response.locals.requestId)}`, error);
    if (response.headersSent) return;
    response
      .status(status)
      .json(statusBody(status, status === 500 ? 'Internal Server Error' : (error as Error).message));
  });
  // Node closes an idle connection after 5 s, while the proxies and load balancers in front of a
  // service keep theirs up to 60 s: a client's next request on a connection the server is closing
  // fails with a reset. The service keeps idle connections longer than they do.
  const createHttpServer = () => {
    const http = answerClientErrors(createExpressHttpServer(app));
    http.keepAliveTimeout = 65_000;
    return http;
  };
  const listen = (port: number, host?: string) =>
    new Promise<Server>((resolve, reject) => {
      const http = createHttpServer();
      http.once('error', reject);
      http.listen(port, host, () => resolve(http));
    });
  return {
    app,
    createHttpServer,
    listen,
    close: async () => {
      // The requests answered before the shutdown are written while the database is still open.
      await usage?.close();
      await exportWorker?.stop();
      await server.stop();
      await access.close();
      await deps.signatureAggregator?.close();
      await nodeRpc.close();
    },
  };
}

/** Exports without a worker in the process, their links to the default port (tests, benches). */
const defaultExportOptions: TransactionExportOptions = {
  worker: false,
  downloadBaseUrl: 'http://localhost:8080',
  retentionMs: 86_400_000,
  maxTransactions: 100_000,
};

/** Express's own client errors (malformed JSON, body too large) keep their 4xx status. */
function clientErrorStatus(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
}
