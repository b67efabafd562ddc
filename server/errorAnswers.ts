// The message an error answer carried (a 4xx's "pageSize must be at most 100"), kept for the
// request's log line, so an operator reading the log sees why a request was refused without
// replaying it. Every part of the service answers in its own shape (REST's `{message}`, GraphQL's
// `{errors}`, the node RPC's plain text), and all of them end the response: the message is read
// there, once, and only from error answers.
import type { Express, Response } from 'express';

/** Longest message kept: a log line, not a copy of the body. */
const maxLength = 500;

/**
 * Makes every response of `app` keep the message of an error answer (status 400 and above) in
 * `response.locals`. Call it once, before the app serves.
 * @param app the service's Express app (its response prototype gains the step)
 * @example keepErrorMessages(app)
 */
export function keepErrorMessages(app: Express): void {
  const end = app.response.end as (this: Response, ...args: unknown[]) => Response;
  app.response.end = function (this: Response, ...args: unknown[]) {
    if (this.statusCode >= 400 && this.locals !== undefined && this.locals.errorMessage === undefined) {
      const message = messageOf(args[0], this.getHeader('content-type'));
      if (message !== undefined) this.locals.errorMessage = message;
    }
    return end.apply(this, args);
  } as Response['end'];
}

/**
 * The message an error answer carried; undefined for a success or an answer without one.
 * @param response a finished response
 * @returns e.g. `Invalid network: nowhere`
 * @example logger.info('request', { status: response.statusCode, error: errorMessageOf(response) })
 */
export function errorMessageOf(response: Response): string | undefined {
  const message = response.locals.errorMessage;
  return typeof message === 'string' ? message : undefined;
}

/** The message of a body: REST's `message`, GraphQL's first `errors[].message`, JSON-RPC's `error.message`, else plain text. */
function messageOf(chunk: unknown, contentType: unknown): string | undefined {
  const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : undefined;
  if (!text) return undefined;
  if (!String(contentType ?? '').includes('json')) return clip(text.trim().split('\n', 1)[0]!);
  try {
    const body = JSON.parse(text) as {
      message?: unknown;
      errors?: { message?: unknown }[];
      error?: { message?: unknown };
    };
    const message = body.message ?? body.errors?.[0]?.message ?? body.error?.message;
    return typeof message === 'string' ? clip(message) : undefined;
  } catch {
    return undefined;
  }
}

function clip(text: string): string | undefined {
  if (text === '') return undefined;
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
