import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { parse, type GraphQLSchema } from 'graphql';
import { buildSchema, createResolversMap, type BuildSchemaOptions } from 'type-graphql';
import { parseDbError } from './dbErrors';
import { mapDatabaseErrors } from './mapDatabaseErrors';
import { restDirective, restDirectiveLink } from './restDirective';
import { validateArguments } from './validation';

/** Federation 2 directives the subgraphs use, and `@rest`, which the supergraph carries. */
const federationLink =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable", "@external", "@requires", "@composeDirective"])' +
  ` ${restDirectiveLink}`;

/** `__resolveReference` per entity type name. */
export type ReferenceResolvers = Record<string, { __resolveReference: (reference: any, context: any) => unknown }>;

/**
 * Builds a Federation 2 subgraph schema from type-graphql resolvers: the one place that wires
 * type-graphql, the parameter validator, the database error mapper and @apollo/subgraph together.
 *
 * @example buildFederatedSchema({ resolvers: [SubnetResolver] }, { Subnet: subnetReference })
 */
export async function buildFederatedSchema(
  options: Omit<BuildSchemaOptions, 'skipCheck' | 'validateFn' | 'globalMiddlewares' | 'directives'>,
  referenceResolvers: ReferenceResolvers = {},
): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    ...options,
    skipCheck: true,
    validateFn: validateArguments,
    globalMiddlewares: [mapDatabaseErrors],
    directives: [restDirective],
  });
  const resolvers = createResolversMap(schema) as GraphQLResolverMap<unknown>;
  for (const [typeName, { __resolveReference }] of Object.entries(referenceResolvers)) {
    const resolveReference = async (reference: unknown, context: unknown) => {
      try {
        return await __resolveReference(reference, context);
      } catch (error) {
        throw parseDbError(error) ?? error;
      }
    };
    resolvers[typeName] = { ...(resolvers[typeName] as object), __resolveReference: resolveReference } as never;
  }
  return buildSubgraphSchema({
    typeDefs: parse(`${federationLink}\n${printSchemaWithDirectives(schema)}`),
    resolvers,
  });
}
