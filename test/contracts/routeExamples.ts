// Example requests of every REST route, against the demo data set, and the spec shape (section 2)
// their answers must have. The contract test fails for a route that has no entry here, so a new
// route comes with its examples. Examples are chosen so that together they show every member of
// the shape (optional members included), or name the ones they cannot show and why.
import { cb58Decode } from '../../avalanche/cb58';
import type { Database } from '../../prisma/database';
import { encodeUnsignedMessage } from '../../signature-aggregator/codec/unsignedMessage';
import { encodeWarpPayload } from '../../signature-aggregator/codec/warpPayload';
import type { Shape } from './checkShape';
import * as spec from './specShapes';

/** One request. */
export type ExampleRequest = { method: 'GET' | 'POST'; path: string; body?: unknown };

/** The examples of one route. */
export type RouteExamples = {
  shape: Shape;
  /** Builds the requests from what the demo data holds. */
  requests(db: Database): Promise<ExampleRequest[]>;
  /** Members of the shape no example shows, with the reason (`$.a.b` paths). */
  unseen?: Record<string, string>;
};

const get = (path: string): ExampleRequest => ({ method: 'GET', path });

/** GraphQL field behind a route (rest-facade/routes.ts) → its examples. */
export const routeExamples: Record<string, RouteExamples> = {
  'Query.listSubnets': {
    shape: spec.subnets,
    requests: async () => [get('/v1/networks/mainnet/subnets?pageSize=100'), get('/v1/networks/fuji/subnets?pageSize=3&sortOrder=asc')],
  },
  'Mutation.aggregateSignatures': {
    shape: spec.signedMessage,
    requests: async (db) => {
      // A message from an L1's chain: its few validators sign (the demo signers), not the whole primary network.
      const [chain] = await db.query<{ blockchain_id: string }>(
        `SELECT b.blockchain_id FROM blockchain b JOIN subnet s ON s.network = b.network AND s.subnet_id = b.subnet_id
         WHERE b.network = 'mainnet' AND s.is_l1 ORDER BY b.blockchain_id LIMIT 1`,
      );
      const payload = encodeWarpPayload({ kind: 'addressedCall', sourceAddress: new Uint8Array(20).fill(1), payload: Uint8Array.of(1, 2, 3) });
      const message = encodeUnsignedMessage({ networkId: 1, sourceChainId: cb58Decode(chain!.blockchain_id), payload });
      return [{ method: 'POST', path: '/v1/signatureAggregator/mainnet/aggregateSignatures', body: { message: Buffer.from(message.bytes).toString('hex') } }];
    },
  },
  'Query.getAggregatedSignatures': {
    shape: spec.signedMessage,
    requests: async (db) => {
      const [tx] = await db.query<{ tx_hash: string }>(
        `SELECT tx_hash FROM primary_network_transaction WHERE network = 'mainnet' AND tx_type = 'RegisterL1ValidatorTx' ORDER BY tx_hash LIMIT 1`,
      );
      return [get(`/v1/signatureAggregator/mainnet/aggregateSignatures/${tx!.tx_hash}`)];
    },
  },
  'Query.getEvmChainMetrics': {
    shape: spec.metricPoints,
    requests: async () => [get('/v2/chains/43114/metrics/txCount?pageSize=3'), get('/v2/chains/total/metrics/avgTps?pageSize=2')],
  },
};
