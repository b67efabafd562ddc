// The geth-style JSON-RPC over HTTP of a chain's `/rpc` endpoint (subnet-evm rpc/http.go, json.go,
// handler.go): HTTP checks and their plain-text refusals, single calls, notifications, batches with
// their limits, and the error envelope without `data` unless the error carries some.
import type { Request, Response } from 'express';
import { readBody } from '../../shared/readBody';
import { compactJson } from './compactJson';
import { JsonSyntaxError, parseJson, rawMember, type JsonObject, type JsonValue } from '../../shared/goJson';
import { asJsonRpcError, JsonRpcError, RPC_CODES } from './jsonRpcError';
import { RawJson, toJson } from './toJson';
import { noteUsage } from '../../shared/usageNotes';

/** Runs one call; throws JsonRpcError (or any Error: its mapped code, -32000 by default) to answer an error. */
export type GethDispatch = (call: {
  method: string;
  params: JsonValue | undefined;
  rawParams: string | undefined;
}) => Promise<unknown>;

/** Options of {@link createGethHandler}. */
export type GethHandlerOptions = {
  dispatch: GethDispatch;
  /** `http-body-limit`: 5 MiB. */
  bodyLimit: number;
  /** `batch-request-limit`: 1,000 calls. */
  batchLimit: number;
  /** `batch-response-max-size`: 25,000,000 bytes of results. */
  batchResponseMaxSize: number;
};

const ACCEPTED_TYPES = new Set(['application/json', 'application/json-rpc', 'application/jsonrequest']);
const NULL_ID = new RawJson('null');

/** A message as geth's jsonrpcMessage reads it (type mismatches leave a field empty, as Go's Unmarshal does). */
type Message = {
  version: string;
  id: string | undefined;
  method: string;
  params: JsonValue | undefined;
  rawParams: string | undefined;
};

/**
 * Creates the handler of a chain's `/rpc` route.
 * @param options dispatcher and limits
 * @returns an Express handler
 * @example router.post('/ext/bc/C/rpc', createGethHandler({ dispatch, bodyLimit: 5 << 20, batchLimit: 1000, batchResponseMaxSize: 25e6 }))
 */
export function createGethHandler(
  options: GethHandlerOptions,
): (request: Request, response: Response) => Promise<void> {
  return async (request, response) => {
    const length = Number(request.headers['content-length'] ?? 0);
    const query = request.originalUrl.includes('?');
    // Remote health checks (AWS) send a bare GET: 200, empty.
    if (request.method === 'GET' && !(length > 0) && !query && request.headers['transfer-encoding'] === undefined) {
      response.status(200).end();
      return;
    }
    if (request.method === 'PUT' || request.method === 'DELETE') return plainText(response, 405, 'method not allowed');
    if (length > options.bodyLimit) {
      request.resume();
      return plainText(response, 413, `content length too large (${length}>${options.bodyLimit})`);
    }
    if (request.method !== 'OPTIONS' && !ACCEPTED_TYPES.has(mediaType(request.headers['content-type']))) {
      request.resume();
      return plainText(response, 415, 'invalid content type, only application/json is supported');
    }
    response.setHeader('content-type', 'application/json');
    const body = await readBody(request, { limit: options.bodyLimit, overflow: 'cut' });
    const text = body.kind === 'body' ? body.bytes.toString('utf8') : '';
    let parsed: JsonValue;
    try {
      parsed = parseJson(text);
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      // An empty body is io.EOF: nothing to answer.
      if (error.message === 'EOF') return void response.status(200).end();
      return void response.status(200).end(`${envelope(NULL_ID, new JsonRpcError(RPC_CODES.parse, 'parse error'))}\n`);
    }
    if (!Array.isArray(parsed)) {
      const message = readMessage(parsed);
      noteUsage(response, { rpcMethod: message.method });
      const answer = await handleMessage(message, options.dispatch);
      response.status(200).end(answer === undefined ? undefined : `${answer.text}\n`);
      return;
    }
    noteUsage(response, { rpcMethod: 'batch' });
    const answers = await handleBatch(parsed, options);
    response.status(200).end(answers === undefined ? undefined : `${answers}\n`);
  };
}

