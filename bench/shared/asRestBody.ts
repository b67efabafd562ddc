import { restResponse } from '../../rest-facade/restResponse';

/**
 * A GraphQL answer's data as the REST facade sends it (its nulls left out, as JSON), to compare
 * with a REST body.
 * @example isDeepStrictEqual(asRestBody(graphql.data?.listSubnets), rest)
 */
export function asRestBody(data: unknown): unknown {
  return JSON.parse(JSON.stringify(restResponse(data)) ?? 'null');
}
