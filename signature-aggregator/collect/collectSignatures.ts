import { setMaxListeners } from 'node:events';
import type { BlsPool, VerifiedSignature } from '../bls/createBlsPool';
import { InsufficientSignaturesError } from '../errors';
import type { FetchSignature } from '../sources/signatureSource';
import type { CanonicalValidator } from '../validators/flattenValidators';

/** Everything one collection needs. Weights are in the canonical set's units. */
export type CollectParameters = {
  validators: readonly CanonicalValidator[];
  totalWeight: bigint;
  /** Ways to ask each reachable validator (by canonical index), tried in order. */
  fetchers: ReadonlyMap<number, readonly FetchSignature[]>;
  /** Signatures verified earlier (cache), by canonical index. */
  cached: ReadonlyMap<number, VerifiedSignature>;
  /** The bytes every signature signs: the complete unsigned message. */
  message: Uint8Array;
  /** Worker threads that parse, verify and aggregate the answers. */
  bls: Pick<BlsPool, 'verify' | 'aggregate'>;
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
  onVerified?: (index: number, signature: VerifiedSignature) => void;
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

/** A collection that met its quorum: signers, their aggregate signature (96 bytes, compressed) and weight. */
export type CollectedSignatures = {
  signers: number[];
  signature: Uint8Array;
  signedWeight: bigint;
  stats: CollectionStats;
};

type Ending = 'target' | 'exhausted' | 'deadline';

/**
 * Collects signatures concurrently, heaviest validators first, until the verified weight reaches
 * the target (quorum + buffer). Requests go out only while the answers and requests in flight
 * could not reach the target on their own, so no more validators are asked than needed; a failure
 * or timeout frees room for the next. An answer's weight counts only once it parsed as a valid
 * point and verified. Answers are checked together, in the BLS worker threads, when the target is
 * in sight (BlsPool.verify: one pairing check unless some are bad), one batch at a time: answers
 * arriving meanwhile wait for the next batch, and malformed or invalid ones free room for more
 * requests. Once every reachable validator has answered, or at the deadline, what arrived is
 * checked and the quorum is enough. The event loop only keeps the books.
 *
 * @param p validators, fetchers, weights, deadlines and the worker pool
 * @returns the signer indices (ascending), their aggregate signature and weight
 * @throws InsufficientSignaturesError when the quorum is not met by the deadline or at all
 * @throws Error when a worker thread fails (a bug or a crash, not the validators' doing)
 * @example const { signers, signature } = await collectSignatures({ ...params, bls, deadline: Date.now() + 10_000 })
 */
export function collectSignatures(p: CollectParameters): Promise<CollectedSignatures> {
  return new Promise((resolve, reject) => {
    const weightOf = (index: number) => p.validators[index]!.weight;
    const stats: CollectionStats = {
      fromCache: p.cached.size,
      requested: 0,
      failed: 0,
      malformed: 0,
      rejected: 0,
      pairingChecks: 0,
    };
    const verified = new Map(p.cached);
    let verifiedWeight = [...verified.keys()].reduce((sum, index) => sum + weightOf(index), 0n);
    /** Answers not checked yet. */
    const answered = new Map<number, Uint8Array>();
    let answeredWeight = 0n;
    /** Whether a batch is in the workers now, and its weight. */
    let verifying = false;
    let verifyingWeight = 0n;
    const queue = [...p.fetchers.keys()]
      .filter((index) => !verified.has(index))
      .sort((a, b) => compareWeights(weightOf(b), weightOf(a)) || a - b);
    let next = 0;
    let inFlight = 0;
    let inFlightWeight = 0n;
    /** Set when no more requests go out; the collection settles once what it waits for is checked. */
    let ending: Ending | undefined;
    let settled = false;
    const controller = new AbortController();
    // Every request listens on this signal; the concurrency cap bounds how many do at once.
    setMaxListeners(p.maxConcurrentRequests + 16, controller.signal);
    const timer = setTimeout(() => end('deadline'), Math.max(0, p.deadline - Date.now()));

    function verifyAnswered() {
      if (verifying || answered.size === 0) return;
      const batch = [...answered].map(([index, signature]) => ({
        index,
        publicKey: p.validators[index]!.publicKey,
        signature,
      }));
      answered.clear();
      verifying = true;
      verifyingWeight = answeredWeight;
      answeredWeight = 0n;
      // Any failure, the workers' or a bug in the bookkeeping below, ends the collection: it never hangs.
      p.bls
        .verify(p.message, batch)
        .then((outcome) => {
          verifying = false;
          verifyingWeight = 0n;
          if (settled) return;
          stats.pairingChecks += outcome.pairingChecks;
          stats.rejected += outcome.invalid.length;
          stats.malformed += outcome.malformed.length;
          for (const { index, signature } of outcome.valid) {
            verified.set(index, signature);
            verifiedWeight += weightOf(index);
            p.onVerified?.(index, signature);
          }
          if (ending) finish();
          else step();
        })
        .catch(fail);
    }

    function step() {
      if (ending) return;
      if (verifiedWeight >= p.targetWeight) return end('target');
      if (verifiedWeight + answeredWeight >= p.targetWeight) verifyAnswered();
      while (
        inFlight < p.maxConcurrentRequests &&
        next < queue.length &&
        verifiedWeight + verifyingWeight + answeredWeight + inFlightWeight < p.targetWeight
      ) {
        dispatch(queue[next++]!);
      }
      // Nothing in flight or being checked after the loop means nothing is left to ask: every reachable validator answered.
      if (inFlight === 0 && !verifying) end('exhausted');
    }

    function end(reason: Ending) {
      if (ending) return;
      ending = reason;
      clearTimeout(timer);
      controller.abort();
      finish();
    }

    /** After the last request: checks what arrived (unless the target is met), then aggregates or fails. */
    function finish() {
      if (settled || verifying) return; // the batch in the workers calls back here
      if (verifiedWeight < p.targetWeight && answered.size > 0) return verifyAnswered();
      settled = true;
      if (verifiedWeight >= p.quorumWeight) {
        const signers = [...verified.keys()].sort((a, b) => a - b);
        p.bls
          .aggregate(signers.map((index) => verified.get(index)!))
          .then((signature) => resolve({ signers, signature, signedWeight: verifiedWeight, stats }), reject);
      } else {
        reject(new InsufficientSignaturesError(describeShortfall(p, verifiedWeight, stats, ending!)));
      }
    }

    /** A worker failed: the collection fails with its error, at once. */
    function fail(error: unknown) {
      if (settled) return;
      settled = true;
      ending ??= 'exhausted';
      clearTimeout(timer);
      controller.abort();
      reject(error);
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
            if (ending) return;
            answered.set(index, bytes);
            answeredWeight += weight;
          },
          () => {
            if (!ending) stats.failed++;
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

function describeShortfall(
  p: CollectParameters,
  verifiedWeight: bigint,
  stats: CollectionStats,
  reason: Ending,
): string {
  const share = (weight: bigint) => `${(Number((weight * 10_000n) / (p.totalWeight || 1n)) / 100).toFixed(2)}%`;
  const problems = [
    stats.failed > 0 ? `${stats.failed} validator${stats.failed === 1 ? '' : 's'} did not answer` : '',
    stats.malformed + stats.rejected > 0
      ? `${stats.malformed + stats.rejected} answered with an invalid signature`
      : '',
    reason === 'deadline' ? 'the aggregation deadline passed' : '',
  ].filter(Boolean);
  return (
    `not enough validator weight signed the message: ${share(verifiedWeight)} (${verifiedWeight} of ${p.totalWeight}) ` +
    `signed, the quorum needs ${share(p.quorumWeight)} (${p.quorumWeight})` +
    (problems.length > 0 ? `; ${problems.join(', ')}` : '')
  );
}
