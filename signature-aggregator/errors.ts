// Errors of the signature aggregator. They carry a stable code and say whether trying again can
// help; the API layer maps codes to HTTP statuses (subgraphs/primary-network/resolvers/
// signatureAggregatorErrors.ts), so this folder knows nothing of GraphQL or HTTP.

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
export class SignatureAggregatorError extends Error {
  constructor(
    readonly code: SignatureAggregatorErrorCode,
    message: string,
    /** True when the same request may succeed later (validators offline, slow or catching up). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SignatureAggregatorError';
  }
}

/** Bytes that are not the Warp structure they claim to be: bad length, version, type or trailing bytes. */
export class InvalidWarpMessageError extends SignatureAggregatorError {
  constructor(message: string) {
    super('INVALID_WARP_MESSAGE', message, false);
    this.name = 'InvalidWarpMessageError';
  }
}

/** A well-formed request the aggregator cannot serve as asked (wrong network, unknown chain or subnet, height). */
export class InvalidAggregationRequestError extends SignatureAggregatorError {
  constructor(message: string) {
    super('INVALID_REQUEST', message, false);
    this.name = 'InvalidAggregationRequestError';
  }
}

/** 4.2: no P- or X-Chain transaction with that hash is indexed. */
export class TransactionNotFoundError extends SignatureAggregatorError {
  constructor(message: string) {
    super('TRANSACTION_NOT_FOUND', message, false);
    this.name = 'TransactionNotFoundError';
  }
}

/** 4.2: the transaction exists but the P-Chain signs no Warp message for its kind. */
export class UnsupportedTransactionError extends SignatureAggregatorError {
  constructor(message: string) {
    super('UNSUPPORTED_TRANSACTION', message, false);
    this.name = 'UnsupportedTransactionError';
  }
}

/** Before any request: the validators this service can reach hold less weight than the quorum. */
export class InsufficientReachableWeightError extends SignatureAggregatorError {
  constructor(message: string) {
    super('INSUFFICIENT_REACHABLE_WEIGHT', message, true);
    this.name = 'InsufficientReachableWeightError';
  }
}

/** After collection: valid signatures of less than the quorum weight arrived before the deadline. */
export class InsufficientSignaturesError extends SignatureAggregatorError {
  constructor(message: string) {
    super('INSUFFICIENT_SIGNATURES', message, true);
    this.name = 'InsufficientSignaturesError';
  }
}
