// The clients users of the hosted API already run: the official TypeScript SDKs, generated from the
// official documents, which validate every answer with zod (a missing member, a wrong type or an
// unknown enum value is a ResponseValidationError). They are pointed at a test service on loopback;
// a call passes when what the SDK hands back is what the service answered (an SDK drops members it
// has no model for, and changes no value).
import { Avalanche } from '@avalanche-sdk/chainkit';
import { AvaCloudSDK } from '@avalabs/avacloud-sdk';
import { restRoutes } from '../../../rest-facade/routes';
import type { TestService } from '../../setup/service';

export type SdkName = 'chainkit' | 'avacloud';

/** One call: the REST request it is, and how each SDK makes it (both return the parsed answer). */
export type Call = {
  path: string;
  method?: 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * A call whose every request changes state (a new webhook, a new secret): the SDK's request is the
   * only one made, and what the SDK hands back is compared with what the service then answers at
   * this path (the SDK resolves only on the official success status).
   */
  readBack?: (answered: any) => string;
  /** The success answer has no content (the route's `noContent`). */
  noContent?: true;
  chainkit: () => Promise<unknown>;
  /**
   * `absent`: avacloud-sdk 0.13 was generated before the operation existed and has neither a
   * function nor a model of its answer; the test checks that it still has none.
   */
  avacloud: (() => Promise<unknown>) | 'absent';
};

/** Both SDKs, pointed at one test service. */
export type OfficialSdks = {
  service: TestService;
  chainkit: Avalanche;
  avacloud: AvaCloudSDK;
  /**
   * Where a call goes: the SDKs give most operations a server of their own (the hosted Data API's,
   * or the Metrics API's), so the client-wide `serverURL` does not reach them; each call names this service.
   */
  at: () => { serverURL: string };
  /** Hosts the SDKs tried to reach beside the service (telemetry, their default servers): none may be. */
  elsewhere: string[];
  /** Gives `fetch` back. */
  release(): void;
  /** The API key both SDKs send, and the header the test's own requests carry it in; none unless connected with one. */
  headers: Record<string, string>;
};

/**
 * Both SDKs on the service, with `fetch` refusing every host but loopback; with an API key, both send
 * it (as `x-glacier-api-key`), and so do the test's own requests of the calls.
 * @example const sdks = connectOfficialSdks(service, 'ads_…'); … sdks.release();
 */
export function connectOfficialSdks(service: TestService, apiKey?: string): OfficialSdks {
  const elsewhere: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== '127.0.0.1') {
      elsewhere.push(url.host);
      return Promise.reject(new Error(`the test allows no traffic to ${url.host}`));
    }
    return realFetch(input, init);
  }) as typeof fetch;
  return {
    service,
    chainkit: new Avalanche({ serverURL: service.base, enableTelemetry: false, apiKey }),
    avacloud: new AvaCloudSDK({ serverURL: service.base, apiKey }),
    at: () => ({ serverURL: service.base }),
    elsewhere,
    release: () => {
      globalThis.fetch = realFetch;
    },
    headers: apiKey === undefined ? {} : { 'x-glacier-api-key': apiKey },
  };
}

/** The first page of an SDK's paged call (its iterator yields pages with `result`). */
export const firstPage = async (call: Promise<{ result: unknown }>) => (await call).result;

/** The avacloud-sdk functions of the operations it lacks, where a later version would put them (or its generator was told to skip). */
const avacloudLacks: Record<string, (avacloud: AvaCloudSDK) => unknown> = {
  getLastActivityTimestampByAddresses: (avacloud) =>
    (avacloud.data.primaryNetwork.utxos as unknown as Record<string, unknown>).getLastActivityTimestampByAddresses,
  getLastActivityTimestampByAddressesV2: (avacloud) =>
    (avacloud.data.primaryNetwork.utxos as unknown as Record<string, unknown>).getLastActivityTimestampByAddressesV2,
  getAvaxSupply: (avacloud) => (avacloud as unknown as Record<string, unknown>).avaxSupply,
  'live-check': (avacloud) => (avacloud.data as unknown as Record<string, unknown>).liveCheck,
  'metrics-live-check': (avacloud) => (avacloud.metrics as unknown as Record<string, unknown>).liveCheck,
  getICMTimeseries: (avacloud) => (avacloud.metrics.chains as unknown as Record<string, unknown>).getICMTimeseries,
  getICMSummary: (avacloud) => (avacloud.metrics.chains as unknown as Record<string, unknown>).getICMSummary,
  getPrimaryNetworkRpcUsageMetrics: (avacloud) =>
    (avacloud.data.usageMetrics as unknown as Record<string, unknown>).getPrimaryNetworkRpcUsage,
};

