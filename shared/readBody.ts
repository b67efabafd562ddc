// The one reader of raw request bodies (the REST facade's JSON bodies, the node RPC's envelopes, the
// bodies of GET and HEAD requests the service drops), with the service's size limit and its 413
// wording. /graphql alone reads through body-parser, which Apollo Server's integration expects.
import type { IncomingMessage } from 'node:http';

/** Largest request body the service reads outside the node RPC (REST bodies are a few kilobytes). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** What reading a request body gave. */
export type BodyRead = { kind: 'body'; bytes: Buffer } | { kind: 'tooLarge' };

/** Options of {@link readBody}. */
export type ReadBodyOptions = {
  /** Bytes read at most. @default MAX_BODY_BYTES */
  limit?: number;
  /**
   * A body that runs past the limit without announcing its length: `refuse` answers `tooLarge` at
   * once and drains the rest; `cut` keeps the first `limit` bytes, as geth's http.MaxBytesReader
   * leaves its JSON decoder to fail on them.
   * @default 'refuse'
   */
  overflow?: 'refuse' | 'cut';
};

/**
 * Reads a request body, at most `limit` bytes. One announced larger (Content-Length) is refused
 * before reading. A refused upload is drained, never destroyed: destroying the request would reset
 * the connection before the client reads the answer.
 *
 * @param request the incoming request (its stream not yet read)
 * @param options the limit, and what a body over it becomes
 * @returns the bytes, or `tooLarge`
 * @throws when the upload fails (a reset connection)
 * @example const read = await readBody(request); if (read.kind === 'tooLarge') return refuse(413, bodyTooLargeMessage())
 */
export function readBody(
  request: IncomingMessage,
  { limit = MAX_BODY_BYTES, overflow = 'refuse' }: ReadBodyOptions = {},
): Promise<BodyRead> {
  if (Number(request.headers['content-length'] ?? 0) > limit) {
    request.resume();
    return Promise.resolve({ kind: 'tooLarge' });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      if (size + chunk.length <= limit) {
        chunks.push(chunk);
        size += chunk.length;
        return;
      }
      if (overflow === 'cut') {
        if (size < limit) chunks.push(chunk.subarray(0, limit - size));
        size = limit;
        return;
      }
      request.off('data', onData).off('end', onEnd);
      request.resume();
      resolve({ kind: 'tooLarge' });
    };
    const onEnd = () => resolve({ kind: 'body', bytes: Buffer.concat(chunks) });
    request.on('data', onData).on('end', onEnd).on('error', reject);
  });
}

/**
 * The service's words for a body over the limit (the node RPC keeps the node's own).
 * @param limit the limit, in bytes
 * @returns the message of the 413 answer
 * @example bodyTooLargeMessage() // 'the request body must be at most 1048576 bytes'
 */
export function bodyTooLargeMessage(limit = MAX_BODY_BYTES): string {
  return `the request body must be at most ${limit} bytes`;
}
