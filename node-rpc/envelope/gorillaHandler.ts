// The gorilla/rpc v2 + json2 envelope with avalanchego's lower-case codec, as the admin API and
// subnet-evm's `/validators` serve it (node-rpc-behaviour note, section 2): POST only, one
// `application/json` message (no batches), `service.method` names whose function part is
// upper-cased to find the method, -32700 / -32600 / -32000 errors with `data` always present, every
// JSON-RPC error at HTTP 200, and no body at all for a notification (no id, or id null).
import type { Request, Response } from 'express';
import { readBody } from '../../shared/readBody';
import { compactJson } from './compactJson';
import { ArgumentError, ARGUMENT_ERROR } from './goArgs';
import { JsonSyntaxError, parseJson, rawMember, type JsonObject, type JsonValue } from '../../shared/goJson';
import { asJsonRpcError, RPC_CODES } from './jsonRpcError';
import { RawJson, toJson } from './toJson';
import { noteUsage } from '../../shared/usageNotes';

/** A method of a gorilla service: gets the raw params, returns the reply object. */
export type GorillaMethod = (params: JsonValue | undefined, request: Request) => Promise<unknown>;

/** Services by name, methods by their Go (upper-camel) name, e.g. `{ admin: { Alias: … } }`. */
export type GorillaServices = Record<string, Record<string, GorillaMethod>>;

/** The decoded request as gorilla's serverRequest holds it (also the `data` of -32700 / -32600). */
type ServerRequest = { jsonrpc: string; method: string; params: string | undefined; id: string | undefined };

/**
 * Creates the handler of a gorilla-style endpoint.
 * @param services the services it serves
 * @param bodyLimit bytes read at most
 * @returns an Express handler
 * @example createGorillaHandler({ validators: { GetCurrentValidators: async (params) => ({ validators: [] }) } }, 5 << 20)
 */
export function createGorillaHandler(
  services: GorillaServices,
  bodyLimit: number,
): (request: Request, response: Response) => Promise<void> {
  return async (request, response) => {
    if (request.method !== 'POST') {
      request.resume();
      return plainText(response, 405, `rpc: POST method required, received ${request.method}`);
    }
    // Two codecs are registered ("application/json" and "…;charset=UTF-8"), so an empty type is refused;
    // only the part before ';' is compared, case-insensitively and untrimmed.
    const contentType = (request.headers['content-type'] ?? '').split(';', 1)[0]!;
    if (contentType.toLowerCase() !== 'application/json') {
      request.resume();
      return plainText(response, 415, `rpc: unrecognized Content-Type: ${contentType}`);
    }
    const body = await readBody(request, { limit: bodyLimit, overflow: 'cut' });
    // avalanchego sets no limit of its own here; the service's is the chain RPC's (5 MiB), refused the same way.
    if (body.kind === 'tooLarge')
      return plainText(response, 413, `content length too large (${request.headers['content-length']}>${bodyLimit})`);
    const text = body.bytes.toString('utf8');
    const decoded = decodeRequest(text);
    const req = decoded.request;
    const write = (payload: Record<string, unknown>, always = false) => {
      if (req.id === undefined && !always) return void response.status(200).end();
      response.status(200).setHeader('content-type', 'application/json; charset=utf-8');
      response.end(
        `${toJson({ jsonrpc: '2.0', ...payload, id: req.id === undefined ? null : new RawJson(compactJson(req.id)) })}\n`,
      );
    };
    const fail = (code: number, message: string, data: unknown = null, always = false) =>
      write({ error: { code, message, data } }, always);

    if (decoded.parseError !== undefined) return fail(RPC_CODES.parse, decoded.parseError, requestData(req), true);
    if (req.jsonrpc !== '2.0') return fail(RPC_CODES.invalidRequest, 'jsonrpc must be 2.0', requestData(req));
    noteUsage(response, { rpcMethod: req.method });
    const resolved = resolveMethod(req.method, services);
    if (typeof resolved === 'string') return fail(RPC_CODES.server, resolved);
    const params = req.params === undefined ? undefined : parseJson(req.params);
    try {
      const result = await resolved(params, request);
      response.setHeader('x-content-type-options', 'nosniff');
      write({ result });
    } catch (error) {
      if (error instanceof ArgumentError) return fail(RPC_CODES.server, ARGUMENT_ERROR);
      response.setHeader('x-content-type-options', 'nosniff');
      const rpc = asJsonRpcError(error);
      fail(rpc.jsonRpcCode, rpc.message, rpc.data ?? null);
    }
  };
}

