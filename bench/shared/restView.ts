import { Supergraph } from '@apollo/federation-internals';
import type { GraphQLSchema } from 'graphql';
import { withCustomScalars } from '../../gateway/customScalars';
import { readSupergraphSdl } from '../../gateway/supergraph';
import { readRestAnnotations } from '../../rest-facade/restAnnotations';
import { restRoutes } from '../../rest-facade/routes';
import { restSchema } from '../../rest-facade/restSchema';
import { restShape, type RestShape } from '../../rest-facade/restShape';

let view: { schema: GraphQLSchema; shape: RestShape } | undefined;

/**
 * The REST facade's schema and answer shape, built as the service builds them from the
 * checked-in supergraph (rest-facade/index.ts), for benches that compare GraphQL with REST.
 * @example restView().schema.getQueryType()
 */
export function restView(): { schema: GraphQLSchema; shape: RestShape } {
  if (view) return view;
  const supergraphSdl = readSupergraphSdl();
  const annotations = readRestAnnotations(supergraphSdl);
  const apiSchema = withCustomScalars(Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema());
  const schema = restSchema(apiSchema, Object.keys(restRoutes), annotations);
  return (view = { schema, shape: restShape(schema, annotations) });
}

/**
 * A routed field's data made a REST answer, in place, as the facade makes it (the floors do this
 * work too, so service and floor answer the same bytes for the same work).
 * @param field the routed root field
 * @param data the field's data
 * @returns the same data, shaped
 * @example sendJson(response, 200, restAnswer('listErc20Transactions', body))
 */
export function restAnswer<T>(field: string, data: T): T {
  return (restView().shape({ [field]: data }) as Record<string, T>)[field]!;
}
