// The member paths an OpenAPI schema gives an answer (`$.validators[].stakePercentage`), every
// variant's included: what a route's examples must show between them, and all an answer may hold.

type Schema = Record<string, any>;

/**
 * Walks every member of a schema (through `$ref`s, `oneOf`/`anyOf` variants and array items),
 * calling `visit` with each node and its path.
 */
function walkMembers(document: Schema, schema: Schema, visit: (node: Schema, at: string) => void): void {
  const walk = (node: Schema, at: string, depth: number) => {
    if (depth > 20 || !node) return;
    if (node.$ref) return walk(document.components.schemas[node.$ref.split('/').pop()], at, depth + 1);
    for (const variant of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) walk(variant, at, depth + 1);
    if (node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array')))
      return walk(node.items, `${at}[]`, depth + 1);
    visit(node, at);
    for (const [name, member] of Object.entries<Schema>(node.properties ?? {}))
      walk(member, `${at}.${name}`, depth + 1);
  };
  walk(schema, '$', 0);
}

/**
 * Every member path of a schema of an OpenAPI document; a free-form object (a map such as a
 * genesis `alloc`) is one member, its keys being data.
 * @param document the document whose `#/components/schemas` the schema refers to
 * @param schema the schema of an answer
 * @returns the paths, `$`-rooted, array items as `[]`
 * @example documentedMembers(doc, { $ref: '#/components/schemas/ListSubnetsResponse' }) // ['$.nextPageToken', '$.subnets', ...]
 */
export function documentedMembers(document: Schema, schema: Schema): string[] {
  const paths = new Set<string>();
  walkMembers(document, schema, (node, at) => {
    for (const name of Object.keys(node.properties ?? {})) paths.add(`${at}.${name}`);
  });
  return [...paths];
}

/**
 * The member paths of a schema that are maps (an object with `additionalProperties` and no
 * properties, such as a composite query's `subQueryCounts`): their keys are data, not members.
 * @param document the document whose `#/components/schemas` the schema refers to
 * @param schema the schema of an answer
 * @returns the paths, `$`-rooted, array items as `[]`
 * @example mapMembers(doc, { $ref: '#/components/schemas/CompositeQueryResponse' }) // ['$.subQueryCounts']
 */
export function mapMembers(document: Schema, schema: Schema): string[] {
  const paths = new Set<string>();
  walkMembers(document, schema, (node, at) => {
    if (node.additionalProperties && !node.properties) paths.add(at);
  });
  return [...paths];
}

/**
 * Every member path a JSON value shows; the keys of a documented free-form object are not members.
 * @param value the answer
 * @param freeForm paths whose object keys are data
 * @returns the paths, array items merged as `[]`
 * @example presentMembers({ a: [{ b: 1 }] }) // ['$.a', '$.a[].b']
 */
export function presentMembers(value: unknown, freeForm: ReadonlySet<string> = new Set(), at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => presentMembers(item, freeForm, `${at}[]`));
  if (typeof value !== 'object' || value === null || freeForm.has(at)) return [];
  return Object.entries(value).flatMap(([name, member]) => [
    `${at}.${name}`,
    ...presentMembers(member, freeForm, `${at}.${name}`),
  ]);
}
