import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import type { RestAnnotations, RestFieldAnnotation } from './restAnnotations';

/** A JSON Schema object of OpenAPI 3.1. */
export type SchemaObject = Record<string, unknown>;

/** The OpenAPI schema of each built-in scalar. */
const builtInScalars: Record<string, SchemaObject> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Boolean: { type: 'boolean' },
  Int: { type: 'integer', format: 'int32' },
  Float: { type: 'number' },
  SafeInt: { type: 'integer', format: 'int64' },
  JSONObject: { type: 'object', additionalProperties: true },
};

/**
 * The OpenAPI schema of a scalar: a built-in one, or what a parameter type declares in
 * `extensions.openApi` (subgraphs/shared/params); its example is the route's business, not the
 * type's (rest-facade/routes.ts).
 */
function scalarSchema(name: string, extensions: Record<string, unknown> | undefined): SchemaObject {
  const declared = (extensions?.openApi as SchemaObject | undefined) ?? builtInScalars[name] ?? { type: 'string' };
  const { example: _example, ...schema } = declared;
  return { ...schema };
}

/**
 * The OpenAPI schema of a REST value of `type`: named types by reference, lists as arrays,
 * scalars inline; `@rest` narrows it (`enum`, of a list's items for a list; `number`) or admits null (`nullable`).
 *
 * @param type a field's or argument's GraphQL type
 * @param annotation the field's `@rest` annotation, if any
 * @returns the schema
 * @example valueSchema(GraphQLString, { enum: ['ERC-20'] }) // { type: 'string', enum: ['ERC-20'] }
 */
export function valueSchema(
  type: GraphQLOutputType | GraphQLInputType,
  annotation?: RestFieldAnnotation,
): SchemaObject {
  const inner = isNonNullType(type) ? type.ofType : type;
  let schema: SchemaObject;
  if (isListType(inner)) schema = { type: 'array', items: valueSchema(inner.ofType) };
  else if (annotation?.number) schema = { type: 'number' };
  else if (isScalarType(inner)) schema = scalarSchema(inner.name, inner.extensions as Record<string, unknown>);
  else schema = { $ref: `#/components/schemas/${inner.name}` };
  if (annotation?.enum) (schema.type === 'array' ? (schema.items as SchemaObject) : schema).enum = annotation.enum;
  if (!annotation?.nullable) return schema;
  return '$ref' in schema ? { anyOf: [schema, { type: 'null' }] } : { ...schema, type: [schema.type, 'null'] };
}

/**
 * The component schemas of every named type a REST answer or parameter can hold: objects with
 * their members (required: non-null ones, and those REST always shows), enums with their values,
 * interfaces and unions as the variants they stand for (`oneOf`, with the discriminator `@rest`
 * names and each variant's value of it).
 *
 * @param schema the REST schema (restSchema.ts)
 * @param annotations the supergraph's `@rest` annotations
 * @returns type name → schema
 * @throws {Error} when a discriminated variant gives its discriminator no single `@rest(enum)` value
 * @example componentSchemas(schema, annotations).ListSubnetsResponse
 */
export function componentSchemas(schema: GraphQLSchema, annotations: RestAnnotations): Record<string, SchemaObject> {
  const components: Record<string, SchemaObject> = {};
  const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name]);
  const names = Object.keys(schema.getTypeMap())
    .filter((name) => !name.startsWith('__') && !roots.has(name))
    .sort();
  for (const name of names) {
    const type = schema.getType(name)!;
    const component = componentSchema(schema, type, annotations);
    if (component) components[name] = component;
  }
  return components;
}

function componentSchema(
  schema: GraphQLSchema,
  type: GraphQLNamedType,
  annotations: RestAnnotations,
): SchemaObject | undefined {
  const described = (object: SchemaObject): SchemaObject =>
    type.description ? { ...object, description: type.description } : object;
  if (isEnumType(type)) return described({ type: 'string', enum: type.getValues().map((value) => value.name) });
  if (isObjectType(type)) {
    const fields = Object.values(type.getFields());
    const properties = Object.fromEntries(
      fields.map((field) => [field.name, memberSchema(type.name, field, annotations)]),
    );
    const required = fields
      .filter((field) => isNonNullType(field.type) || annotations.fields.get(`${type.name}.${field.name}`)?.nullable)
      .map((field) => field.name);
    return described({ type: 'object', properties, ...(required.length ? { required } : {}) });
  }
  if (isInterfaceType(type) || isUnionType(type)) {
    const variants = isUnionType(type) ? type.getTypes() : schema.getPossibleTypes(type);
    const propertyName = annotations.types.get(type.name)?.discriminator;
    const oneOf = variants.map((variant) => ({ $ref: `#/components/schemas/${variant.name}` }));
    if (!propertyName) return described({ oneOf });
    const mapping = Object.fromEntries(
      variants.map((variant) => {
        const values = annotations.fields.get(`${variant.name}.${propertyName}`)?.enum;
        if (values?.length !== 1)
          throw new Error(
            `${variant.name}.${propertyName} names no single variant of ${type.name} (@rest(enum: [...]))`,
          );
        return [values[0]!, `#/components/schemas/${variant.name}`];
      }),
    );
    return described({ oneOf, discriminator: { propertyName, mapping } });
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const properties = Object.fromEntries(
      fields.map((field) => [field.name, withDescription(valueSchema(field.type), field.description)]),
    );
    const required = fields.filter((field) => isNonNullType(field.type)).map((field) => field.name);
    return described({ type: 'object', properties, ...(required.length ? { required } : {}) });
  }
  return undefined;
}

function memberSchema(
  typeName: string,
  field: GraphQLField<unknown, unknown>,
  annotations: RestAnnotations,
): SchemaObject {
  return withDescription(
    valueSchema(field.type, annotations.fields.get(`${typeName}.${field.name}`)),
    field.description,
  );
}

function withDescription(schema: SchemaObject, description: string | null | undefined): SchemaObject {
  return description ? { ...schema, description } : schema;
}
