// Raw HTTP calls for the node RPC tests: status, headers and body text exactly as sent.

/** A raw answer. */
export type RawAnswer = { status: number; contentType: string | null; text: string; json: any };

/**
 * Sends a request and reads the whole answer.
 * @param url full URL
 * @param init method (POST), body text (or a value to JSON-encode), headers (content-type application/json unless given)
 * @returns status, content type, text and the parsed body (undefined when empty or not JSON)
 * @example await send(`${base}/ext/bc/C/rpc`, { body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' } })
 */
export async function send(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const body =
    init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  const response = await fetch(url, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body,
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), text, json };
}

/**
 * A JSON-RPC 2.0 call body.
 * @example call('eth_chainId') // { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }
 */
export function call(method: string, params: unknown = [], id: unknown = 1): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method, params };
}
