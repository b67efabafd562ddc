// One delivery attempt: the message's body POSTed to its webhook's URL, signed, within bounds. A 2xx is
// delivered; anything else is a failed attempt with the reason a webhook's `last_error` keeps.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { ServiceError } from '../../shared/errors';
import type { HostAllowList } from '../urls/hostAllowList';
import { hostOf, webhookUrlProblem } from '../urls/webhookUrlProblem';
import { checkedLookup, RefusedAddressError, type Resolve } from './checkedLookup';

/** What one attempt came to. */
export type AttemptResult = { delivered: true; status: number } | { delivered: false; error: string };

/** The bounds and policy of an attempt. */
export type PostOptions = {
  /** Hosts that may be reached over http and at any address (WEBHOOK_ALLOWED_HOSTS). */
  allowedHosts: HostAllowList;
  /** Bound on the whole attempt, connection to the response's last byte read. */
  timeoutMs: number;
  /** Response bytes read at most; the connection is closed past them. */
  maxResponseBytes: number;
  /** How host names are resolved (checkedLookup.ts). */
  resolve: Resolve;
  /** Connection pools (keep-alive), one per protocol. */
  agents: { http: http.Agent; https: https.Agent };
};

/** What is POSTed: the stored body and its signature. */
export type Delivery = { url: string; body: string; signature: string };

class AttemptTimeoutError extends ServiceError {
  override name = 'AttemptTimeoutError';
  constructor() {
    super('the attempt took longer than its bound', { retryable: true });
  }
}

/**
 * POSTs a message: `content-type: application/json`, `x-signature`, the body's exact bytes. Never
 * follows a redirect (a 3xx is a failure), reads at most `maxResponseBytes` of the answer, and gives
 * up after `timeoutMs`. Resolves in every case, never rejects.
 * @param delivery the URL, body and signature
 * @param options bounds and policy
 * @returns delivered with the status, or the reason it was not: `HTTP 503`, `timeout after 10 s`,
 *   `refused: 127.0.0.1 is a loopback address`, `connection error: connect ECONNREFUSED 1.2.3.4:443`
 * @example const result = await postMessage({ url, body, signature: signBody(body, secret) }, options)
 */
export function postMessage(delivery: Delivery, options: PostOptions): Promise<AttemptResult> {
  // The rule the API applied when the URL was given; WEBHOOK_ALLOWED_HOSTS may have changed since.
  const refusal = webhookUrlProblem(delivery.url, options.allowedHosts);
  if (refusal) return Promise.resolve({ delivered: false, error: `refused: ${refusal}` });
  const url = new URL(delivery.url);
  const host = hostOf(url);
  // An allowed host may resolve anywhere; a literal address was checked above and needs no lookup.
  const lookup =
    options.allowedHosts.allowsHost(host) || net.isIP(host) !== 0
      ? undefined
      : checkedLookup(options.resolve, options.allowedHosts);
  const body = Buffer.from(delivery.body, 'utf8');
  const secure = url.protocol === 'https:';

  return new Promise<AttemptResult>((resolve) => {
    let status: number | undefined;
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    // Once the status line has come, the answer is known; what follows it only has to be bounded.
    const byStatus = (code: number): AttemptResult =>
      code >= 200 && code < 300
        ? { delivered: true, status: code }
        : {
            delivered: false,
            error: code >= 300 && code < 400 ? `HTTP ${code} (redirects are not followed)` : `HTTP ${code}`,
          };

    const request = (secure ? https : http).request(url, {
      method: 'POST',
      agent: secure ? options.agents.https : options.agents.http,
      lookup,
      headers: {
        'content-type': 'application/json',
        'content-length': body.length,
        'x-signature': delivery.signature,
      },
    });
    const timer = setTimeout(() => request.destroy(new AttemptTimeoutError()), options.timeoutMs);
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Past the bound the connection is closed rather than drained.
        if (read > options.maxResponseBytes) {
          response.destroy();
          settle(byStatus(status!));
        }
      });
      response.on('end', () => settle(byStatus(status!)));
      response.on('close', () => settle(byStatus(status!)));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (status !== undefined) return settle(byStatus(status));
      settle({ delivered: false, error: describeFailure(error, options.timeoutMs) });
    });
    request.end(body);
  }).catch((error: Error): AttemptResult => ({ delivered: false, error: describeFailure(error, options.timeoutMs) }));
}

/** The words of a failed attempt without an HTTP status. */
function describeFailure(error: Error, timeoutMs: number): string {
  if (error instanceof AttemptTimeoutError) return `timeout after ${timeoutMs / 1000} s`;
  if (error instanceof RefusedAddressError) return error.message;
  // Node wraps the lookup's error when several address families were tried.
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof RefusedAddressError) return cause.message;
  return `connection error: ${error.message}`;
}
