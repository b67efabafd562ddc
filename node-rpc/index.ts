// The node JSON-RPC interface (spec node-json-rpc.md), mounted at /ext: the admin API, each indexed
// EVM chain's geth-style `/rpc` and subnet-evm `/validators`, the routes and aliases of a node,
// answered in JSON-RPC terms (the node's envelopes, codes and texts), never in the REST error body.
import type { NextFunction, Request, Response } from 'express';
import type { Database } from '../prisma/database';
import type { LoggerFactory } from '../logging/createLoggerFactory';
import { systemClock, type Clock } from '../shared/clock';
import { noteUsage, type UsageNotes } from '../shared/usageNotes';
import { createAdminService } from './admin/createAdminService';
import { createProfiler, type Profiler } from './admin/createProfiler';
import { createVmRegistry, type VmRegistry } from './admin/createVmRegistry';
import { createGethHandler } from './envelope/gethHandler';
import { createGorillaHandler } from './envelope/gorillaHandler';
import type { ChainContext } from './eth/chainContext';
import { createChainDispatch } from './eth/createChainDispatch';
import { RPC_LIMITS, type NodeRpcOptions } from './options';
import { createAddressPolicy } from './routing/createAddressPolicy';
import { createChainAliaser, type ChainAliaser } from './routing/createChainAliaser';
import { createChainRegistry } from './routing/createChainRegistry';
import { createRouteTable, type RouteHandler } from './routing/createRouteTable';
import { applyCors } from './routing/cors';
import type { ChainInfo } from './routing/loadChains';
import { serviceVersion } from './serviceVersion';
import { createUpstream } from './upstream/createUpstream';
import { createValidatorsService } from './validators/createValidatorsService';

/** The node RPC of the process. */
export type NodeRpc = {
  /** Express handler of everything under `/ext` (mount with `app.use('/ext', nodeRpc.handler)`). */
  handler: (request: Request, response: Response, next: NextFunction) => void;
  /** The VM plugins loaded by admin.loadVMs (decoders for the indexer). */
  vms: VmRegistry;
  /** Stops the profiler's instruments. */
  close(): Promise<void>;
};

/**
 * Builds the node RPC: loads the chains of the index and registers their routes and aliases.
 * @param deps database, options, loggers (`main` receives the admin API's calls, `http` the requests,
 * one per chain its calls), clock of the validators' status rule
 * @returns the node RPC
 * @example app.use('/ext', (await createNodeRpc({ db, options, loggers })).handler)
 */
export async function createNodeRpc(deps: {
  db: Database;
  options: NodeRpcOptions;
  loggers: LoggerFactory;
  clock?: Clock;
}): Promise<NodeRpc> {
  const { db, options, loggers } = deps;
  const clock = deps.clock ?? systemClock;
  const routes = createRouteTable();
  const aliaser = createChainAliaser();
  // Named up front so admin.getLoggerLevel lists them before their first line (server/requestLog.ts writes `http`).
  loggers.get('http');
  const clientVersion = serviceVersion();
  const vms = createVmRegistry({
    pluginDir: options.pluginDir,
    vmAliases: options.vmAliases,
    logger: loggers.get('vm-factory'),
  });
  loggers.get('indexer');

  const chainHandlers = (chain: ChainInfo, primaryAlias: string): Record<string, RouteHandler> => {
    const ctx: ChainContext = {
      chain,
      db,
      logger: loggers.get(primaryAlias),
      upstream: upstreamOf(options, aliaser, chain),
      limits: { logsMaxBlocks: options.logsMaxBlocks, logsMaxResults: options.logsMaxResults },
      clientVersion,
    };
    // The usage record names the chain of every request to it (shared/usageNotes.ts).
    const usage = { rpcChainId: String(chain.evmChainId ?? chain.blockchainId), subnetRpc: !chain.isCChain };
    const handlers: Record<string, RouteHandler> = {
      '/rpc': labelled(
        '/ext/bc/{chain}/rpc',
        createGethHandler({ dispatch: createChainDispatch(ctx), ...RPC_LIMITS }),
        usage,
      ),
    };
    // The C-Chain (coreth) has no validators API.
    if (!chain.isCChain)
      handlers['/validators'] = labelled(
        '/ext/bc/{chain}/validators',
        createGorillaHandler(createValidatorsService(db, chain, clock), RPC_LIMITS.bodyLimit),
        usage,
      );
    return handlers;
  };
  const chains = createChainRegistry({
    db,
    routes,
    aliaser,
    network: options.network,
    handlers: chainHandlers,
    onError: (chain, error) =>
      loggers.get('main').warn('chain not served', { chain: chain.blockchainId, error: error.message }),
  });

  let profiler: Profiler | undefined;
  if (options.adminEnabled) {
    profiler = await createProfiler(options.profileDir);
    const admin = createGorillaHandler(
      createAdminService({
        routes,
        aliaser,
        refreshChains: chains.refresh,
        loggers,
        log: loggers.get('main'),
        profiler,
        vms,
      }),
      RPC_LIMITS.bodyLimit,
    );
    const allowed = createAddressPolicy(options.adminAllowedAddresses);
    routes.addRoute(
      '/ext/admin',
      '',
      labelled('/ext/admin', (request, response) => {
        if (allowed(request.socket.remoteAddress)) return admin(request, response);
        request.resume();
        response
          .status(403)
          .setHeader('content-type', 'text/plain; charset=utf-8')
          .end('the admin API is not served to this address (API_ADMIN_ALLOWED_ADDRESSES)\n');
      }),
    );
  }
  try {
    await chains.refresh();
  } catch (error) {
    await profiler?.close();
    throw error;
  }

  const handler = (request: Request, response: Response, next: NextFunction) => {
    void (async () => {
      const path = decodePath(`/ext${request.path}`);
      let route = path === undefined ? undefined : routes.match(path);
      if (!route && path?.startsWith('/ext/bc/') && (await chains.refreshIfStale())) route = routes.match(path);
      if (applyCors(request, response, options.allowedOrigins)) return;
      if (!route) {
        request.resume();
        response
          .status(404)
          .setHeader('content-type', 'text/plain; charset=utf-8')
          .setHeader('x-content-type-options', 'nosniff')
          .end('404 page not found\n');
        return;
      }
      await route(request, response);
    })().catch(next);
  };
  return { handler, vms, close: async () => profiler?.close() };
}

/**
 * Names the route for the request metrics (server/serviceMetrics.ts): a template, never the path
 * with its IDs or aliases; and, for a chain's routes, the chain for the usage record.
 */
function labelled(route: string, handler: RouteHandler, usage?: UsageNotes): RouteHandler {
  return (request, response) => {
    response.locals.route = route;
    if (usage) noteUsage(response, usage);
    return handler(request, response);
  };
}

/** The configured upstream of a chain: by blockchain ID, EVM chain ID or one of its aliases. */
function upstreamOf(options: NodeRpcOptions, aliaser: ChainAliaser, chain: ChainInfo) {
  const keys = [chain.blockchainId, String(chain.evmChainId), ...(aliaser.aliases(chain.blockchainId) ?? [])];
  const url = keys.map((key) => options.upstreams[key]).find((value) => value !== undefined);
  return url === undefined ? undefined : createUpstream(url, options.upstreamTimeoutMs);
}

/** URL.Path as Go decodes it; undefined for a malformed escape. */
function decodePath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
