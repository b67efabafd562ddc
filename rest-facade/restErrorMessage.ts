import { getNamedType, isEnumType } from 'graphql';
import { typeRule, type RouteParameters } from './routeParameters';

const invalidVariable = /^Variable "\$(\w+)" got invalid value [\s\S]*?; ([\s\S]*)$/;
const missingVariable =
  /^Variable "\$(\w+)" of (?:required|non-null) type "[^"]+" (?:was not provided|must not be null)\.$/;

/**
 * One error message of the GraphQL layer, worded for a REST caller: in terms of the route's path,
 * query or body parameters rather than GraphQL variables, types and enums. Messages that already
 * start with an argument name ("pageSize must be at least 1") get the parameter's location.
 *
 * @param message what GraphQL, a validator or a resolver said
 * @param parameters the route's parameters
 * @returns the message for the REST error body
 * @example restErrorMessage('Variable "$network" got invalid value "x"; Value "x" does not exist in "Network" enum.', params)
 *   // 'path parameter network must be one of mainnet, fuji, testnet'
 */
export function restErrorMessage(message: string, parameters: RouteParameters | undefined): string {
  if (!parameters) return message;
  const missing = missingVariable.exec(message);
  if (missing) return `${describe(missing[1]!, parameters)} is required`;
  const invalid = invalidVariable.exec(message);
  if (invalid) return `${describe(invalid[1]!, parameters)} ${ruleOf(invalid[2]!, invalid[1]!, parameters)}`;
  const named = /^(\w+) /.exec(message)?.[1];
  if (named && parameters.has(named)) return `${describe(named, parameters)}${message.slice(named.length)}`;
  return message;
}

/** `query parameter pageSize`. */
function describe(name: string, parameters: RouteParameters): string {
  const location = parameters.get(name)?.location;
  return location === 'body' ? `body field ${name}` : `${location ?? 'query'} parameter ${name}`;
}

/** The rule behind a variable-coercion message: the parameter type's own words when it has them. */
function ruleOf(inner: string, name: string, parameters: RouteParameters): string {
  const rule = inner.replace(/^Expected type "\w+"\.\s*/, '');
  // Parameter types (subgraphs/shared/params) state their rule as "must …".
  if (/^must /.test(rule)) return rule.replace(/\.$/, '');
  const type = parameters.get(name)?.type;
  if (!type) return 'is invalid';
  if (/non 32-bit signed integer|unsafe integer/.test(rule)) return 'is out of range';
  if (isEnumType(getNamedType(type)) || /cannot represent|does not exist in/.test(rule)) return typeRule(type);
  return 'is invalid';
}
