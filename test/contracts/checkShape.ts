// A small schema language for the response shapes of the REST spec, and a strict checker: legacy
// clients are generated from the hosted API's OpenAPI document and validate every response, so a
// missing required member, an extra one, a wrong type or a value outside an enum breaks them.

/** The shape of a JSON value. */
export type Shape =
  | { kind: 'string' | 'integer' | 'number' | 'boolean' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'object'; fields: Record<string, Field> }
  | { kind: 'map'; values: Shape }
  | { kind: 'array'; items: Shape }
  | { kind: 'nullable'; shape: Shape }
  | { kind: 'json' };

/** A member of an object shape. */
export type Field = { shape: Shape; required: boolean };

export const str: Shape = { kind: 'string' };
export const int: Shape = { kind: 'integer' };
export const num: Shape = { kind: 'number' };
export const bool: Shape = { kind: 'boolean' };
/** Any JSON value (free-form configs). */
export const json: Shape = { kind: 'json' };
export const arr = (items: Shape): Shape => ({ kind: 'array', items });
export const map = (values: Shape): Shape => ({ kind: 'map', values });
export const nullable = (shape: Shape): Shape => ({ kind: 'nullable', shape });
export const oneOf = (...values: string[]): Shape => ({ kind: 'enum', values });

/**
 * An object shape: every member required unless listed in `optional`.
 * @example obj({ a: str, b: int }, ['b'])
 */
export function obj(fields: Record<string, Shape>, optional: readonly string[] = []): Shape {
  for (const name of optional) if (!(name in fields)) throw new Error(`optional member ${name} is not a member`);
  return { kind: 'object', fields: Object.fromEntries(Object.entries(fields).map(([name, shape]) => [name, { shape, required: !optional.includes(name) }])) };
}

/**
 * Every way `value` departs from `shape`, as `path: problem` lines (empty when it conforms).
 * @example checkShape({ a: 1 }, obj({ a: str })) // ['$.a: expected string, got 1']
 */
export function checkShape(value: unknown, shape: Shape, path = '$'): string[] {
  const got = () => `${path}: expected ${describe(shape)}, got ${JSON.stringify(value)?.slice(0, 80)}`;
  switch (shape.kind) {
    case 'json':
      return [];
    case 'nullable':
      return value === null ? [] : checkShape(value, shape.shape, path);
    case 'string':
      return typeof value === 'string' ? [] : [got()];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [got()];
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [] : [got()];
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? [] : [got()];
    case 'enum':
      return typeof value === 'string' && shape.values.includes(value) ? [] : [got()];
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, i) => checkShape(item, shape.items, `${path}[${i}]`)) : [got()];
    case 'map':
      return isObject(value) ? Object.entries(value).flatMap(([key, item]) => checkShape(item, shape.values, `${path}.${key}`)) : [got()];
    case 'object': {
      if (!isObject(value)) return [got()];
      const problems: string[] = [];
      for (const [name, field] of Object.entries(shape.fields)) {
        if (!(name in value)) {
          if (field.required) problems.push(`${path}.${name}: missing`);
        } else problems.push(...checkShape(value[name], field.shape, `${path}.${name}`));
      }
      for (const name of Object.keys(value)) if (!(name in shape.fields)) problems.push(`${path}.${name}: not in the spec`);
      return problems;
    }
  }
}

/** Members the shape has somewhere, for "was every member seen" checks. */
export function memberPaths(shape: Shape, path = '$'): string[] {
  if (shape.kind === 'nullable') return memberPaths(shape.shape, path);
  if (shape.kind === 'array') return memberPaths(shape.items, `${path}[]`);
  if (shape.kind !== 'object') return [];
  return Object.entries(shape.fields).flatMap(([name, field]) => [`${path}.${name}`, ...memberPaths(field.shape, `${path}.${name}`)]);
}

function describe(shape: Shape): string {
  if (shape.kind === 'enum') return `one of ${shape.values.join(', ')}`;
  if (shape.kind === 'nullable') return `${describe(shape.shape)} or null`;
  return shape.kind;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
