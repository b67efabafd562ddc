import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { InvalidParameterError } from '../errors';

/** How a parameter type appears in the OpenAPI document. */
export type OpenApiSchema = {
  type: 'string' | 'integer' | 'number';
  format?: string;
  pattern?: string;
  /** The values a string parameter takes, where they are a fixed list that is not a GraphQL enum's (names with commas). */
  enum?: readonly string[];
  example?: unknown;
};

/**
 * A GraphQL scalar for one kind of parameter value: REST query strings and GraphQL variables
 * (strings, or numbers where the value is numeric) and literals all go through `parse`, so a
 * value is checked and bounded once, before any resolver or SQL sees it.
 *
 * @param definition name, description, OpenAPI schema, `parse` (throws the rule as a string or
 *   an InvalidParameterError), and `serialize` when the scalar is also an output
 * @returns the scalar, carrying its OpenAPI schema in `extensions.openApi`
 * @example createParameterScalar({ name: 'EvmAddress', ..., parse: parseEvmAddress })
 */
export function createParameterScalar<Value>(definition: {
  name: string;
  description: string;
  openApi: OpenApiSchema;
  parse: (input: string | number) => Value;
  serialize?: (value: Value) => unknown;
}): GraphQLScalarType<Value, unknown> {
  const parse = (input: unknown): Value => {
    if (typeof input !== 'string' && typeof input !== 'number')
      throw new InvalidParameterError(`must be ${definition.openApi.type === 'string' ? 'a string' : 'a number'}`);
    try {
      return definition.parse(input);
    } catch (error) {
      if (error instanceof InvalidParameterError) throw error;
      throw new InvalidParameterError(error instanceof Error ? error.message : String(error));
    }
  };
  return new GraphQLScalarType<Value, unknown>({
    name: definition.name,
    description: definition.description,
    extensions: { openApi: definition.openApi },
    parseValue: parse,
    parseLiteral: (node: ValueNode) => parse(literalValue(node)),
    // Raw values pass as they are: the REST router (sofa) hands query strings through `serialize`
    // on their way to becoming variables, which `parseValue` then checks.
    serialize: (value) =>
      typeof value === 'string' || typeof value === 'number' || !definition.serialize
        ? value
        : definition.serialize(value as Value),
  });
}

function literalValue(node: ValueNode): unknown {
  if (node.kind === Kind.STRING) return node.value;
  if (node.kind === Kind.INT || node.kind === Kind.FLOAT) return Number(node.value);
  return undefined;
}
