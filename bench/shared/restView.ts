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
