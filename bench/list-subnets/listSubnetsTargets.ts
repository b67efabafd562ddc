import { isDeepStrictEqual } from 'node:util';
import { asRestBody } from '../shared/restView';
import { fetchOk, type LoadTarget } from '../shared/runLoad';

/**
 * The three ways to get the first page of mainnet subnets: the pg baseline, REST and GraphQL.
 * Each is requested once first: all must answer 200, with `pageSize` subnets and a next page,
 * and with the same content (GraphQL's after REST's null handling). The exact bodies become
 * what every answer under load must equal.
 *
 * @param urls base URLs of the service and of the pg baseline
 * @param pageSize subnets per page
 * @param graphqlQuery the document REST runs (see restEquivalentQuery)
 * @returns pg baseline, REST and GraphQL targets, in that order
 * @throws {Error} when an answer fails or differs from REST's
 * @example const targets = await listSubnetsTargets({ service, baseline }, 10, query)
 */
export async function listSubnetsTargets(
  urls: { service: string; baseline: string },
  pageSize: number,
  graphqlQuery: string,
): Promise<LoadTarget[]> {
  const path = `/v1/networks/mainnet/subnets?pageSize=${pageSize}`;
  const targets: Omit<LoadTarget, 'expectBody'>[] = [
    { name: `pg baseline  GET ${path}`, kind: 'pg', url: urls.baseline + path, method: 'GET' },
    { name: `REST         GET ${path}`, kind: 'rest', url: urls.service + path, method: 'GET' },
    {
      name: `GraphQL      POST /graphql listSubnets(pageSize: ${pageSize})`,
      kind: 'graphql',
      url: `${urls.service}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: graphqlQuery, variables: { network: 'mainnet', pageSize } }),
    },
  ];
  const bodies = await Promise.all(targets.map((target) => fetchOk(target)));
  const [baseline, rest, graphql] = bodies.map((body) => JSON.parse(body)) as [any, any, any];
  if (rest.subnets?.length !== pageSize || !rest.nextPageToken) {
    throw new Error(`${path}: expected ${pageSize} subnets and a nextPageToken, got ${bodies[1]!.slice(0, 200)}`);
  }
  if (graphql.errors || !isDeepStrictEqual(asRestBody('listSubnets', graphql.data?.listSubnets), rest)) {
    throw new Error(`GraphQL pageSize=${pageSize} does not answer what REST does: ${bodies[2]!.slice(0, 300)}`);
  }
  if (!isDeepStrictEqual(baseline, rest)) {
    throw new Error(`the pg baseline does not answer what REST does for ${path}: ${bodies[0]!.slice(0, 300)}`);
  }
  return targets.map((target, i) => ({ ...target, expectBody: bodies[i]! }));
}
