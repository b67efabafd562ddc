import http from 'node:http';

/** An answer read off the wire: status, headers and the body as text and (when it is) JSON. */
export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string; json: any };

/**
 * Sends a request exactly as written (path not normalised, as `fetch` would; any body size;
 * chunked when no length is given) and reads the whole answer. Rejects if the connection is
 * reset before an answer arrives, so "no answer" fails a test.
 * @example await rawRequest(service.base, 'GET', '/v1/networks/../subnets')
 */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}
