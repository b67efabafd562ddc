import { restAnswer } from './restView';

/**
 * A GraphQL answer's data as the REST facade sends it (shaped by the REST rules, as JSON), to
 * compare with a REST body.
 * @param field the routed root field whose data this is
 * @param data the field's data from a GraphQL answer
 * @example isDeepStrictEqual(asRestBody('listSubnets', graphql.data?.listSubnets), rest)
 */
export function asRestBody(field: string, data: unknown): unknown {
  return JSON.parse(JSON.stringify(restAnswer(field, data)) ?? 'null');
}
