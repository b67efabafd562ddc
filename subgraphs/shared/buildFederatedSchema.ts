import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { isInterfaceType, isUnionType, parse, type GraphQLSchema } from 'graphql';
import { buildSchema, createResolversMap, type BuildSchemaOptions } from 'type-graphql';
import { parseDbError } from './dbErrors';
import { asApiError, mapResolverErrors } from './mapResolverErrors';
import { restDirective, restDirectiveLink } from './restDirective';
import { validateArguments } from './validation';

/** Federation 2 directives the subgraphs use, and `@rest`, which the supergraph carries. */
const federationLink =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable", "@external", "@requires", "@composeDirective"])' +
  ` ${restDirectiveLink}`;

/**
 * Per type name: `__resolveReference` of an entity, `__resolveType` of an interface or union. A
 * type resolver is given here, synchronous and returning the type's name, because the compiled
 * execution (graphql-jit) does not await one, and type-graphql wraps its `resolveType` option in
 * an async function.
 */
export type TypeResolvers = Record<
  string,
  // biome-ignore lint/suspicious/noExplicitAny: each entity's resolvers read their own reference and value types
  { __resolveReference?: (reference: any, context: any) => unknown; __resolveType?: (value: any) => string }
>;

/**
 * Builds a Federation 2 subgraph schema from type-graphql resolvers: the one place that wires
 * type-graphql, the parameter validator, the error mapper and @apollo/subgraph together.
 *
 * @example buildFederatedSchema({ resolvers: [SubnetResolver] }, { Subnet: { __resolveReference: resolveSubnetReference } })
 */
export async function buildFederatedSchema(
  options: Omit<BuildSchemaOptions, 'skipCheck' | 'validateFn' | 'globalMiddlewares' | 'directives'>,
  typeResolvers: TypeResolvers = {},
): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    ...options,
    skipCheck: true,
    validateFn: validateArguments,
    globalMiddlewares: [mapResolverErrors],
    directives: [restDirective],
  });
  const resolvers = createResolversMap(schema) as GraphQLResolverMap<unknown>;
  for (const type of Object.values(schema.getTypeMap())) {
    if ((isInterfaceType(type) || isUnionType(type)) && !typeResolvers[type.name]?.__resolveType) {
      throw new Error(`${type.name} needs a synchronous __resolveType in the subgraph's type resolvers`);
    }
  }
  for (const [typeName, { __resolveReference, __resolveType }] of Object.entries(typeResolvers)) {
    const own: Record<string, unknown> = {};
    if (__resolveType) own.__resolveType = __resolveType;
    if (__resolveReference) {
      own.__resolveReference = async (reference: unknown, context: unknown) => {
        try {
          return await __resolveReference(reference, context);
        } catch (error) {
          throw parseDbError(error) ?? asApiError(error) ?? error;
        }
      };
    }
    resolvers[typeName] = { ...(resolvers[typeName] as object), ...own } as never;
  }
  return buildSubgraphSchema({
    typeDefs: parse(`${federationLink}\n${printSchemaWithDirectives(schema)}`),
    resolvers,
  });
}
