import type { SubgraphDeps, SubgraphRequest } from '../shared/subgraph';

/** What the metrics subgraph's resolvers get per request: the process's dependencies and the caller (the usage operations act for its key). */
export type MetricsContext = SubgraphDeps & SubgraphRequest;

/**
 * The context of one request.
 * @example createMetricsContext(deps, { caller: { keyId: 'key_…' } })
 */
export function createMetricsContext(deps: SubgraphDeps, request: SubgraphRequest = {}): MetricsContext {
  return request.caller ? { ...deps, caller: request.caller } : deps;
}
