import type { Request } from 'express';

/** What reading a request body gave. */
export type BodyResult = { kind: 'body'; text: string } | { kind: 'tooLarge' };

/**
 * Reads the raw request body (no body parser runs before the node RPC), at most `limit` bytes: a
 * body without a Content-Length is cut off at the limit, as geth's http.MaxBytesReader does; one
 * announced larger is refused before reading.
 * @param request the request
 * @param limit bytes
 * @returns the text (UTF-8), or `tooLarge` when Content-Length exceeds the limit
 * @example const body = await readBody(request, 5 * 1024 * 1024)
 */
export async function readBody(request: Request, limit: number): Promise<BodyResult> {
  const announced = Number(request.headers['content-length'] ?? NaN);
  if (announced > limit) {
    request.resume();
    return { kind: 'tooLarge' };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    if (size >= limit) continue;
    const part = size + chunk.length > limit ? chunk.subarray(0, limit - size) : chunk;
    chunks.push(part);
    size += part.length;
  }
  return { kind: 'body', text: Buffer.concat(chunks).toString('utf8') };
}
