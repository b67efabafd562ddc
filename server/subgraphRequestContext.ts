// The per-request context of a subgraph served as its own HTTP process: the caller is the key the
// gateway forwards (gateway/index.ts), looked up here as access control looks it up.
import type { IncomingMessage } from 'node:http';
import { apiKeyHeader } from '../shared/apiKeyRequired';
import { requestDeps, type Subgraph, type SubgraphDeps } from '../subgraphs/shared/subgraph';
import type { KeyLookup } from './access/apiKeys';

/**
 * The context function of a subgraph's Apollo Server: fresh loaders per request, reading from one
 * database (requestDeps), and the caller of the key in `x-service-api-key` when it is a known key
 * (the webhook operations act for it).
 * @param subgraph the subgraph served
 * @param deps the process's dependencies
 * @param lookup the key lookup (createKeyLookup)
 * @returns the context function of startStandaloneServer
 * @example startStandaloneServer(server, { context: subgraphRequestContext(subgraph, deps, lookup) })
 */
export function subgraphRequestContext(
  subgraph: Subgraph,
  deps: SubgraphDeps,
  lookup: KeyLookup,
): (request: { req: IncomingMessage }) => Promise<never> {
  return async ({ req }) => {
    const header = req.headers[apiKeyHeader];
    const key = typeof header === 'string' && header ? await lookup(header) : undefined;
    return subgraph.createContext(
      requestDeps(deps),
      key ? { caller: { keyId: key.id, admin: key.admin } } : {},
    ) as never;
  };
}
