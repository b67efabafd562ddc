import { restRoutes } from '../../rest-facade/routes';
import { SHOWCASE } from '../evm-endpoints/chooseEvmRequests';
import type { StatementRecorder } from '../evm-endpoints/captureStatements';
import { validatorQueries } from '../list-validators/listValidatorsTargets';
import { sqlFloorRequests, stakingRequest } from './engineTargets';

/** The C-Chain's USD Coin (demo-data/evm/chains.ts). */
const USDC = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';

/** SQL statements one request sends at page sizes 10 and 100 (they must be equal: no N+1). */
export type StatementCount = { request: string; at10: number; at100: number };

/** The list requests whose statements are counted (and whose plans are shown), by page size. */
export function listRequests(pageSize: number): { name: string; path: string }[] {
  return [
    ...validatorQueries.map((query) => ({
      name: `REST validators ${query.name}`,
      path: `/v1/networks/mainnet/validators?${query.query}&pageSize=${pageSize}`,
    })),
    ...[...sqlFloorRequests(pageSize), stakingRequest(pageSize)].map((request) => ({
      name: `REST ${request.label.replace(/ pageSize=\d+$/, '')}`,
      path: request.path,
    })),
    ...['listErc20', 'listErc721', 'listErc1155'].map((list) => ({
      name: `REST ${list}`,
      path: `/v1/chains/43114/addresses/${SHOWCASE}/transactions:${list}?pageSize=${pageSize}`,
    })),
    ...['transactions', 'transactions:listNative'].map((list) => ({
      name: `REST ${list}`,
      path: `/v1/chains/43114/addresses/${SHOWCASE}/${list}?pageSize=${pageSize}`,
    })),
    {
      name: 'REST transactions v2',
      path: `/v2/chains/43114/addresses/${SHOWCASE}/transactions?pageSize=${pageSize}`,
    },
    {
      name: 'REST ERC-20 balances',
      path: `/v1/chains/43114/addresses/${SHOWCASE}/balances:listErc20?pageSize=${pageSize}`,
    },
    ...['listErc721', 'listErc1155', 'listCollectibles'].map((list) => ({
      name: `REST ${list} balances`,
      path: `/v1/chains/43114/addresses/${SHOWCASE}/balances:${list}?pageSize=${pageSize}`,
    })),
    {
      // A block inside the C-Chain's range at every scale, the smoke's too (it starts at 71,000,000, 200 blocks at 0.02).
      name: 'REST listErc1155 balances at a block',
      path: `/v1/chains/43114/addresses/${SHOWCASE}/balances:listErc1155?blockNumber=71000150&pageSize=${pageSize}`,
    },
    { name: 'REST subnets', path: `/v1/networks/mainnet/subnets?pageSize=${pageSize}` },
    { name: 'REST blockchains', path: `/v1/networks/mainnet/blockchains?pageSize=${pageSize}` },
    { name: 'REST latest transactions', path: `/v1/chains/43114/transactions?pageSize=${pageSize}` },
    {
      name: 'REST latest failed transactions',
      path: `/v1/chains/43114/transactions?status=failed&pageSize=${pageSize}`,
    },
    {
      name: 'REST latest transactions of all chains',
      path: `/v1/transactions?network=mainnet&pageSize=${pageSize}`,
    },
    {
      name: 'REST token transfers',
      path: `/v1/chains/43114/tokens/${USDC}/transfers?pageSize=${pageSize}`,
    },
    { name: 'REST ICM messages', path: `/v1/icm/messages?network=mainnet&pageSize=${pageSize}` },
    {
      name: 'REST ICM messages of a chain (either end)',
      path: `/v1/icm/messages?blockchainId=2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5&pageSize=${pageSize}`,
    },
    { name: 'REST ICM messages by address', path: `/v1/icm/addresses/${SHOWCASE}/messages?pageSize=${pageSize}` },
    {
      name: 'REST NFT collection tokens',
      path: `/v1/chains/43114/nfts/collections/${restRoutes['Query.listTokens']!.examples!.address}/tokens?pageSize=${pageSize}`,
    },
    {
      name: "REST a node's validations",
      path: `/v1/networks/mainnet/validators/${restRoutes['Query.getSingleValidatorDetails']!.examples!.nodeId}?pageSize=${pageSize}`,
    },
    { name: 'REST delegators', path: `/v1/networks/mainnet/delegators?pageSize=${pageSize}` },
    {
      name: 'REST L1 validators with inactive ones',
      path: `/v1/networks/mainnet/l1Validators?includeInactiveL1Validators=true&pageSize=${pageSize}`,
    },
    {
      name: 'REST historical rewards',
      path: `/v1/networks/mainnet/rewards?nodeIds=${restRoutes['Query.listHistoricalPrimaryNetworkRewards']!.examples!.nodeIds}&pageSize=${pageSize}`,
    },
  ];
}

/**
 * Counts the statements Prisma sends for each list request at page sizes 10 and 100, one request
 * at a time (nothing else runs meanwhile), through the service's REST routes, after one request
 * of the same path: the steady state, with the chain rows the process keeps.
 * @param baseUrl the service
 * @param recorder the service database's statement recorder
 * @param failures receives why a request could not be counted (it did not answer 200); the others are still counted
 * @returns one count per request that answered
 * @example const counts = await countStatements(service.baseUrl, recorder, failures)
 */
export async function countStatements(
  baseUrl: string,
  recorder: StatementRecorder,
  failures: string[],
): Promise<StatementCount[]> {
  const counts: StatementCount[] = [];
  const [small, large] = [listRequests(10), listRequests(100)];
  for (const [i, request] of small.entries()) {
    const at = async (path: string) => {
      recorder.start();
      const response = await fetch(baseUrl + path);
      const body = await response.text();
      const statements = recorder.take().length;
      if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${body.slice(0, 300)}`);
      return statements;
    };
    try {
      await at(request.path); // warm: what the process keeps between requests (EVM chain rows) is not counted
      counts.push({ request: request.name, at10: await at(request.path), at100: await at(large[i]!.path) });
    } catch (error) {
      failures.push(`statements of ${request.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return counts;
}
