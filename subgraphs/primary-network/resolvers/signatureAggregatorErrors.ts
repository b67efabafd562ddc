import { SignatureAggregatorError, type SignatureAggregatorErrorCode } from '../../../signature-aggregator/errors';
import { ApiError, type ApiStatus } from '../../shared/errors';

/**
 * HTTP status of each aggregator error. Validators that cannot be reached, or that do not sign
 * enough weight in time, are 503 Service Unavailable: the request was fine, and the same request
 * may succeed once more validators answer (docs/api-decisions.md).
 */
const statusOfCode: Record<SignatureAggregatorErrorCode, ApiStatus> = {
  INVALID_WARP_MESSAGE: 400,
  INVALID_REQUEST: 400,
  UNSUPPORTED_TRANSACTION: 400,
  TRANSACTION_NOT_FOUND: 404,
  INSUFFICIENT_REACHABLE_WEIGHT: 503,
  INSUFFICIENT_SIGNATURES: 503,
};

/**
 * The client-facing error of an aggregator failure; anything unexpected is returned as is (a 500
 * with a generic message, logged by the gateway).
 * @param error what the aggregator threw
 * @returns an ApiError with the status of its code, or the error itself
 * @example throw toApiError(error)
 */
export function toApiError(error: unknown): unknown {
  if (error instanceof SignatureAggregatorError) return new ApiError(statusOfCode[error.code], error.message);
  return error;
}
