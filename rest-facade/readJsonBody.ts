import type { Request } from 'express';
import { bodyTooLargeMessage, readBody } from '../shared/readBody';

/** A body, or the status and message that refuse it. */
export type BodyResult = { body: Buffer; json: Record<string, unknown> } | { status: 400 | 413; message: string };

/**
 * Reads a REST request body that must be a JSON object. Over the service's limit is a 413
 * (shared/readBody.ts); not JSON, or JSON that is not an object (`null`, an array), is a 400
 * worded for the caller, never the parser's own message.
 *
 * @param request the incoming request (its stream not yet read)
 * @returns the raw bytes and the parsed object, or the refusal
 * @example const read = await readJsonBody(request); if ('status' in read) return refuse(read)
 */
export async function readJsonBody(request: Request): Promise<BodyResult> {
  const read = await readBody(request);
  if (read.kind === 'tooLarge') return { status: 413, message: bodyTooLargeMessage() };
  return checkJson(read.bytes);
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
