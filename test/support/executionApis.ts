// Ethereum's execution-apis specification (reference/execution-apis-openrpc.json, OpenRPC) as a
// validator of JSON-RPC results: each method's `result.schema`, with its `$ref`s into
// `components.schemas`. Two readings, both about how clients read the document:
// - `oneOf` is read as `anyOf`. FilterResults is `oneOf` [hashes, logs], and an empty list is both
//   an empty list of hashes and an empty list of logs, so strict JSON Schema would refuse every
//   empty eth_getLogs answer, which no client does. Elsewhere the branches exclude each other
//   (null or an object, transaction types told apart by `type`), so nothing else changes.
// - Schemas are used as published: `required`, `additionalProperties: false` and patterns all hold
//   (lower-case hex, quantities without leading zeros).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

const documentPath = path.resolve(__dirname, '../../reference/execution-apis-openrpc.json');
const document = JSON.parse(readFileSync(documentPath, 'utf8')) as {
  methods: { name: string; result: { schema: unknown } }[];
  components: { schemas: Record<string, unknown> };
};
const methods = new Map(document.methods.map((method) => [method.name, method]));

/** A copy of a schema with `oneOf` read as `anyOf` (see above). */
function asClientsRead(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asClientsRead);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key === 'oneOf' ? 'anyOf' : key, asClientsRead(value)]),
  );
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema({ components: asClientsRead(document.components) }, 'execution-apis');
const validators = new Map<string, ValidateFunction>();

/**
 * Whether execution-apis defines a method (eth_getHeaderByNumber, web3_* and subnet-evm's methods
 * it does not).
 * @param method JSON-RPC method name
 * @returns true when the specification has it
 * @example definesMethod('eth_getLogs') // true
 */
export function definesMethod(method: string): boolean {
  return methods.has(method);
}

/** The result schema of a method, compiled once. @throws for a method the specification lacks */
function resultValidator(method: string): ValidateFunction {
  let validate = validators.get(method);
  if (validate) return validate;
  const definition = methods.get(method);
  if (!definition) throw new Error(`execution-apis defines no method ${method}`);
  const schema = JSON.stringify(asClientsRead(definition.result.schema)).replaceAll(
    '"#/components/',
    '"execution-apis#/components/',
  );
  validate = ajv.compile(JSON.parse(schema) as object);
  validators.set(method, validate);
  return validate;
}

/**
 * Every way a JSON-RPC result departs from the execution-apis result schema of its method, as
 * `path: problem` lines; empty when it conforms.
 * @param method the method that answered (`eth_getBlockByNumber`)
 * @param result the `result` member of the answer, parsed
 * @returns the violations
 * @throws when execution-apis does not define the method ({@link definesMethod})
 * @example expect(executionApisResultErrors('eth_getBlockByNumber', answer.json.result)).toEqual([])
 */
export function executionApisResultErrors(method: string, result: unknown): string[] {
  const validate = resultValidator(method);
  if (validate(result)) return [];
  return [...new Set((validate.errors ?? []).map(describeError))];
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath === '' ? '$' : `$${error.instancePath.replaceAll('/', '.')}`;
  return `${where}: ${error.message}${error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''}`;
}
