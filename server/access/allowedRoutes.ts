// What a key's allow list can name: the route templates access control checks keys against. A list
// is checked when the key is created, by the rule requests are checked by (keyAllows), so an entry
// that would let the key call nothing fails then, not as a 403 on every request afterwards.
import { keyAllows } from './apiKeys';
import { routeWeights } from './routeWeights';

/** The template of every GraphQL request: keys allow GraphQL as one route. */
export const graphqlRouteTemplate = '/graphql';

/** Every template a request can be checked against: each REST route's (schema/rest-routes.json) and GraphQL's. */
export const keyRouteTemplates: readonly string[] = [
  ...new Set([...[...routeWeights.values()].map((route) => route.template), graphqlRouteTemplate]),
].sort();

/**
 * The entries of an allow list that would let a key call no route: neither a template of the
 * service nor a prefix ending in `*` that some template begins with.
 * @param allowedRoutes the list, as `keys create --allow` takes it
 * @param templates the templates to check against
 * @example unmatchedAllowedRoutes(['/v2/*', '/v1/subnets']) // ['/v1/subnets']
 */
export function unmatchedAllowedRoutes(
  allowedRoutes: readonly string[],
  templates: readonly string[] = keyRouteTemplates,
): string[] {
  return allowedRoutes.filter(
    (allowed) => !templates.some((template) => keyAllows({ allowedRoutes: [allowed] }, template)),
  );
}