/** json.NewDecoder(body).Decode(&serverRequest): syntax errors, then type errors of the members. */
function decodeRequest(text: string): { request: ServerRequest; parseError?: string } {
  const request: ServerRequest = { jsonrpc: '', method: '', params: undefined, id: undefined };
  let value: JsonValue;
  try {
    value = parseJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { request, parseError: error.message };
    throw error;
  }
  if (value === null) return { request };
  if (typeof value !== 'object' || Array.isArray(value)) {
    const kind = Array.isArray(value)
      ? 'array'
      : typeof value === 'boolean'
        ? 'bool'
        : typeof value === 'string'
          ? 'string'
          : 'number';
    return { request, parseError: `json: cannot unmarshal ${kind} into Go value of type json2.serverRequest` };
  }
  let parseError: string | undefined;
  const object = value as JsonObject;
  for (const key of Object.keys(object)) {
    const member = object[key]!;
    const field = key.toLowerCase();
    if (field === 'jsonrpc' || field === 'method') {
      if (member === null) continue;
      if (typeof member === 'string') request[field] = member;
      else
        parseError ??= `json: cannot unmarshal ${goKind(member)} into Go struct field serverRequest.${field} of type string`;
    } else if (field === 'params' || field === 'id') {
      // *json.RawMessage: null leaves the pointer nil.
      request[field] = member === null ? undefined : rawMember(object, key);
    }
  }
  return { request, parseError };
}

/** The method to run, or the gorilla error text (`rpc: can't find method "admin.FooBar"`, ...). */
function resolveMethod(method: string, services: GorillaServices): GorillaMethod | string {
  let name = method;
  const dot = method.indexOf('.');
  if (dot >= 0) {
    const fn = method.slice(dot + 1);
    const first = [...fn][0];
    if (first !== undefined) {
      if (first !== first.toLowerCase() && first === first.toUpperCase())
        return 'method must start with a non-uppercase letter';
      name = `${method.slice(0, dot)}.${first.toUpperCase()}${fn.slice(first.length)}`;
    }
  }
  const parts = name.split('.');
  if (parts.length !== 2) return `rpc: service/method request ill-formed: ${goQuote(name)}`;
  const service = Object.hasOwn(services, parts[0]!) ? services[parts[0]!] : undefined;
  if (!service) return `rpc: can't find service ${goQuote(name)}`;
  const fn = Object.hasOwn(service, parts[1]!) ? service[parts[1]!] : undefined;
  if (!fn) return `rpc: can't find method ${goQuote(name)}`;
  return fn;
}

function requestData(req: ServerRequest): Record<string, unknown> {
  const raw = (text: string | undefined) => (text === undefined ? null : new RawJson(compactJson(text)));
  return { jsonrpc: req.jsonrpc, method: req.method, params: raw(req.params), id: raw(req.id) };
}

function goKind(value: JsonValue): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'boolean') return 'bool';
  return typeof value === 'string' ? 'string' : 'number';
}

/** Go's %q for ordinary text (quotes, backslashes and control characters escaped). */
function goQuote(text: string): string {
  return JSON.stringify(text);
}

function plainText(response: Response, status: number, message: string): void {
  response.status(status).setHeader('content-type', 'text/plain; charset=utf-8').end(message);
}
