import type { BlsPool } from '../bls/createBlsPool';

/**
 * Signatures per worker task: short enough that little work is wasted once the target is met,
 * long enough (each signature is milliseconds of CPU) that messaging costs nothing next to it.
 * @example createSigningBatcher(bls, message.bytes, signaturesPerTask)
 */
export const signaturesPerTask = 16;

/** Signs with one key, as a FetchSignature does: rejects at once when `signal` aborts. */
export type SignWithKey = (secretKey: Uint8Array, signal: AbortSignal) => Promise<Uint8Array>;

type Request = {
  secretKey: Uint8Array;
  signal: AbortSignal;
  resolve(signature: Uint8Array): void;
  reject(error: unknown): void;
};

/**
 * Batches the local signatures of one message into the BLS worker threads.
 *
 * Why this shape: the collector asks heaviest validators first and only as many as the target
 * still needs (quorum + buffer, counting requests in flight), all in one synchronous pass. So the
 * requests of one turn of the event loop already are "everything needed for the target", and they
 * are signed at once: gathered until the next turn, cut in order into tasks of
 * {@link signaturesPerTask}, and queued on the pool, whose threads take them first come, first
 * served. Heaviest signatures therefore come back first, in chunks, and the collector counts them
 * as they come. Early stop still works: when the collector is done (target met, deadline) it aborts
 * its requests, and a task whose requests were all aborted before a thread took it is dropped, so
 * at most the tasks already running (one per thread) are wasted.
 *
 * @param bls the worker pool
 * @param message the unsigned message bytes every signature signs
 * @param chunkSize signatures per task
 * @returns a function signing with one key, batched with the other calls of the same turn
 * @example
 * const sign = createSigningBatcher(context.bls, context.message.bytes)
 * fetchers.set(validator.index, (signal) => sign(secretKey, signal))
 */
export function createSigningBatcher(
  bls: Pick<BlsPool, 'sign'>,
  message: Uint8Array,
  chunkSize = signaturesPerTask,
): SignWithKey {
  let batch: Request[] = [];

  const flush = () => {
    const requests = batch.filter((request) => !request.signal.aborted);
    batch = [];
    for (let i = 0; i < requests.length; i += chunkSize) runChunk(requests.slice(i, i + chunkSize));
  };

  const runChunk = (chunk: Request[]) => {
    // Aborts once no request of the chunk waits any more: the pool then drops the task if it is still queued.
    const unwanted = new AbortController();
    let waiting = chunk.length;
    const onAbort = () => {
      if (--waiting === 0) unwanted.abort();
    };
    for (const request of chunk) request.signal.addEventListener('abort', onAbort, { once: true });
    bls
      .sign(
        message,
        chunk.map((request) => request.secretKey),
        unwanted.signal,
      )
      .then(
        (signatures) => {
          chunk.forEach((request, i) => {
            request.resolve(signatures[i]!);
          });
        },
        (error: unknown) => {
          for (const request of chunk) request.reject(error);
        },
      )
      .finally(() => {
        for (const request of chunk) request.signal.removeEventListener('abort', onAbort);
      });
  };

  return (secretKey, signal) => {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<Uint8Array>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal.removeEventListener('abort', onAbort);
      batch.push({
        secretKey,
        signal,
        resolve: (signature) => {
          settle();
          resolve(signature);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      if (batch.length === 1) setImmediate(flush);
    });
  };
}
