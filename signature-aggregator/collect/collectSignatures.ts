import { bls12_381 } from '@noble/curves/bls12-381.js';
import { setMaxListeners } from 'node:events';
import { parseSignature, type SignaturePoint } from '../bls/parseSignature';
import { InsufficientSignaturesError } from '../errors';
import type { FetchSignature } from '../sources/signatureSource';
import type { CanonicalValidator } from '../validators/flattenValidators';
import { verifySignatures } from './verifySignatures';

/** Everything one collection needs. Weights are in the canonical set's units. */
export type CollectParameters = {
  validators: readonly CanonicalValidator[];
  totalWeight: bigint;
  /** Ways to ask each reachable validator (by canonical index), tried in order. */
  fetchers: ReadonlyMap<number, readonly FetchSignature[]>;
  /** Signatures verified earlier (cache), by canonical index. */
  cached: ReadonlyMap<number, SignaturePoint>;
  hashedMessage: () => SignaturePoint;
  /** Least weight the result must carry. */
  quorumWeight: bigint;
  /** Weight to collect before stopping early: quorum + buffer. */
  targetWeight: bigint;
  /** Bound on one validator's answer, milliseconds. */
  requestTimeoutMs: number;
  /** Absolute time (Date.now() clock) when collection ends whatever happened. */
  deadline: number;
  /** Bound on requests in flight. */
  maxConcurrentRequests: number;
  /** Called for each newly verified signature (the cache). */
  onVerified?: (index: number, signature: SignaturePoint) => void;
};

/** Counters of one collection, for logs, errors and tests. */
export type CollectionStats = {
  fromCache: number;
  requested: number;
  /** Requests that failed: refused, unreachable, or over the per-request deadline. */
  failed: number;
  /** Answers that are no valid point: wrong length, not on the curve, outside the subgroup, infinity. */
  malformed: number;
  /** Well-formed signatures that did not verify. */
  rejected: number;
  pairingChecks: number;
};

/** A collection that met its quorum. */
export type CollectedSignatures = { signers: number[]; signature: SignaturePoint; signedWeight: bigint; stats: CollectionStats };

/**
 * Collects signatures concurrently, heaviest validators first, until the verified weight reaches
 * the target (quorum + buffer). Requests go out only while those in flight could not reach the
 * target on their own, so no more validators are asked than needed; a failure or timeout frees
 * room for the next. Each answer must parse as a valid point before its weight counts, and the
 * parsed ones are verified together, once, when the target is in sight ({@link verifySignatures}).
 * Once every reachable validator has answered, or at the deadline, the quorum is enough.
 *
 * @param p validators, fetchers, weights and deadlines
 * @returns the signer indices (ascending), their aggregate signature and weight
 * @throws InsufficientSignaturesError when the quorum is not met by the deadline or at all
 * @example const { signers, signature } = await collectSignatures({ ...params, deadline: Date.now() + 10_000 })
 */
