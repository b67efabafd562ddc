import { buildOperationNodeForField } from '@graphql-tools/utils';
import { Kind, OperationTypeNode, print } from 'graphql';
import { restView } from '../shared/restView';

/** sofa's `depthLimit` in rest-facade/index.ts: how deep a route's selection set goes. */
const sofaDepthLimit = 10;

/**
 * The GraphQL document the REST facade runs for a root field, rebuilt the way sofa builds it
 * (every field of the REST slice of the schema, to sofa's depth). Posting it to /graphql asks
 * for exactly what REST returns.
 *
 * @param field the routed root field
 * @returns the printed query, with a variable per argument
 * @example restEquivalentQuery('listSubnets')
 */
export function restEquivalentQuery(field: string): string {
  const { schema } = restView();
  const operation = buildOperationNodeForField({
    schema,
    kind: OperationTypeNode.QUERY,
    field,
    circularReferenceDepth: sofaDepthLimit,
  });
  return print({ kind: Kind.DOCUMENT, definitions: [operation] });
}
