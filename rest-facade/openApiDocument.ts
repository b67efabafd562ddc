import { Supergraph } from '@apollo/federation-internals';
import { withCustomScalars } from '../gateway/customScalars';
import { createRestRouter } from './createRestRouter';
import { restRoutes } from './routes';
import { restSchema } from './restSchema';

/**
 * The OpenAPI 3 document of the REST routes, from a supergraph alone (no database, no gateway
 * running): the same construction the service serves at /openapi.json, over the same API schema
 * the gateway derives from the supergraph. `npm run compose` checks it in as schema/openapi.json.
 *
 * @param supergraphSdl the composed supergraph
 * @returns the document
 * @example JSON.stringify(openApiDocument(readSupergraphSdl()))
 */
export function openApiDocument(supergraphSdl: string): unknown {
  const apiSchema = withCustomScalars(Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema());
  const router = createRestRouter({
    schema: restSchema(apiSchema, Object.keys(restRoutes)),
    execute: async () => ({ errors: [] }),
    errorHandler: () => new Response(null, { status: 500 }),
  });
  return router.openAPIDocument;
}
