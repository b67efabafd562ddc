import { getNamedType, getNullableType, isListType } from 'graphql';
import { typeRule, type RouteParameters } from './routeParameters';

/**
 * Values of the built-in GraphQL scalars, checked here because the router (sofa) coerces them
 * before the GraphQL layer sees them, with messages that name neither parameter nor rule.
 * (Parameter types of our own, subgraphs/shared/params, check themselves and name the rule.)
 */
const builtInFormats: Record<string, RegExp> = {
  Int: /^-?\d{1,10}$/,
  SafeInt: /^-?\d{1,16}$/,
  Float: /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/,
  Boolean: /^(true|false)$/,
};

/**
 * Reads a route's query parameters: each given at most once, numbers and booleans well-formed,
 * and only the route's own (no `a[b]=` objects, no repeated keys, nothing else), so the router
 * sees plain values and a bad value is a 400 that names its parameter. Empty values count as
 * absent, as the router treats them.
 *
 * @param search the URL's query string, without `?`
 * @param parameters the route's parameters
 * @returns the values given, by parameter name, or the rule a parameter broke
 * @example readQueryParameters('pageSize=abc', params) // { error: 'query parameter pageSize must be an integer' }
 */
export function readQueryParameters(
  search: string,
  parameters: RouteParameters,
): { values: Record<string, string> } | { error: string } {
  const given = new URLSearchParams(search);
  const values: Record<string, string> = {};
  for (const [name, parameter] of parameters) {
    if (parameter.location !== 'query') continue;
    const all = given.getAll(name).filter((value) => value !== '');
    if (all.length === 0) continue;
    if (all.length > 1) return { error: `query parameter ${name} must be given once` };
    const format = builtInFormats[getNamedType(parameter.type).name];
    if (format && !format.test(all[0]!)) return { error: `query parameter ${name} ${typeRule(parameter.type)}` };
    values[name] = all[0]!;
  }
  return { values };
}

/**
 * Checks the JSON body fields of a POST route: a list is a JSON array (GraphQL would take a lone
 * value as a list of one), and a built-in scalar is well-formed (numbers, booleans, strings given
 * as JSON or as their text).
 *
 * @param body the parsed JSON object
 * @param parameters the route's parameters
 * @returns the broken rule, naming the body field, or undefined
 * @example checkBodyFields({ quorumPercentage: 'many' }, params) // 'body field quorumPercentage must be an integer'
 */
export function checkBodyFields(body: Record<string, unknown>, parameters: RouteParameters): string | undefined {
  for (const [name, parameter] of parameters) {
    const value = body[name];
    if (parameter.location !== 'body' || value === undefined || value === null) continue;
    if (isListType(getNullableType(parameter.type))) {
      if (!Array.isArray(value)) return `body field ${name} must be an array`;
      continue;
    }
    const format = builtInFormats[getNamedType(parameter.type).name];
    if (!format) continue;
    const text =
      typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : typeof value === 'string'
          ? value
          : undefined;
    if (text === undefined || !format.test(text)) return `body field ${name} ${typeRule(parameter.type)}`;
  }
  return undefined;
}
