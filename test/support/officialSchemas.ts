// The official OpenAPI documents (reference/) as response validators: what the official SDKs,
// generated from the same documents, accept. The documents are read as their generators read
// them: 3.0's `nullable: true` (still used in these 3.1 documents) admits null beside the schema,
// as does a type list with `null` whose enum omits it; a `oneOf` without discriminator is a union
// whose first matching member wins (zod's `z.union`), since its members may overlap (a P-Chain
// balance has every member of a C-Chain one).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** One operation of an official document. */
export type OfficialOperation = {
  document: 'glacier' | 'metrics';
  path: string;
  method: string;
  operationId: string;
  definition: Record<string, any>;
};

const referenceDir = path.resolve(__dirname, '../../reference');
const documents = {
  glacier: JSON.parse(readFileSync(path.join(referenceDir, 'glacier-openapi.json'), 'utf8')),
  metrics: JSON.parse(readFileSync(path.join(referenceDir, 'metrics-openapi.json'), 'utf8')),
} as const;

/** The official Data API and Metrics API documents, as published. */
export function officialDocument(name: 'glacier' | 'metrics'): Record<string, any> {
  return documents[name];
}

/** Every operation of both official documents, by operationId. */
export const officialOperations: ReadonlyMap<string, OfficialOperation> = new Map(
  (Object.keys(documents) as Array<keyof typeof documents>).flatMap((document) =>
    Object.entries(documents[document].paths as Record<string, Record<string, any>>).flatMap(([route, methods]) =>
      Object.entries(methods)
        .filter(([, definition]) => typeof definition?.operationId === 'string')
        .map(
          ([method, definition]) =>
            [
              definition.operationId,
              { document, path: route, method, operationId: definition.operationId, definition },
            ] as const,
        ),
    ),
  ),
);

/**
 * A copy of a schema with OpenAPI 3.0's `nullable: true` spelled in JSON Schema (`null` or the
 * schema), a nullable enum's null admitted, and the discriminator mappings dropped (ajv finds the
 * variant by the property's enum).
 */
function asJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'discriminator') converted[key] = { propertyName: (value as { propertyName: string }).propertyName };
    else if (key === 'example' || key === 'examples') converted[key] = value;
    else if (key === 'oneOf' && !('discriminator' in rest)) converted.anyOf = asJsonSchema(value);
    else converted[key] = asJsonSchema(value);
  }
  // `type: [..., 'null']` with an `enum` that lists no null (tokenReputation): the generators admit
  // null beside the values (the SDKs' `z.nullable(...)`), which JSON Schema alone would refuse.
  if (
    Array.isArray(converted.type) &&
    converted.type.includes('null') &&
    Array.isArray(converted.enum) &&
    !converted.enum.includes(null)
  ) {
    converted.enum = [...converted.enum, null];
  }
  return nullable === true ? { anyOf: [{ type: 'null' }, converted] } : converted;
}

const ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: true, validateSchema: false });
addFormats(ajv);
for (const [name, document] of Object.entries(documents))
  ajv.addSchema({ components: asJsonSchema(document.components) }, name);

const validators = new Map<string, ValidateFunction>();

/**
 * The official response schema of an operation and status, compiled once.
 * @throws when the operation or status has no JSON response in the official documents
 */
function responseValidator(operationId: string, status: number): ValidateFunction {
  const key = `${operationId} ${status}`;
  let validate = validators.get(key);
  if (validate) return validate;
  const operation = officialOperations.get(operationId);
  if (!operation) throw new Error(`no official operation ${operationId}`);
  const schema = operation.definition.responses?.[String(status)]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`official ${operationId} has no JSON response for status ${status}`);
  const converted = JSON.parse(
    JSON.stringify(asJsonSchema(schema)).replaceAll('"#/components/', `"${operation.document}#/components/`),
  );
  validate = ajv.compile(converted as object);
  validators.set(key, validate);
  return validate;
}

/**
 * Every way a response departs from the official schema of its operation and status, as
 * `path: problem` lines; empty when an official client accepts it.
 * @param operationId the official operationId (`listValidators`)
 * @param status the HTTP status answered
 * @param body the parsed JSON body
 * @example expect(officialResponseErrors('listSubnets', 200, answer.body)).toEqual([])
 */
export function officialResponseErrors(operationId: string, status: number, body: unknown): string[] {
  const validate = responseValidator(operationId, status);
  if (validate(body)) return [];
  return dedupe((validate.errors ?? []).map(describeError));
}

/**
 * Every way a value departs from one component schema of an official document (a variant of a
 * `oneOf`, to hold an answer to the variant its chain calls for).
 * @param document the official document
 * @param schemaName the component's name
 * @param value the parsed JSON value
 * @example expect(officialSchemaErrors('glacier', 'ListXChainBalancesResponse', answer.body)).toEqual([])
 */
export function officialSchemaErrors(document: 'glacier' | 'metrics', schemaName: string, value: unknown): string[] {
  const key = `${document}#/components/schemas/${schemaName}`;
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = ajv.compile({ $ref: key })));
  if (validate(value)) return [];
  return dedupe((validate.errors ?? []).map(describeError));
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath === '' ? '$' : `$${error.instancePath.replaceAll('/', '.')}`;
  return `${where}: ${error.message}${error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''}`;
}

function dedupe(lines: string[]): string[] {
  return [...new Set(lines)];
}
