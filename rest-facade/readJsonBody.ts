import type { Request } from 'express';

/** Upper bound on a REST request body (4.1 bodies are a few kilobytes). */
export const maxBodyBytes = 1024 * 1024;

/** A body, or the status and message that refuse it. */
export type BodyResult = { body: Buffer; json: Record<string, unknown> } | { status: 400 | 413; message: string };

/**
 * Reads a REST request body that must be a JSON object. Over {@link maxBodyBytes} is a 413
 * answered at once while the rest of the upload is drained (destroying the request would reset
 * the connection before the client reads the answer); not JSON, or JSON that is not an object
 * (`null`, an array), is a 400 worded for the caller, never the parser's own message.
 *
 * @param request the incoming request (its stream not yet read)
 * @returns the raw bytes and the parsed object, or the refusal
 * @example const read = await readJsonBody(request); if ('status' in read) return refuse(read)
 */
export function readJsonBody(request: Request): Promise<BodyResult> {
  const tooLarge: BodyResult = { status: 413, message: `the request body must be at most ${maxBodyBytes} bytes` };
  if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes) {
    request.resume();
    return Promise.resolve(tooLarge);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) return void chunks.push(chunk);
      request.off('data', onData);
      request.resume();
      resolve(tooLarge);
    };
    request.on('data', onData);
    request.on('end', () => resolve(checkJson(Buffer.concat(chunks))));
    request.on('error', reject);
  });
}

function checkJson(body: Buffer): BodyResult {
  if (body.length === 0) return { body, json: {} };
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return { status: 400, message: 'the request body is not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { status: 400, message: 'the request body must be a JSON object' };
  }
  return { body, json: value as Record<string, unknown> };
}
