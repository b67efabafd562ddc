import { SignatureAggregatorError } from '../../../signature-aggregator/errors';
import { ApiError } from '../../shared/errors';

/**
 * The client-facing error of an aggregator failure, with the status the error names: validators
 * that cannot be reached, or that do not sign enough weight in time, are 503 Service Unavailable
 * (the request was fine, and the same request may succeed once more validators answer;
 * docs/api-decisions.md). Anything unexpected is returned as is (a 500 with a generic message, logged by
 * the gateway).
 * @param error what the aggregator threw
 * @returns an ApiError with the error's status, or the error itself
 * @example throw toApiError(error)
 */
export function toApiError(error: unknown): unknown {
  if (error instanceof SignatureAggregatorError) return new ApiError(error.status, error.message);
  return error;
}
