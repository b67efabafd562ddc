import { isDeepStrictEqual } from 'node:util';
import { asRestBody } from '../shared/restView';
import { fetchOk, type LoadTarget } from '../shared/runLoad';

/** One endpoint request, as REST and as GraphQL (the document REST runs, with its variables). */
export type EndpointRequest = {
  label: string;
  path: string;
  /** A POST route's JSON body (REST and the floor POST it); a GET route has none. */
  body?: unknown;
  field: string;
  query: string;
  variables: Record<string, unknown>;
};

/**
 * The three ways to make one request: the pg baseline, REST and GraphQL. Each is made once first:
 * all must answer 200 with the same content (GraphQL's after REST's null handling, the baseline's
 * byte for byte). Those bodies become what every answer under load must equal.
 *
 * @param urls base URLs of the service and of the pg baseline
 * @param request the request
 * @param options `sameBytes: false` when the floor builds the body with other field order (a deep-equal body is enough)
 * @returns pg baseline, REST and GraphQL targets, in that order
 * @throws {Error} when an answer fails or differs from REST's
 * @example await evmTargets({ service, baseline }, request)
 */
export async function evmTargets(
  urls: { service: string; baseline: string },
  request: EndpointRequest,
  options: { sameBytes?: boolean } = {},
): Promise<LoadTarget[]> {
  const withBody =
    request.body === undefined
      ? ({ method: 'GET' } as const)
      : ({
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request.body),
        } as const);
  const targets: Omit<LoadTarget, 'expectBody'>[] = [
    { name: `pg baseline  ${request.label}`, kind: 'pg', url: urls.baseline + request.path, ...withBody },
    { name: `REST         ${request.label}`, kind: 'rest', url: urls.service + request.path, ...withBody },
    {
      name: `GraphQL      ${request.label}`,
      kind: 'graphql',
      url: `${urls.service}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: request.query, variables: request.variables }),
    },
  ];
  const bodies = await Promise.all(targets.map((target) => fetchOk(target)));
  const [baseline, rest, graphql] = bodies.map((body) => JSON.parse(body)) as [any, any, any];
  if (graphql.errors || !isDeepStrictEqual(asRestBody(request.field, graphql.data?.[request.field]), rest)) {
    throw new Error(`GraphQL does not answer what REST does for ${request.label}: ${bodies[2]!.slice(0, 300)}`);
  }
  if (options.sameBytes !== false && bodies[0] !== bodies[1]) {
    throw new Error(
      `the pg baseline does not answer what REST does for ${request.path}, from character ${firstDifference(bodies[1]!, bodies[0]!)}:\n  REST: ${around(bodies[1]!, bodies[0]!)}\n  pg:   ${around(bodies[0]!, bodies[1]!)}`,
    );
  }
  if (!isDeepStrictEqual(baseline, rest)) throw new Error(`bodies differ for ${request.path}`);
  return targets.map((target, i) => ({ ...target, expectBody: bodies[i]! }));
}

/** Where two texts first differ (the shorter one's length when one is the other's start). */
function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** The part of `text` around its first difference from `other`: a body's start rarely shows it. */
function around(text: string, other: string): string {
  const at = firstDifference(text, other);
  return `${at > 200 ? '…' : ''}${text.slice(Math.max(0, at - 200), at + 200)}`;
}
