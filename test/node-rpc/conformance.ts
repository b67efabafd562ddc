// The node RPC tests' check that results conform to execution-apis (test/support/executionApis.ts):
// one assertion for a result read by hand, and hooks that pass every result a viem or ethers
// client receives through the same validator, so a client test cannot skip it.
import type { JsonRpcProvider } from 'ethers';
import { http, type HttpTransport } from 'viem';
import { definesMethod, executionApisResultErrors } from '../support/executionApis';

/**
 * Asserts that a method's result conforms to its execution-apis result schema.
 * @param method the method that answered
 * @param result its `result`
 * @example expectConforms('eth_getBlockByNumber', answer.json.result)
 */
export function expectConforms(method: string, result: unknown): void {
  expect({ method, violations: executionApisResultErrors(method, result) }).toEqual({ method, violations: [] });
}

/** What the hooks saw: every method called, violations (`method: problem`) and, per method, how many results were checked. */
export type ConformanceLog = { called: Set<string>; violations: string[]; checked: Map<string, number> };

/**
 * An empty log for {@link conformingHttp} and {@link watchConformance}.
 * @example const log = createConformanceLog(); afterEach(() => expect(log.violations).toEqual([]))
 */
export function createConformanceLog(): ConformanceLog {
  return { called: new Set(), violations: [], checked: new Map() };
}

type Message = { id?: unknown; method?: string; result?: unknown; error?: unknown };
const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Records the results of calls to methods execution-apis defines; `methodOf` maps a call's id to its method. */
function record(log: ConformanceLog, methodOf: Map<string, string>, answers: Message[]): void {
  for (const answer of answers) {
    const key = JSON.stringify(answer.id);
    const method = methodOf.get(key);
    methodOf.delete(key);
    if (!method || !definesMethod(method) || !('result' in answer)) continue;
    log.checked.set(method, (log.checked.get(method) ?? 0) + 1);
    for (const problem of executionApisResultErrors(method, answer.result))
      log.violations.push(`${method}: ${problem}`);
  }
}

/** Remembers the method of each call sent (ids are unique per client). */
function remember(log: ConformanceLog, methodOf: Map<string, string>, calls: Message[]): void {
  for (const call of calls) {
    if (typeof call.method !== 'string') continue;
    log.called.add(call.method);
    methodOf.set(JSON.stringify(call.id), call.method);
  }
}

/**
 * viem's http transport whose every answer is checked into `log`.
 * @param url the chain's `/rpc` URL
 * @param log where results and violations go
 * @returns the transport
 * @example createPublicClient({ transport: conformingHttp(url, log) })
 */
export function conformingHttp(url: string, log: ConformanceLog): HttpTransport {
  const methodOf = new Map<string, string>();
  return http(url, {
    onFetchRequest: (_request, init) =>
      remember(log, methodOf, list(JSON.parse(String(init.body)) as Message | Message[])),
    onFetchResponse: async (response) =>
      record(log, methodOf, list((await response.clone().json()) as Message | Message[])),
  });
}

/**
 * Checks every answer an ethers provider receives into `log` (its `debug` events carry each payload
 * and the answers, batches included).
 * @param provider the provider
 * @param log where results and violations go
 * @example watchConformance(new JsonRpcProvider(url, chainId, { staticNetwork: true }), log)
 */
export function watchConformance(provider: JsonRpcProvider, log: ConformanceLog): void {
  const methodOf = new Map<string, string>();
  void provider.on('debug', (event: { action: string; payload?: Message | Message[]; result?: Message[] }) => {
    if (event.action === 'sendRpcPayload' && event.payload) remember(log, methodOf, list(event.payload));
    if (event.action === 'receiveRpcResult' && event.result) record(log, methodOf, event.result);
  });
}