export function collectSignatures(p: CollectParameters): Promise<CollectedSignatures> {
  return new Promise((resolve, reject) => {
    const weightOf = (index: number) => p.validators[index]!.weight;
    const stats: CollectionStats = { fromCache: p.cached.size, requested: 0, failed: 0, malformed: 0, rejected: 0, pairingChecks: 0 };
    const verified = new Map(p.cached);
    let verifiedWeight = [...verified.keys()].reduce((sum, index) => sum + weightOf(index), 0n);
    const pending = new Map<number, SignaturePoint>();
    let pendingWeight = 0n;
    const queue = [...p.fetchers.keys()].filter((index) => !verified.has(index)).sort((a, b) => compareWeights(weightOf(b), weightOf(a)) || a - b);
    let next = 0;
    let inFlight = 0;
    let inFlightWeight = 0n;
    let done = false;
    const controller = new AbortController();
    // Every request listens on this signal; the concurrency cap bounds how many do at once.
    setMaxListeners(p.maxConcurrentRequests + 16, controller.signal);
    const timer = setTimeout(() => conclude('deadline'), Math.max(0, p.deadline - Date.now()));

    const verifyPending = () => {
      if (pending.size === 0) return;
      const items = [...pending].map(([index, signature]) => ({ index, publicKey: p.validators[index]!.publicKey.point, signature }));
      pending.clear();
      pendingWeight = 0n;
      const outcome = verifySignatures(items, p.hashedMessage());
      stats.pairingChecks += outcome.pairingChecks;
      stats.rejected += outcome.invalid.length;
      const valid = new Set(outcome.valid);
      for (const item of items) {
        if (!valid.has(item.index)) continue;
        verified.set(item.index, item.signature);
        verifiedWeight += weightOf(item.index);
        p.onVerified?.(item.index, item.signature);
      }
    };

    function conclude(reason: 'target' | 'exhausted' | 'deadline') {
      if (done) return;
      verifyPending();
      done = true;
      clearTimeout(timer);
      controller.abort();
      if (verifiedWeight >= p.quorumWeight) {
        const signers = [...verified.keys()].sort((a, b) => a - b);
        const signature = bls12_381.longSignatures.aggregateSignatures(signers.map((index) => verified.get(index)!));
        resolve({ signers, signature, signedWeight: verifiedWeight, stats });
      } else {
        reject(new InsufficientSignaturesError(describeShortfall(p, verifiedWeight, stats, reason)));
      }
    }

    function step() {
      if (done) return;
      if (verifiedWeight + pendingWeight >= p.targetWeight) {
        verifyPending();
        if (verifiedWeight >= p.targetWeight) return conclude('target');
      }
      while (inFlight < p.maxConcurrentRequests && next < queue.length && verifiedWeight + pendingWeight + inFlightWeight < p.targetWeight) {
        dispatch(queue[next++]!);
      }
      // Nothing in flight after the loop means nothing is left to ask: every reachable validator answered.
      if (inFlight === 0) conclude('exhausted');
    }

    function dispatch(index: number) {
      const weight = weightOf(index);
      inFlight++;
      inFlightWeight += weight;
      stats.requested++;
      const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(p.requestTimeoutMs)]);
      fetchFirst(p.fetchers.get(index)!, signal)
        .then(
          (bytes) => {
            if (done) return;
            try {
              pending.set(index, parseSignature(bytes));
              pendingWeight += weight;
            } catch {
              stats.malformed++;
            }
          },
          () => {
            if (!done) stats.failed++;
          },
        )
        .finally(() => {
          inFlight--;
          inFlightWeight -= weight;
          step();
        });
    }

    step();
  });
}

/** Asks each way in turn until one answers; stops at once when the signal aborts. */
async function fetchFirst(fetchers: readonly FetchSignature[], signal: AbortSignal): Promise<Uint8Array> {
  let lastError: unknown = new Error('no way to reach the validator');
  for (const fetchSignature of fetchers) {
    signal.throwIfAborted();
    try {
      return await fetchSignature(signal);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

function compareWeights(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function describeShortfall(p: CollectParameters, verifiedWeight: bigint, stats: CollectionStats, reason: 'target' | 'exhausted' | 'deadline'): string {
  const share = (weight: bigint) => `${(Number((weight * 10_000n) / (p.totalWeight || 1n)) / 100).toFixed(2)}%`;
  const problems = [
    stats.failed > 0 ? `${stats.failed} validator${stats.failed === 1 ? '' : 's'} did not answer` : '',
    stats.malformed + stats.rejected > 0 ? `${stats.malformed + stats.rejected} answered with an invalid signature` : '',
    reason === 'deadline' ? 'the aggregation deadline passed' : '',
  ].filter(Boolean);
  return (
    `not enough validator weight signed the message: ${share(verifiedWeight)} (${verifiedWeight} of ${p.totalWeight}) ` +
    `signed, the quorum needs ${share(p.quorumWeight)} (${p.quorumWeight})` +
    (problems.length > 0 ? `; ${problems.join(', ')}` : '')
  );
}
