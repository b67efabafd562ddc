import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { getVariableValues, type GraphQLSchema } from 'graphql';
import { customScalars } from '../subgraphs/shared/scalars';
import type { ServedGateway } from './singleSubgraphShortcut';

const scalars = new Map(customScalars.map((scalar) => [scalar.name, scalar]));

/**
 * The schema with the subgraphs' own implementations of its custom scalars. A supergraph only
 * names its scalars, so the gateway's schema accepts any value for them.
 *
 * @param schema an API schema built from the supergraph
 * @returns the same schema, with each scalar of the registry (subgraphs/shared/scalars.ts) swapped in by name
 * @example withCustomScalars(apiSchema).getType('SafeInt') === GraphQLSafeInt // true
 */
export function withCustomScalars(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, { [MapperKind.SCALAR_TYPE]: (scalar) => scalars.get(scalar.name) ?? scalar });
}

/**
 * The gateway, as Apollo Server sees it, with real custom scalars: Apollo Server validates each
 * document against the schema it gets from `onSchemaLoadOrUpdate`, so a malformed scalar literal
 * (`startTimestamp: 1.5`) is a 400 GRAPHQL_VALIDATION_FAILED before any plan or subgraph runs.
 * Variables are checked against the same schema before the gateway runs, so a malformed scalar
 * variable is a 400 BAD_USER_INPUT however the operation is then executed. The gateway itself
 * keeps its own schema: it only passes values through.
 *
 * @param gateway the gateway Apollo Server is given
 * @returns the gateway with the client-facing schema
 * @example new ApolloServer({ gateway: withCustomScalarsGateway(createGateway(transport)) })
 */
export function withCustomScalarsGateway(gateway: ServedGateway): ServedGateway {
  const mapped = new WeakMap<GraphQLSchema, GraphQLSchema>();
  const clientSchema = (schema: GraphQLSchema) => {
    let client = mapped.get(schema);
    if (!client) mapped.set(schema, (client = withCustomScalars(schema)));
    return client;
  };
  return {
    onSchemaLoadOrUpdate: (callback) =>
      gateway.onSchemaLoadOrUpdate((context) => callback({ ...context, apiSchema: clientSchema(context.apiSchema) })),
    load: async (options) => {
      const loaded = await gateway.load(options);
      const execute = loaded.executor;
      if (!execute) return loaded;
      return {
        ...loaded,
        executor: async (requestContext) => {
          const definitions = requestContext.operation?.variableDefinitions;
          if (definitions?.length) {
            const { errors } = getVariableValues(
              requestContext.schema,
              definitions,
              requestContext.request.variables ?? {},
            );
            if (errors) return { errors };
          }
          return execute(requestContext);
        },
      };
    },
    stop: () => gateway.stop(),
    // The shortcut runs on a subgraph schema, whose scalars are these same implementations.
    shortcut: gateway.shortcut,
  };
}
