// One finished request as its usage record holds it (prisma/schema/usage.prisma): built on the
// response's `finish`, so it costs the request nothing it waits for, and kept cheap (a few property
// reads, no parsing beyond the path of a route that names a chain).
import { requestCaller } from '../../gateway/requestCaller';
import { usageNotes } from '../../shared/usageNotes';
import { routeTemplate, type FinishedRequest } from '../finishedRequests';
import { readApiKey } from '../../rest-facade/apiKey';

/** A recorded request before it is written: the row, and the key a node RPC request presented (resolved when written). */
export type PendingUsage = {
  at: Date;
  requestId: string;
  keyId: string | null;
  requestType: 'data' | 'rpc';
  requestPath: string;
  method: string;
  responseCode: number;
  chainId: string | null;
  rpcMethod: string | null;
  network: string | null;
  subnetRpc: boolean;
  durationMs: number;
  computeUnits: number;
  ipAddress: string;
  host: string;
  userAgent: string;
  /** The key of a request access control did not see (`/ext`): looked up when the batch is written. */
  presentedKey?: string;
};

/** The template's parameters that name a chain: the usage's `chainId`. */
const chainParameters = ['{chainId}', '{blockchainId}'];

/**
 * The usage record of a finished request, or undefined for one that is not an API or RPC request
 * (health checks, `/metrics`, pages, `/openapi.json`).
 * @param finished the request, its response and its duration
 * @param at when it finished, ms
 * @param rpcNetwork the network the node RPC serves (`mainnet`, `testnet`)
 * @example usageRow(finished, Date.now(), 'mainnet')?.requestPath // '/v1/networks/{network}/subnets'
 */
export function usageRow(finished: FinishedRequest, at: number, rpcNetwork: string): PendingUsage | undefined {
  const { request, response, seconds } = finished;
  const template = routeTemplate(finished);
  const requestType = typeOf(template ?? request.path);
  if (requestType === undefined) return undefined;
  const notes = usageNotes(response);
  const caller = requestCaller(response);
  const row: PendingUsage = {
    at: new Date(at),
    requestId: clip(String(response.locals.requestId ?? ''), 128),
    keyId: caller?.keyId ?? null,
    requestType,
    requestPath: template ?? 'unmatched',
    method: request.method,
    responseCode: response.statusCode,
    chainId: requestType === 'rpc' ? (notes.rpcChainId ?? null) : chainOf(template, request.path),
    rpcMethod: notes.rpcMethod === undefined ? null : clip(notes.rpcMethod, 100),
    network: requestType === 'rpc' ? rpcNetwork : null,
    subnetRpc: notes.subnetRpc ?? false,
    durationMs: seconds * 1000,
    computeUnits: notes.computeUnits ?? 0,
    ipAddress: clip(request.ip ?? request.socket.remoteAddress ?? '', 64),
    host: clip(request.headers.host ?? '', 255),
    userAgent: clip(request.headers['user-agent'] ?? '', 512),
  };
  if (!caller && requestType === 'rpc') {
    const presented = readApiKey(request);
    if (presented !== undefined) row.presentedKey = presented;
  }
  return row;
}

/** `data` for the API's paths, `rpc` for the node RPC's, undefined for the rest. */
function typeOf(pathOrTemplate: string): 'data' | 'rpc' | undefined {
  if (pathOrTemplate.startsWith('/v1/') || pathOrTemplate.startsWith('/v2/') || pathOrTemplate === '/graphql')
    return 'data';
  if (pathOrTemplate.startsWith('/ext/')) return 'rpc';
  return undefined;
}

/** The path's segment where the template names a chain, as sent; null when it names none. */
function chainOf(template: string | undefined, path: string): string | null {
  if (template === undefined || !template.includes('{')) return null;
  const names = template.split('/');
  const index = names.findIndex((name) => chainParameters.includes(name));
  if (index < 0) return null;
  const segment = path.split('/')[index];
  if (segment === undefined) return null;
  try {
    return clip(decodeURIComponent(segment), 64);
  } catch {
    return clip(segment, 64);
  }
}

function clip(text: string, length: number): string {
  return text.length > length ? text.slice(0, length) : text;
}
