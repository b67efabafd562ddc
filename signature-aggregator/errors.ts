// Errors of the signature aggregator. They carry a stable code, say whether trying again can
// help, and name the HTTP status a client gets (shared/errorStatus.ts reads it; the API layer
// turns them into GraphQL errors in subgraphs/primary-network/resolvers/signatureAggregatorErrors.ts).
import { ServiceError } from '../shared/errors';

/** Stable codes of {@link SignatureAggregatorError}. */
export type SignatureAggregatorErrorCode =
  | 'INVALID_WARP_MESSAGE'
  | 'INVALID_REQUEST'
  | 'TRANSACTION_NOT_FOUND'
  | 'UNSUPPORTED_TRANSACTION'
  | 'INSUFFICIENT_REACHABLE_WEIGHT'
  | 'INSUFFICIENT_SIGNATURES';

/**
 * Base of every error the aggregator throws on purpose. Anything else is a bug (500).
 *
 * @example
 * try { await aggregator.aggregateSignatures(request) }
 * catch (error) { if (error instanceof SignatureAggregatorError && error.retryable) retryLater() }
 */
export class SignatureAggregatorError extends ServiceError {
  override name = 'SignatureAggregatorError';
  declare readonly status: 400 | 404 | 503;
  /**
   * @param code the stable code
   * @param message what went wrong
   * @param options `retryable` when the same request may succeed later (validators offline, slow or
   *   catching up), and the HTTP `status`
   */
  constructor(
    readonly code: SignatureAggregatorErrorCode,
    message: string,
    options: { retryable: boolean; status: 400 | 404 | 503 },
  ) {
    super(message, options);
  }
}

/** Bytes that are not the Warp structure they claim to be: bad length, version, type or trailing bytes. */
export class InvalidWarpMessageError extends SignatureAggregatorError {
  override name = 'InvalidWarpMessageError';
  constructor(message: string) {
    super('INVALID_WARP_MESSAGE', message, { retryable: false, status: 400 });
  }
}

/** A well-formed request the aggregator cannot serve as asked (wrong network, unknown chain or subnet, height). */
export class InvalidAggregationRequestError extends SignatureAggregatorError {
  override name = 'InvalidAggregationRequestError';
  constructor(message: string) {
    super('INVALID_REQUEST', message, { retryable: false, status: 400 });
  }
}

/** 4.2: no P- or X-Chain transaction with that hash is indexed. */
export class TransactionNotFoundError extends SignatureAggregatorError {
  override name = 'TransactionNotFoundError';
  constructor(message: string) {
    super('TRANSACTION_NOT_FOUND', message, { retryable: false, status: 404 });
  }
}

/** 4.2: the transaction exists but the P-Chain signs no Warp message for its kind. */
export class UnsupportedTransactionError extends SignatureAggregatorError {
  override name = 'UnsupportedTransactionError';
  constructor(message: string) {
    super('UNSUPPORTED_TRANSACTION', message, { retryable: false, status: 400 });
  }
}

/** Before any request: the validators this service can reach hold less weight than the quorum. */
export class InsufficientReachableWeightError extends SignatureAggregatorError {
  override name = 'InsufficientReachableWeightError';
  constructor(message: string) {
    super('INSUFFICIENT_REACHABLE_WEIGHT', message, { retryable: true, status: 503 });
  }
}

/** After collection: valid signatures of less than the quorum weight arrived before the deadline. */
export class InsufficientSignaturesError extends SignatureAggregatorError {
  override name = 'InsufficientSignaturesError';
  constructor(message: string) {
    super('INSUFFICIENT_SIGNATURES', message, { retryable: true, status: 503 });
  }
}
