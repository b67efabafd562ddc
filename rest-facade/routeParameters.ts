import {
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { PATH_PARAMETER } from './pathParameter';
import { hasJsonBody, type RestRoute } from './routes';

/** A path parameter, not an escaped literal colon. */
const UNESCAPED_PATH_PARAMETER = new RegExp(`(?<!\\\\)${PATH_PARAMETER.source}`, 'g');

/** Where a REST request carries an argument. */
export type ParameterLocation = 'path' | 'query' | 'body';

/** One argument of a route's GraphQL field, as REST sees it. */
export type RouteParameter = { location: ParameterLocation; type: GraphQLInputType };

/** The parameters of one route, by argument name. */
export type RouteParameters = Map<string, RouteParameter>;

/**
 * The parameters of every route: path segments named in the route, the rest in the query
 * string (GET) or the JSON body (POST, PATCH, DELETE; those its `body` names when it names some),
 * typed from the routed field's arguments.
 *
 * @param schema the REST facade's schema (restSchema.ts)
 * @param routes the route table
 * @returns route key (`Query.listSubnets`) → parameters
 * @example routeParameters(schema, restRoutes).get('Query.listSubnets')?.get('network')?.location // 'path'
 */
export function routeParameters(
  schema: GraphQLSchema,
  routes: Record<string, RestRoute>,
): Map<string, RouteParameters> {
  const all = new Map<string, RouteParameters>();
  for (const [key, route] of Object.entries(routes)) {
    const [typeName, fieldName] = key.split('.') as [string, string];
    const field = (typeName === 'Mutation' ? schema.getMutationType() : schema.getQueryType())?.getFields()[fieldName];
    const inPath = new Set([...route.path.matchAll(UNESCAPED_PATH_PARAMETER)].map((match) => match[1]!));
    const parameters: RouteParameters = new Map();
    const inBody = (name: string) => hasJsonBody(route.method) && (route.body?.includes(name) ?? true);
    for (const arg of field?.args ?? []) {
      parameters.set(arg.name, {
        location: inPath.has(arg.name) ? 'path' : inBody(arg.name) ? 'body' : 'query',
        type: arg.type,
      });
    }
    all.set(key, parameters);
  }
  return all;
}

/**
 * The rule an argument's GraphQL type states, in words (enums list their values).
 * @example typeRule(GraphQLInt) // 'must be an integer'
 */
export function typeRule(type: GraphQLInputType): string {
  const named = getNamedType(type);
  if (isEnumType(named))
    return `must be one of ${named
      .getValues()
      .map((value) => value.name)
      .join(', ')}`;
  if (isListType(isNonNullType(type) ? type.ofType : type)) return 'must be a list';
  switch (named.name) {
    case 'Int':
    case 'SafeInt':
      return 'must be an integer';
    case 'Float':
      return 'must be a number';
    case 'Boolean':
      return 'must be true or false';
    default:
      return 'must be a string';
  }
}
