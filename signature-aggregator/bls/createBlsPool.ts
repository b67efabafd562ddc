import { BLS_SIG_DST } from '../../avalanche/constants';
import type { ParsedKey } from '../validators/flattenValidators';
import type { BlsBackend } from './blsCurve';
import type { BlsWorkerData } from './blsWorker';
import { createWorkerPool } from './createWorkerPool';

/**
 * A signature that passed {@link BlsPool.verify}: the 192-byte uncompressed point as the worker
 * encoded it after its checks. Only `verify` makes them; `aggregate` trusts them.
 */
export type VerifiedSignature = Uint8Array & { readonly __verified: unique symbol };

/** One answer to check: the validator's canonical index, its key, the bytes it sent. */
export type SignatureToVerify = { index: number; publicKey: ParsedKey; signature: Uint8Array };

/** How a batch of answers fared. Indices are ascending. */
export type BatchVerification = {
  /** Answers that verified, with their signature in the form `aggregate` takes. */
  valid: { index: number; signature: VerifiedSignature }[];
  /** Well-formed signatures that did not verify. */
  invalid: number[];
  /** Answers that are no valid point: wrong length, not on the curve, outside the subgroup, infinity. */
  malformed: { index: number; reason: string }[];
  pairingChecks: number;
};

/** A public key as parsed by {@link BlsPool.parseKeys}. */
export type KeyParse = { ok: true; key: ParsedKey } | { ok: false; reason: string };

/** The aggregator's BLS operations, each run in worker threads; inputs and results are bytes. */
export type BlsPool = {
  /** Worker threads. */
  readonly size: number;
  /** The curve library doing the work. */
  readonly backend: BlsBackend;
  /**
   * Signs an unsigned Warp message (hashed with Avalanche's signing tag) with each secret key, in
   * one task: the caller chooses the batch size. A task still queued when `signal` aborts is dropped.
   * @returns 96-byte compressed signatures, in key order
   */
  sign(message: Uint8Array, secretKeys: readonly Uint8Array[], signal?: AbortSignal): Promise<Uint8Array[]>;
  /** The compressed public key of each secret key, null for a scalar that is no valid key. */
  publicKeys(secretKeys: readonly Uint8Array[]): Promise<(Uint8Array | null)[]>;
  /** Parses 48- or 96-byte keys as avalanchego's KeyValidate: in G1's subgroup, not infinity. */
  parseKeys(keys: readonly Uint8Array[]): Promise<KeyParse[]>;
  /**
   * Parses each answer (length, curve, subgroup, infinity) and verifies the well-formed ones
   * against their keys: aggregate first, bisect only on failure.
   */
  verify(message: Uint8Array, items: readonly SignatureToVerify[]): Promise<BatchVerification>;
  /** The compressed sum of verified signatures; fails for an empty list. */
  aggregate(signatures: readonly VerifiedSignature[]): Promise<Uint8Array>;
  /** Terminates the threads; operations fail afterwards. */
  close(): Promise<void>;
};

/**
 * Batches smaller than this per thread are not split: each part of a split verification costs
 * one more pairing check, which costs as much as parsing a dozen signatures.
 */
const minItemsPerThread = 32;

let blstLoads: boolean | undefined;

/**
 * The curve library to use when none is asked for: blst where its native binary loads on this
 * platform (an optional dependency; npm installs the one binary package that fits), else noble.
 * @returns `blst` or `noble`
 */
export function defaultBlsBackend(): BlsBackend {
  if (blstLoads === undefined) {
    try {
      require('@chainsafe/blst');
      blstLoads = true;
    } catch {
      blstLoads = false;
    }
  }
  return blstLoads ? 'blst' : 'noble';
}

/**
 * The BLS worker pool of an aggregator. Large batches of keys or signatures are split across the
 * threads; everything else is one task. Threads start on first use (createWorkerPool).
 *
 * @param options `size`: threads, at least 1; `backend`: the curve library, {@link defaultBlsBackend} unless given
 * @returns the pool; close it with its aggregator
 * @example
 * const bls = createBlsPool({ size: 2 })
 * const outcome = await bls.verify(message.bytes, [{ index: 0, publicKey, signature }])
 */
export function createBlsPool({
  size,
  backend = defaultBlsBackend(),
}: {
  size: number;
  backend?: BlsBackend;
}): BlsPool {
  const pool = createWorkerPool({
    file: require.resolve('./blsWorker'),
    workerData: { backend, signatureDst: BLS_SIG_DST } satisfies BlsWorkerData,
    size,
    name: 'BLS',
  });
  /** Runs `run` over contiguous parts of `items`, one per thread when there are enough; results in order. */
  const spread = async <Item, Result>(
    items: readonly Item[],
    run: (part: Item[]) => Promise<Result>,
  ): Promise<Result[]> => {
    if (items.length === 0) return [];
    const parts = Math.max(1, Math.min(pool.size, Math.floor(items.length / minItemsPerThread)));
    const length = Math.ceil(items.length / parts);
    return Promise.all(Array.from({ length: parts }, (_, i) => run(items.slice(i * length, (i + 1) * length))));
  };

  return {
    size: pool.size,
    backend,
    sign: (message, secretKeys, signal) =>
      pool.run('sign', { message: own(message), secretKeys: secretKeys.map(own) }, signal),
    async publicKeys(secretKeys) {
      const parts = await spread(secretKeys, (part) =>
        pool.run<(Uint8Array | null)[]>('publicKeys', { secretKeys: part.map(own) }),
      );
      return parts.flat();
    },
    async parseKeys(keys) {
      type Raw = { ok: true; compressed: Uint8Array; uncompressed: Uint8Array } | { ok: false; reason: string };
      const parts = await spread(keys, (part) => pool.run<Raw[]>('parseKeys', { keys: part.map(own) }));
      return parts
        .flat()
        .map((raw) =>
          raw.ok ? { ok: true, key: { compressed: raw.compressed, uncompressed: raw.uncompressed } } : raw,
        );
    },
    async verify(message, items) {
      const parts = await spread(items, (part) =>
        pool.run<BatchVerification>('verify', {
          message: own(message),
          items: part.map((item) => ({
            index: item.index,
            publicKey: own(item.publicKey.uncompressed),
            signature: own(item.signature),
          })),
        }),
      );
      const byIndex = (a: { index: number }, b: { index: number }) => a.index - b.index;
      return {
        valid: parts.flatMap((part) => part.valid).sort(byIndex),
        invalid: parts.flatMap((part) => part.invalid).sort((a, b) => a - b),
        malformed: parts.flatMap((part) => part.malformed).sort(byIndex),
        pairingChecks: parts.reduce((sum, part) => sum + part.pairingChecks, 0),
      };
    },
    aggregate: (signatures) => pool.run('aggregate', { signatures: signatures.map(own) }),
    close: () => pool.close(),
  };
}

/**
 * The bytes on a buffer of their own: cloning a view copies its whole underlying buffer (a Node
 * Buffer is often a slice of an 8 KiB slab), so views are copied down to their bytes first.
 */
function own(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}
