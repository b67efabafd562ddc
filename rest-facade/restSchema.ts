import { MapperKind, mapSchema, pruneSchema } from '@graphql-tools/utils';
import { GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { homeFieldOrder } from './fieldOrder';
import type { RestAnnotations } from './restAnnotations';

/**
 * The slice of the gateway's API schema that the REST facade serves (its custom scalars are the
 * subgraphs' own implementations, gateway/customScalars.ts): the routed root fields, without
 * the fields `@rest(omit: true)` keeps for GraphQL (cross-subgraph joins, entity keys that are
 * not in the REST contract). sofa derives each route's selection set, and so each response
 * shape, from it.
 *
 * @example restSchema(gatewaySchema, ['Query.listSubnets'], readRestAnnotations(supergraphSdl))
 */
export function restSchema(
  apiSchema: GraphQLSchema,
  routedFields: readonly string[],
  annotations: RestAnnotations,
  fieldOrder: Map<string, string[]> = homeFieldOrder(),
): GraphQLSchema {
  const routed = new Set(routedFields);
  const rootTypes = new Set([apiSchema.getQueryType()?.name, apiSchema.getMutationType()?.name]);
  return pruneSchema(
    mapSchema(apiSchema, {
      [MapperKind.OBJECT_TYPE]: (type) => inHomeOrder(type, fieldOrder.get(type.name)),
      [MapperKind.COMPOSITE_FIELD]: (field, fieldName, typeName) => {
        if (rootTypes.has(typeName)) return routed.has(`${typeName}.${fieldName}`) ? field : null;
        return annotations.fields.get(`${typeName}.${fieldName}`)?.omit ? null : field;
      },
    }),
  );
}

/** The type with its fields in the home subgraph's order (fields it does not know go last). */
function inHomeOrder(type: GraphQLObjectType, order: string[] | undefined): GraphQLObjectType {
  if (!order) return type;
  const config = type.toConfig();
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const names = Object.keys(config.fields).sort((a, b) => rank(a) - rank(b));
  return new GraphQLObjectType({
    ...config,
    fields: Object.fromEntries(names.map((name) => [name, config.fields[name]!])),
  });
}
