import { buildOperationNodeForField } from '@graphql-tools/utils';
import { buildClientSchema, getIntrospectionQuery, Kind, OperationTypeNode, print, type IntrospectionQuery } from 'graphql';
import { restSchema } from '../../rest-facade/restSchema';

/** sofa's `depthLimit` in rest-facade/index.ts: how deep a route's selection set goes. */
const sofaDepthLimit = 10;

/**
 * The GraphQL document the REST facade runs for a root field, rebuilt the way sofa builds it
 * (every field of the REST slice of the schema, to sofa's depth), from the running service's
 * introspection. Posting it to /graphql asks for exactly what REST returns.
 *
 * @param graphqlUrl the service's /graphql
 * @param field the routed root field
 * @returns the printed query, with a variable per argument
 * @example await restEquivalentQuery('http://127.0.0.1:8080/graphql', 'listSubnets')
 */
export async function restEquivalentQuery(graphqlUrl: string, field: string): Promise<string> {
  const response = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  });
  const { data, errors } = (await response.json()) as { data?: IntrospectionQuery; errors?: unknown };
  if (!data) throw new Error(`introspection of ${graphqlUrl} failed: ${JSON.stringify(errors)}`);
  const schema = restSchema(buildClientSchema(data), [`Query.${field}`]);
  const operation = buildOperationNodeForField({ schema, kind: OperationTypeNode.QUERY, field, circularReferenceDepth: sofaDepthLimit });
  return print({ kind: Kind.DOCUMENT, definitions: [operation] });
}
