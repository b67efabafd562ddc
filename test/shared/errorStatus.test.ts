// The one mapper from errors to what a client is told: each kind of error to its HTTP status and
// JSON-RPC code, and whether trying again can help.
import { MalformedAnswerError, NodeCallError, NodeError } from '../../shared/jsonRpc/rpcErrors';
import { ArgumentError } from '../../node-rpc/envelope/goArgs';
import {
  asJsonRpcError,
  invalidParams,
  JsonRpcError,
  methodNotFound,
  serverError,
} from '../../node-rpc/envelope/jsonRpcError';
import { NotIndexedError } from '../../node-rpc/eth/blockAccess';
import { httpStatusOf, jsonRpcCodeOf, reasonPhrase, retryableStatus } from '../../shared/errorStatus';
import { ServiceError } from '../../shared/errors';
import {
  InsufficientReachableWeightError,
  InsufficientSignaturesError,
  InvalidAggregationRequestError,
  InvalidWarpMessageError,
  TransactionNotFoundError,
  UnsupportedTransactionError,
} from '../../signature-aggregator/errors';
import { ApiError, BadRequestError, InvalidParameterError, NotFoundError } from '../../subgraphs/shared/errors';

/** [error, retryable, HTTP status, JSON-RPC code]: the section 7 statuses and the node's codes. */
const kinds: Array<[Error, boolean, number, number]> = [
  [new ServiceError('plain'), false, 500, -32000],
  [new InvalidWarpMessageError('m'), false, 400, -32000],
  [new InvalidAggregationRequestError('m'), false, 400, -32000],
  [new UnsupportedTransactionError('m'), false, 400, -32000],
  [new TransactionNotFoundError('m'), false, 404, -32000],
  [new InsufficientReachableWeightError('m'), true, 503, -32000],
  [new InsufficientSignaturesError('m'), true, 503, -32000],
  [methodNotFound('eth_foo'), false, 500, -32601],
  [invalidParams('missing value for required argument 0'), false, 500, -32602],
  [serverError('cannot query unfinalized data'), false, 500, -32000],
  [new JsonRpcError(3, 'execution reverted'), false, 500, 3],
  [new NotIndexedError('block 5'), false, 500, -32000],
  [new ArgumentError(), false, 500, -32000],
  [new NodeCallError('TIMEOUT', 'no answer within 30000 ms', true), true, 500, -32000],
  [new MalformedAnswerError('eth_getBlockByNumber', 'block.hash is missing'), true, 500, -32000],
  [new NodeError('eth_call', -32000, 'request timeout'), true, 500, -32000],
  [new NodeError('debug_traceBlockByNumber', -32601, 'the method does not exist'), false, 500, -32000],
  [new ApiError(503, 'The database is unavailable; try again later'), true, 503, -32000],
  [new ApiError(429, 'slow down'), true, 429, -32000],
  [new BadRequestError('pageSize must be at least 1'), false, 400, -32000],
  [new NotFoundError('no such block'), false, 404, -32000],
  [new InvalidParameterError('must be a 0x address'), false, 400, -32000],
  [new Error('a bug'), false, 500, -32000],
];

describe('httpStatusOf() and jsonRpcCodeOf()', () => {
  it.each(kinds)('%s: retryable %s, HTTP %i, JSON-RPC %i', (error, retryable, status, code) => {
    expect([(error as { retryable?: boolean }).retryable ?? false, httpStatusOf(error), jsonRpcCodeOf(error)]).toEqual([
      retryable,
      status,
      code,
    ]);
  });

  it('reads a formatted GraphQL error’s http status first, then its code', () => {
    expect(httpStatusOf({ message: 'm', extensions: { code: 'BAD_REQUEST', http: { status: 413 } } })).toBe(413);
    expect(httpStatusOf({ message: 'm', extensions: { code: 'NOT_FOUND' } })).toBe(404);
    expect(httpStatusOf({ message: 'm', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })).toBe(200);
    expect(httpStatusOf({ message: 'm', extensions: { code: 'SOMETHING_ELSE' } })).toBe(500);
  });

  it('answers 500 and -32000 for what is not an error object', () => {
    expect([httpStatusOf(undefined), httpStatusOf('text'), jsonRpcCodeOf(null), jsonRpcCodeOf(42)]).toEqual([
      500, 500, -32000, -32000,
    ]);
  });
});

describe('asJsonRpcError()', () => {
  it('keeps a JsonRpcError as it is', () => {
    const error = new JsonRpcError(3, 'execution reverted', '0x08c379a0');
    expect(asJsonRpcError(error)).toBe(error);
  });

  it('answers any other error with its mapped code and its message', () => {
    const answered = asJsonRpcError(new ServiceError('busy', { jsonRpcCode: -32005 }));
    expect([answered.jsonRpcCode, answered.message, answered.data]).toEqual([-32005, 'busy', undefined]);
    expect([asJsonRpcError(new Error('boom')).jsonRpcCode, asJsonRpcError('text').message]).toEqual([-32000, 'text']);
  });
});

describe('retryableStatus()', () => {
  it('is true for rate limits and an unavailable upstream, false for a client’s mistake or a bug', () => {
    expect([429, 502, 503, 504].map(retryableStatus)).toEqual([true, true, true, true]);
    expect([200, 400, 401, 403, 404, 413, 500].map(retryableStatus)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('reasonPhrase()', () => {
  it('is the standard phrase, or "Error" for a status without one', () => {
    expect([reasonPhrase(404), reasonPhrase(503), reasonPhrase(599)]).toEqual([
      'Not Found',
      'Service Unavailable',
      'Error',
    ]);
  });
});
