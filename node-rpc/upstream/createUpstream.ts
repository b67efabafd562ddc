// Forwarding to a node: the calls the index cannot answer (state, execution, sending, blocks outside
// the indexed range) go to the chain's configured upstream RPC URL, one JSON-RPC call per call, and
// its answer (result or error object) is passed back as it came.
import { compactJson } from '../envelope/compactJson';
import { parseJson, rawMember, type JsonObject } from '../../shared/goJson';
import { JsonRpcError, RPC_CODES } from '../envelope/jsonRpcError';
import { RawJson } from '../envelope/toJson';

/** A chain's upstream node. */
export type Upstream = {
  /** The URL with any credentials removed (for messages and logs). */
  readonly label: string;
  /**
   * Sends one call.
   * @returns the result, verbatim
   * @throws JsonRpcError the upstream's error object, or -32000 when it did not answer usefully
   */
  call(method: string, rawParams: string | undefined): Promise<RawJson>;
};

/**
 * Creates the forwarder of one chain.
 * @param url the node's chain RPC URL, e.g. `http://10.0.0.5:9650/ext/bc/C/rpc`
 * @param timeoutMs bound on one forwarded call
 * @returns the upstream
 * @example const upstream = createUpstream('http://127.0.0.1:9650/ext/bc/C/rpc', 30_000)
 */
export function createUpstream(url: string, timeoutMs: number): Upstream {
  const label = redact(url);
  let nextId = 1;
  return {
    label,
    async call(method, rawParams) {
      const body = `{"jsonrpc":"2.0","id":${nextId++},"method":${JSON.stringify(method)},"params":${rawParams === undefined ? '[]' : compactJson(rawParams)}}`;
      let text: string;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
        if (!response.ok && !text.trimStart().startsWith('{')) throw new Error(`HTTP ${response.status}`);
      } catch (error) {
        throw new JsonRpcError(RPC_CODES.server, `upstream node ${label} did not answer: ${(error as Error).message}`);
      }
      let answer: JsonObject;
      try {
        answer = parseJson(text) as JsonObject;
        if (answer === null || typeof answer !== 'object' || Array.isArray(answer))
          throw new Error('not a JSON-RPC response');
      } catch (error) {
        throw new JsonRpcError(
          RPC_CODES.server,
          `upstream node ${label} answered something other than JSON-RPC: ${(error as Error).message}`,
        );
      }
      const error = answer.error as JsonObject | undefined | null;
      if (error && typeof error === 'object') {
        const data =
          rawMember(answer, 'error') === undefined || error.data === undefined
            ? undefined
            : new RawJson(JSON.stringify(error.data, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
        throw new JsonRpcError(
          typeof error.code === 'number' ? error.code : RPC_CODES.server,
          typeof error.message === 'string' ? error.message : 'upstream error',
          data,
        );
      }
      const raw = rawMember(answer, 'result');
      return new RawJson(raw === undefined ? 'null' : compactJson(raw));
    },
  };
}

/** The URL without user and password. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}
