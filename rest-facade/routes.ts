import type { RouteConfig } from 'sofa-api/typings/sofa';
import type { PagedList } from '../subgraphs/shared/limits';

/** A REST route: sofa's route config, plus the section 8 list whose page-size bounds it documents. */
export type RestRoute = RouteConfig & { method: 'GET' | 'POST'; path: string; list?: PagedList };

/**
 * The REST routes: GraphQL root field → exact path of the REST spec. A literal colon inside a
 * segment (`transactions:listErc20`) is written `\\:` so the router does not read a parameter.
 * Path and query parameters bind to the field's arguments by name.
 */
export const restRoutes: Record<string, RestRoute> = {
  'Query.listSubnets': { method: 'GET', path: '/v1/networks/:network/subnets', list: 'subnets', tags: ['Primary Network'] },
  // 4.1 and 4.2 answer 201, as the hosted API does (its clients expect it).
  'Mutation.aggregateSignatures': {
    method: 'POST',
    path: '/v1/signatureAggregator/:network/aggregateSignatures',
    responseStatus: 201,
    tags: ['Signature Aggregator'],
  },
  'Query.getAggregatedSignatures': {
    method: 'GET',
    path: '/v1/signatureAggregator/:network/aggregateSignatures/:txHash',
    responseStatus: 201,
    tags: ['Signature Aggregator'],
  },
  'Query.getEvmChainMetrics': {
    method: 'GET',
    path: '/v2/chains/:chainId/metrics/:metric',
    list: 'metrics',
    tags: ['Metrics'],
  },
};
