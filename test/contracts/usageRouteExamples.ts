// Example requests of the usage routes (routeExamples.ts): they act for the examples' key
// (`config-1`), whose record of requests is stored by SQL first at the demo's instant (the contract
// test's clock): an API request naming a chain, a subnet chain's RPC call and a C-Chain RPC call, so
// the answers together show every documented member.
import { DEMO_NOW } from '../../demo-data';
import type { Database } from '../../prisma/database';
import type { ExampleRequest, RouteExamples } from './routeExamples';
import { exampleApiKey } from './webhookRouteExamples';

const headers = { 'x-glacier-api-key': exampleApiKey };
const get = (path: string): ExampleRequest => ({ method: 'GET', path, headers });

/** Stores the key's requests, once. */
async function storeUsage(db: Database): Promise<void> {
  const [stored] = await db.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM api_request WHERE request_id LIKE 'example-%'",
  );
  if (stored!.count > 0) return;
  const rows: [string, string, string, number, string | null, string | null, boolean][] = [
    ['data', '/v1/chains/{chainId}/blocks', 'GET', 200, '43114', null, false],
    ['data', '/v1/networks/{network}/subnets', 'GET', 400, null, null, false],
    ['rpc', '/ext/bc/{chain}/rpc', 'POST', 200, '99001', 'eth_chainId', true],
    ['rpc', '/ext/bc/{chain}/rpc', 'POST', 200, '43114', 'eth_blockNumber', false],
  ];
  for (const [i, [type, path, method, status, chainId, rpcMethod, subnetRpc]] of rows.entries()) {
    await db.query(
      `INSERT INTO api_request (at, request_id, key_id, request_type, request_path, method, response_code, chain_id,
         rpc_method, network, subnet_rpc, duration_ms, compute_units, ip_address, host, user_agent)
       VALUES (to_timestamp($1), $2, 'config-1', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, '127.0.0.1', 'localhost:8080', 'examples')`,
      [
        DEMO_NOW - 3600 * i,
        `example-${i}`,
        type,
        path,
        method,
        status,
        chainId,
        rpcMethod,
        type === 'rpc' ? 'mainnet' : null,
        subnetRpc,
        2.5 + i,
        type === 'rpc' ? 0 : 3,
      ],
    );
  }
}

const stored = (paths: string[]) => async (db: Database) => {
  await storeUsage(db);
  return paths.map(get);
};

/** The examples of the 4 usage routes. */
export const usageRouteExamples: Record<string, RouteExamples> = {
  'Query.getApiUsageMetrics': {
    requests: stored([
      '/v1/apiUsageMetrics?groupBy=chainId&timeInterval=hourly',
      '/v1/apiUsageMetrics?requestType=data&responseCode=400',
    ]),
  },
  'Query.getApiLogs': {
    requests: stored(['/v1/apiLogs?pageSize=3', '/v1/apiLogs?requestType=rpc']),
  },
  'Query.getSubnetRpcUsageMetrics': {
    requests: stored(['/v1/subnetRpcUsageMetrics?groupBy=rpcMethod', '/v1/subnetRpcUsageMetrics?chainId=99001']),
  },
  'Query.getPrimaryNetworkRpcUsageMetrics': {
    requests: stored([
      '/v1/primaryNetworkRpcUsageMetrics?network=mainnet&groupBy=country',
      '/v1/primaryNetworkRpcUsageMetrics?network=mainnet&timeInterval=hourly',
    ]),
  },
};