/**
 * Where an SDK refuses what the current official document allows, by operation: the paths of the
 * members it refuses in an answer. avacloud-sdk 0.13.0 was generated from an earlier document that
 * required `evmChainId` on every blockchain; the current one (and chainkit) lets a non-EVM chain (a
 * custom VM without EVM genesis) have none, as the hosted API answers it. Its refusal must be that
 * and nothing else.
 */
const sdkDefects: Partial<Record<SdkName, Record<string, (answered: any) => string[]>>> = {
  avacloud: {
    listSubnets: (answered) =>
      answered.subnets.flatMap((subnet: any, i: number) =>
        subnet.blockchains.flatMap((chain: any, j: number) =>
          chain.evmChainId === undefined ? [`Result.subnets.${i}.blockchains.${j}.evmChainId`] : [],
        ),
      ),
    listBlockchains: (answered) =>
      answered.blockchains.flatMap((chain: any, i: number) =>
        chain.evmChainId === undefined ? [`Result.blockchains.${i}.evmChainId`] : [],
      ),
  },
};

/** Whether every value the SDK handed back is the service's (members it has no model for aside). */
function sameValues(parsed: unknown, answered: unknown): boolean {
  if (Array.isArray(parsed))
    return (
      Array.isArray(answered) &&
      parsed.length === answered.length &&
      parsed.every((item, i) => sameValues(item, answered[i]))
    );
  if (parsed !== null && typeof parsed === 'object') {
    if (answered === null || typeof answered !== 'object') return false;
    return Object.entries(parsed).every(
      ([key, value]) => value === undefined || sameValues(value, (answered as Record<string, unknown>)[key]),
    );
  }
  return parsed === answered;
}

/**
 * One call through one SDK: what the SDK hands back is what the service answered, or (a known
 * defect of the SDK) the refusal is exactly that defect, or (an operation the SDK lacks) it has none.
 * @returns the service's answer (undefined where the SDK lacks the operation or the answer has no content)
 */
export async function checkCall(sdks: OfficialSdks, sdk: SdkName, operationId: string, call: Call): Promise<unknown> {
  const run = call[sdk];
  if (run === 'absent') {
    expect({ operationId, inSdk: avacloudLacks[operationId]?.(sdks.avacloud) }).toEqual({
      operationId,
      inSdk: undefined,
    });
    return undefined;
  }
  if (call.noContent) {
    // The SDK's own request is the one answered: it resolves only on the success status.
    expect(await run()).toBeUndefined();
    const again = await run().then(
      () => null,
      (refusal: { name: string }) => refusal.name,
    );
    // Its second request within the hour is refused, as the official 429 each SDK models (under its own name).
    expect(again).toBe({ chainkit: 'TooManyRequestsError', avacloud: 'TooManyRequests' }[sdk]);
    return undefined;
  }
  if (call.readBack) {
    const parsed = await run();
    const after = await sdks.service.request(call.readBack(parsed), { headers: sdks.headers });
    expect({ operationId, status: after.status }).toEqual({ operationId, status: 200 });
    expect({ operationId, same: sameValues(JSON.parse(JSON.stringify(parsed)), after.body) }).toEqual({
      operationId,
      same: true,
    });
    return after.body;
  }
  const answered = await sdks.service.request(call.path, {
    headers: sdks.headers,
    ...(call.method ? { method: call.method, body: call.body } : {}),
  });
  const route = Object.keys(restRoutes).find((key) => key.endsWith(`.${operationId}`));
  expect({ operationId, status: answered.status }).toEqual({
    operationId,
    status: (route && restRoutes[route]!.responseStatus) ?? 200,
  });
  const refused = sdkDefects[sdk]?.[operationId]?.(answered.body) ?? [];
  if (refused.length > 0) {
    const error = await run().then(
      () => null,
      (refusal: { name: string; cause?: { issues: { path: (string | number)[] }[] } }) => refusal,
    );
    expect(error?.name).toBe('ResponseValidationError');
    expect(error!.cause!.issues.map((issue) => issue.path.join('.')).sort()).toEqual(refused.sort());
    return answered.body;
  }
  const parsed = await run();
  expect(parsed).toBeDefined();
  expect({ operationId, same: sameValues(JSON.parse(JSON.stringify(parsed)), answered.body) }).toEqual({
    operationId,
    same: true,
  });
  return answered.body;
}
