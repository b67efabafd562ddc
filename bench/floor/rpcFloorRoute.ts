import type { Reader } from '../../node-rpc/eth/chainData';
import type { RpcCall } from '../node-rpc/rpcCalls';
import { JsonText, type FloorRoute } from './startFloor';

/**
 * The floor of the node RPC's chain methods: each call's body answered with the floor's
 * statements, formatters and JSON, on its own connection pool; no Express, envelope parsing or
 * dispatch.
 * @param reader the floor's database
 * @param calls the calls, by body
 * @returns the route (`POST /ext/bc/{chain}/rpc`)
 * @example const floor = await startFloor([rpcFloorRoute(db, calls)])
 */
export function rpcFloorRoute(reader: Reader, calls: readonly RpcCall[]): FloorRoute {
  const byBody = new Map(calls.map((call) => [call.body, call]));
  return {
    method: 'POST',
    path: /^\/ext\/bc\/[^/]+\/rpc$/,
    answer: (request) =>
      byBody
        .get(request.body)
        ?.floor(reader)
        .then((text) => new JsonText(text)),
  };
}
