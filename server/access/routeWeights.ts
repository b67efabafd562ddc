import { openApiPath } from '../../rest-facade/openApiPath';
import { restRoutes, type RestRoute } from '../../rest-facade/routes';

/**
 * Compute units, the way the hosted API meters requests: a request costs its route's weight, and
 * each caller has a budget of units per minute and per day (accessControl.ts). The classes:
 */
export const computeUnits = {
  /** One row by its key: a transaction, a token, a block's transactions. */
  lookup: 1,
  /** A keyset page of a list (section 8 page sizes). */
  list: 3,
  /** Sums over many rows: balances of up to 64 addresses, last activity of many, `/v2` metrics and holders over time, usage metrics. */
  aggregation: 5,
  /** Warp signature aggregation: BLS work and calls to validators' nodes. */
  signatures: 20,
  /** GraphQL root fields that have no REST route; a request to no route at all (404s cost too). */
  other: 3,
  /** A webhook, a key's webhooks or its shared secret read (the hosted API's weight of these). */
  webhookRead: 10,
  /** A webhook or its addresses changed, a secret made, a webhook's addresses listed (the hosted API's weight). */
  webhookChange: 20,
  /** A transaction export recorded: a background build that pages every transaction of its addresses. */
  exportCreate: 20,
} as const;

/** The usage operations that aggregate the record of requests (server/usage/). */
const usageMetricsFields = new Set([
  'Query.getApiUsageMetrics',
  'Query.getSubnetRpcUsageMetrics',
  'Query.getPrimaryNetworkRpcUsageMetrics',
]);

/** A route's weight class, from what the route is (so a new route is weighed without editing this file). */
function weightOf(field: string, route: RestRoute): number {
  if (route.path.startsWith('/v1/signatureAggregator/')) return computeUnits.signatures;
  if (route.path.startsWith('/v1/webhooks'))
    return route.method === 'GET' && field !== 'Query.getAddressesFromWebhook'
      ? computeUnits.webhookRead
      : computeUnits.webhookChange;
  if (field === 'Mutation.postTransactionExportJob') return computeUnits.exportCreate;
  // listTransactionsV2 is v1's keyset page with token reputations: a list, not a sum over many rows.
  if (field === 'Query.listTransactionsV2') return computeUnits.list;
  if (route.path.startsWith('/v2/') || field === 'Query.getBalancesByAddresses') return computeUnits.aggregation;
  // The usage metrics sum the recorded requests of a range; the usage log is a page.
  if (usageMetricsFields.has(field)) return computeUnits.aggregation;
  // The newest of two index ranges per address, over up to 1024 addresses.
  if (field.startsWith('Query.getLastActivityTimestampByAddresses')) return computeUnits.aggregation;
  if (route.list) return computeUnits.list;
  return computeUnits.lookup;
}

/** A route as access control sees it. */
export type WeighedRoute = { method: string; template: string; weight: number };

/**
 * The weight table, derived once from the REST route table: GraphQL root field (`Query.listSubnets`)
 * → method, path template (as in schema/rest-routes.json) and compute units. GraphQL requests pay the
 * same weights per root field, so the two APIs cost alike.
 */
export const routeWeights: ReadonlyMap<string, WeighedRoute> = new Map(
  Object.entries(restRoutes).map(([field, route]) => [
    field,
    { method: route.method, template: openApiPath(route.path), weight: weightOf(field, route) },
  ]),
);

/**
 * Weight of a root field of a GraphQL operation.
 * @param operation `query` or `mutation`
 * @example fieldWeight('query', 'listSubnets') // 3
 */
export function fieldWeight(operation: 'query' | 'mutation' | 'subscription', field: string): number {
  if (field.startsWith('__')) return 0; // introspection
  const key = `${operation === 'mutation' ? 'Mutation' : 'Query'}.${field}`;
  return routeWeights.get(key)?.weight ?? computeUnits.other;
}