async function handleBatch(items: JsonValue[], options: GethHandlerOptions): Promise<string | undefined> {
  if (items.length === 0) return envelope(NULL_ID, new JsonRpcError(RPC_CODES.invalidRequest, 'empty batch'));
  const messages = items.map(readMessage);
  if (items.length > options.batchLimit) {
    const first = messages.find(isCall);
    return `[${envelope(first ? idOf(first) : NULL_ID, new JsonRpcError(RPC_CODES.invalidRequest, 'batch too large'))}]`;
  }
  const answers: string[] = [];
  let resultBytes = 0;
  let overBudget = false;
  for (const message of messages) {
    if (overBudget) {
      if (isCall(message))
        answers.push(envelope(idOf(message), new JsonRpcError(RPC_CODES.responseTooLarge, 'response too large')));
      continue;
    }
    const answer = await handleMessage(message, options.dispatch);
    if (!answer) continue;
    answers.push(answer.text);
    resultBytes += answer.resultBytes;
    if (resultBytes > options.batchResponseMaxSize) overBudget = true;
  }
  return answers.length === 0 ? undefined : `[${answers.join(',')}]`;
}

/** One message: a call (answered), a notification (run, not answered) or an invalid request. */
async function handleMessage(
  message: Message,
  dispatch: GethDispatch,
): Promise<{ text: string; resultBytes: number } | undefined> {
  const validVersion = message.version === '2.0';
  if (validVersion && message.id === undefined && message.method !== '') {
    await dispatch(message).catch(() => undefined);
    return undefined;
  }
  if (!isCall(message)) {
    const id = message.id !== undefined && validId(message.id) ? idOf(message) : NULL_ID;
    return { text: envelope(id, new JsonRpcError(RPC_CODES.invalidRequest, 'invalid request')), resultBytes: 0 };
  }
  try {
    const result = toJson(await dispatch(message));
    return { text: `{"jsonrpc":"2.0","id":${idOf(message).text},"result":${result}}`, resultBytes: result.length };
  } catch (error) {
    return { text: envelope(idOf(message), asJsonRpcError(error)), resultBytes: 0 };
  }
}

function readMessage(value: JsonValue): Message {
  const message: Message = { version: '', id: undefined, method: '', params: undefined, rawParams: undefined };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return message;
  const object = value as JsonObject;
  // Go matches keys case-insensitively; the last matching member wins.
  for (const key of Object.keys(object)) {
    const member = object[key]!;
    switch (key.toLowerCase()) {
      case 'jsonrpc':
        if (typeof member === 'string') message.version = member;
        break;
      case 'method':
        if (typeof member === 'string') message.method = member;
        break;
      case 'id':
        message.id = rawMember(object, key);
        break;
      case 'params':
        message.params = member;
        message.rawParams = rawMember(object, key);
        break;
    }
  }
  return message;
}

function isCall(message: Message): boolean {
  return message.version === '2.0' && message.id !== undefined && validId(message.id) && message.method !== '';
}

function validId(raw: string): boolean {
  return raw.length > 0 && raw[0] !== '{' && raw[0] !== '[';
}

function idOf(message: Message): RawJson {
  return new RawJson(compactJson(message.id!));
}

function envelope(id: RawJson, error: JsonRpcError): string {
  const body =
    error.data === undefined
      ? { code: error.jsonRpcCode, message: error.message }
      : { code: error.jsonRpcCode, message: error.message, data: error.data };
  return `{"jsonrpc":"2.0","id":${id.text},"error":${toJson(body)}}`;
}

/** mime.ParseMediaType's type part, lower case; '' when missing or malformed. */
function mediaType(header: string | undefined): string {
  if (!header) return '';
  const type = header.split(';', 1)[0]!.trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) ? type : '';
}

function plainText(response: Response, status: number, message: string): void {
  response
    .status(status)
    .setHeader('content-type', 'text/plain; charset=utf-8')
    .setHeader('x-content-type-options', 'nosniff')
    .end(`${message}\n`);
}
