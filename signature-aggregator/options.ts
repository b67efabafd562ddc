import { availableParallelism } from 'node:os';
import type { BlsBackend } from './bls/blsCurve';

/** Tuning of the aggregator; every field has a default ({@link defaultAggregatorOptions}). */
export type SignatureAggregatorOptions = {
  /** Bound on one validator's answer, milliseconds. */
  requestTimeoutMs: number;
  /** Bound on a whole aggregation, database work included, milliseconds. */
  aggregationTimeoutMs: number;
  /** Signature requests in flight at once, per aggregation. */
  maxConcurrentRequests: number;
  /** Messages whose verified signatures are cached. */
  signatureCacheSize: number;
  /** Parsed public keys kept in memory. */
  publicKeyCacheSize: number;
  /** Worker threads for BLS operations (signing, parsing, verification, aggregation), at least 1. */
  workerThreads: number;
  /** The curve library of those threads: `auto` is blst where its native binary loads, else noble. */
  blsBackend: 'auto' | BlsBackend;
};

/**
 * Defaults: a node answers in 2 s or is skipped; a request ends within 10 s (ICM v0.5 allows 15).
 * BLS work gets every core but one, which stays with the event loop (HTTP, database, bookkeeping).
 */
export const defaultAggregatorOptions: SignatureAggregatorOptions = {
  requestTimeoutMs: 2_000,
  aggregationTimeoutMs: 10_000,
  maxConcurrentRequests: 128,
  signatureCacheSize: 1024,
  publicKeyCacheSize: 100_000,
  workerThreads: Math.max(1, availableParallelism() - 1),
  blsBackend: 'auto',
};
