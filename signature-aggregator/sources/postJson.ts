// One JSON POST to a validator node over node:http(s), on kept-alive connections. An aggregation
// sends up to one small request per validator at once (1,000 for a large L1): with global fetch,
// its web streams, Request objects and abort plumbing cost several times node:http's CPU per
// request, and would be most of the aggregation's time. The indexer and the node RPC send few,
// batched or large requests and keep fetch.
import http from 'node:http';
import https from 'node:https';

/** Idle connections are closed after this; Node unrefs them meanwhile, so they never hold the process open. */
const idleSocketMs = 30_000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: idleSocketMs }),
  'https:': new https.Agent({ keepAlive: true, timeout: idleSocketMs }),
};

/** What a node answered: the HTTP status and the body as text. */
export type PostAnswer = { status: number; text: string };

/**
 * POSTs `body` as JSON to `url` and reads the answer, refusing one larger than `maxBytes` (read no
 * further) and following no redirect (a 3xx is an answer like any other status).
 * @param url an http: or https: URL
 * @param body the JSON text
 * @param options `signal` aborts the request; `maxBytes` caps the answer
 * @returns status and text
 * @throws Error for another protocol, a failed connection, an answer cut short or too large, or the signal
 * @example const { status, text } = await postJson(url, '{"jsonrpc":"2.0",…}', { signal, maxBytes: 16384 })
 */
export function postJson(
  url: string,
  body: string,
  { signal, maxBytes }: { signal: AbortSignal; maxBytes: number },
): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      return reject(new Error(`${target.protocol} is not http: or https:`));
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(
      target,
      {
        method: 'POST',
        agent: agents[target.protocol],
        signal,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxBytes) return void chunks.push(chunk);
          // Settled first: destroying the connection only ends the reading (and the answer).
          reject(new Error(`answer larger than ${maxBytes} bytes`));
          request.destroy();
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
        response.on('close', () => {
          if (!response.complete) reject(new Error('the connection closed before the answer ended'));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
