import express, { type NextFunction, type Request, type Response } from 'express';
import { createServer, type Server } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import type { Database } from '../prisma/database';
import { createGateway } from '../gateway';
import { createGraphQLHttp } from '../gateway/graphqlHttp';
import { createGraphQLServer } from '../gateway/graphqlServer';
import { createRestFacade } from '../rest-facade';
import { requireApiKey } from '../rest-facade/apiKey';
import { statusBody } from '../rest-facade/errorBody';
import { buildSubgraphs } from '../subgraphs';
import { systemClock, type Clock } from '../subgraphs/shared/clock';
import type { SubgraphDeps } from '../subgraphs/shared/subgraph';
import type { LocalSigners } from '../signature-aggregator/sources/localSigners';
import { answerClientErrors } from './answerClientErrors';
import { createWarpAggregator } from './createWarpAggregator';
import { defaultWarpOptions, type ServiceOptions } from './options';

/** The HTTP application, not yet listening. */
export type Service = {
  app: express.Express;
  /** Listens on `port` (0: any free port) with the service's HTTP settings; resolves once listening. */
  listen(port: number, host?: string): Promise<Server>;
  /** Stops the gateway; the caller closes the database. */
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
}: {
  db: Database;
  /** The options, with the page-token key resolved (resolvePageTokenSecret.ts). */
  options: Pick<ServiceOptions, 'subgraphTransport' | 'subgraphUrls'> & Partial<Pick<ServiceOptions, 'apiKeys' | 'warp'>> & { pageTokenSecret: string };
  log?: (message: string, error?: unknown) => void;
  /** Extra local Warp signers wired by the composition root (the demo validators' keys when the demo data is loaded). */
  localSigners?: readonly LocalSigners[];
  /** "Now" of the answers; the wall clock unless a test pins it. */
  clock?: Clock;
}): Promise<Service> {
  const deps: SubgraphDeps = {
    prisma: db.prisma,
    pageTokens: { secret: options.pageTokenSecret },
    clock,
    signatureAggregator: createWarpAggregator(db, options.warp ?? defaultWarpOptions, localSigners),
  };
  const gateway = createGateway(
    options.subgraphTransport === 'http'
      ? { kind: 'http', urls: options.subgraphUrls }
      : { kind: 'in-process', subgraphs: await buildSubgraphs(), deps },
  );
  let apiSchema: GraphQLSchema | undefined;
  gateway.onSchemaLoadOrUpdate(({ apiSchema: schema }) => {
    apiSchema = schema;
  });
  const server = createGraphQLServer(gateway, { log });
  await server.start();
  if (!apiSchema) throw new Error('the gateway loaded no schema');

  const app = express();
  app.disable('x-powered-by');
  app.get('/health', (_request, response) => {
    response.json({ status: 'ok' });
  });
  // Data endpoints take a key (spec section 5); the /v2 metrics endpoints list none.
  const apiKey = requireApiKey(options.apiKeys ?? []);
  app.use('/v1', apiKey);
  app.use('/graphql', apiKey, createGraphQLHttp(server));
  app.use(createRestFacade({ server, apiSchema }));
  app.use((request: Request, response: Response) => {
    response.status(404).json(statusBody(404, `Cannot ${request.method} ${request.path}`));
  });
  app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    const status = clientErrorStatus(error);
    if (status === 500) log('unhandled error', error);
    if (response.headersSent) return;
    response.status(status).json(statusBody(status, status === 500 ? 'Internal Server Error' : (error as Error).message));
  });
  const listen = (port: number, host?: string) =>
    new Promise<Server>((resolve, reject) => {
      const http = answerClientErrors(createServer(app));
      http.once('error', reject);
      http.listen(port, host, () => resolve(http));
    });
  return { app, listen, close: async () => { await server.stop(); await deps.signatureAggregator?.close(); } };
}

/** Express's own client errors (malformed JSON, body too large) keep their 4xx status. */
function clientErrorStatus(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
}
