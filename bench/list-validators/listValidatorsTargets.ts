import { isDeepStrictEqual } from 'node:util';
import { asRestBody } from '../shared/restView';
import { fetchOk, type LoadTarget } from '../shared/runLoad';
import { PRIMARY_SUBNET_ID } from './insertValidatorDataSet';

/** A list-validators request of the bench: its name and REST query (without pageSize). */
export type ValidatorQuery = { name: string; query: string };

/**
 * The filtered lists the bench measures, as a staking front end asks them: active primary-network
 * validators with room for a delegation, good uptime and a bounded fee, newest first; and the
 * same sorted by delegation capacity (a time-dependent value computed per row).
 */
export const validatorQueries: ValidatorQuery[] = [
  {
    name: 'filtered',
    query: `subnetId=${PRIMARY_SUBNET_ID}&validationStatus=active&minDelegationCapacity=25000000000&minUptimePerformance=95&maxFeePercentage=10`,
  },
  {
    name: 'by capacity',
    query: `validationStatus=active&sortBy=delegationCapacity&minTimeRemaining=1209600&minUptimePerformance=90`,
  },
];

/**
 * The three ways to get the first page of a validators query: the SQL baseline, REST and
 * GraphQL. Each is requested once first: all must answer 200 with `pageSize` validators and a next
 * page, and the same content (GraphQL's after REST's null rule). Those exact bodies become what
 * every answer under load must equal.
 *
 * @param urls base URLs of the service and of the baseline
 * @param query the validators query
 * @param pageSize validators per page
 * @param graphqlQuery the document REST runs (restEquivalentQuery)
 * @returns baseline, REST and GraphQL targets, in that order
 * @throws {Error} when an answer fails or differs from REST's
 * @example await listValidatorsTargets({ service, baseline }, validatorQueries[0], 10, document)
 */
export async function listValidatorsTargets(
  urls: { service: string; baseline: string },
  query: ValidatorQuery,
  pageSize: number,
  graphqlQuery: string,
): Promise<LoadTarget[]> {
  const path = `/v1/networks/mainnet/validators?${query.query}&pageSize=${pageSize}`;
  const variables: Record<string, unknown> = { network: 'mainnet', pageSize };
  for (const [name, value] of new URLSearchParams(query.query))
    variables[name] = /^(min|max)(TimeRemaining|FeePercentage|UptimePerformance)$/.test(name) ? Number(value) : value;
  const label = `${query.name}, pageSize=${pageSize}`;
  const targets: Omit<LoadTarget, 'expectBody'>[] = [
    { name: `baseline  ${label}`, kind: 'pg', url: urls.baseline + path, method: 'GET' },
    { name: `REST      ${label}`, kind: 'rest', url: urls.service + path, method: 'GET' },
    {
      name: `GraphQL   ${label}`,
      kind: 'graphql',
      url: `${urls.service}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: graphqlQuery, variables }),
    },
  ];
  const bodies = await Promise.all(targets.map((target) => fetchOk(target)));
  const [baseline, rest, graphql] = bodies.map((body) => JSON.parse(body)) as [any, any, any];
  if (rest.validators?.length !== pageSize || !rest.nextPageToken) {
    throw new Error(`${path}: expected ${pageSize} validators and a nextPageToken, got ${bodies[1]!.slice(0, 300)}`);
  }
  if (graphql.errors || !isDeepStrictEqual(asRestBody('listValidators', graphql.data?.listValidators), rest)) {
    throw new Error(`GraphQL ${label} does not answer what REST does: ${bodies[2]!.slice(0, 300)}`);
  }
  if (!isDeepStrictEqual(baseline, rest))
    throw new Error(`the baseline does not answer what REST does for ${path}: ${bodies[0]!.slice(0, 300)}`);
  return targets.map((target, i) => ({ ...target, expectBody: bodies[i]! }));
}
