import { getNamedType, isEnumType } from 'graphql';
import { typeRule, type RouteParameters } from './routeParameters';

const invalidVariable = /^Variable "\$(\w+)" got invalid value [\s\S]*?(?: at "([^"]+)")?; ([\s\S]*)$/;

/** The rules graphql-js states of a member of a JSON object body field (an input object), in a REST caller's words. */
const memberRules: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^String cannot represent/, () => 'must be a string'],
  [/^Boolean cannot represent/, () => 'must be true or false'],
  [/^(Int|Float) cannot represent/, () => 'must be a number'],
  [/^Expected type "\w+" to be an object/, () => 'must be an object'],
  [/^Field "(\w+)" is not defined by type/, (match) => `has no member ${match[1]}`],
  [/^Field "(\w+)" of required type "[^"]+" was not provided/, (match) => `needs its member ${match[1]}`],
];
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
  if (invalid) {
    const [, name, at, inner] = invalid as unknown as [string, string, string | undefined, string];
    const member = memberRule(inner);
    if (member && parameters.get(name)?.location === 'body') return `body field ${at ?? name} ${member}`;
    return `${describe(name, parameters)} ${ruleOf(inner, name, parameters)}`;
  }
  const named = /^(\w+) /.exec(message)?.[1];
  if (named && parameters.has(named)) return `${describe(named, parameters)}${message.slice(named.length)}`;
  return message;
}

/** The rule of a member of an object body field (`metadata.addresses[0]`), when graphql-js stated one about it. */
function memberRule(inner: string): string | undefined {
  for (const [pattern, rule] of memberRules) {
    const match = pattern.exec(inner);
    if (match) return rule(match);
  }
  return undefined;
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
