// The caller of a request, as access control identified it, carried from the HTTP layer into the
// gateway's request context and from there into each subgraph's context.
import type { Response } from 'express';
import type { RequestCaller } from '../subgraphs/shared/subgraph';

/** The caller as the gateway knows it: its key's ID, and the key itself for subgraphs run as their own processes. */
export type GatewayCaller = RequestCaller & {
  /** The API key as presented: forwarded to an HTTP subgraph, which looks it up again. */
  apiKey: string;
};

/**
 * Records the request's caller once access control has recognised its key.
 * @example setRequestCaller(response, { keyId: key.id, apiKey: presented })
 */
export function setRequestCaller(response: Response, caller: GatewayCaller): void {
  response.locals.caller = caller;
}

/**
 * The request's caller; undefined for a request without a key.
 * @example const context: GatewayContext = { caller: requestCaller(response) }
 */
export function requestCaller(response: Response): GatewayCaller | undefined {
  return response.locals.caller as GatewayCaller | undefined;
}
