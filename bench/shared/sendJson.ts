// How every floor server answers: JSON with its exact length, as the service's Express stack does,
// so floor and service send the same bytes and headers.
import type { ServerResponse } from 'node:http';

/**
 * Sends `body` as JSON.
 * @example sendJson(response, 200, { validators: [] })
 */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  response.end(json);
}
