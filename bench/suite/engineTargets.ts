import { isDeepStrictEqual } from 'node:util';
import { DEMO_NOW } from '../../demo-data';
import { SHOWCASE_P_ADDRESS } from '../../demo-data/accounts';
import { restRoutes } from '../../rest-facade/routes';
import type { EvmFloorRequest } from '../evm-endpoints/chooseEvmRequests';
import { evmTargets, type EndpointRequest } from '../evm-endpoints/evmTargets';
import { restEquivalentQuery } from '../list-subnets/restEquivalentQuery';
import { PRIMARY_SUBNET_ID } from '../list-validators/insertValidatorDataSet';
import { listValidatorsTargets, validatorQueries } from '../list-validators/listValidatorsTargets';
import type { LoadTarget } from '../shared/runLoad';

/** One measured request: its floor first, then the paths through the service. */
export type TargetGroup = {
  /** What is requested, e.g. `validators filtered`, `UTXOs`. */
  name: string;
  /** A single-record lookup, a list page, or a cross-subgraph join (GraphQL). */
  kind: 'lookup' | 'list' | 'join';
  pageSize?: number;
  /** Connections to load it from, when not the suite's (see ANALYTIC_CONNECTIONS). */
  connections?: number;
  targets: LoadTarget[];
};

/**
 * Connections of a request that reads a whole token history (the composite query: half a second on
 * the embedded engine at scale 15). PGlite runs one statement at a time and interleaves the requests'
 * statements, so ten such requests all finish together after about five seconds: a burst of two
 * gets no answer. Both engines and the floor are measured at this count, so the figures stay beside
 * each other and show one query's time rather than a queue's.
 */
export const ANALYTIC_CONNECTIONS = 1;

/** Base URLs of the service and of each floor server. */
export type TargetUrls = { service: string; floor: string };

/** The P-Chain's blockchain ID (the primary network's). */
const P_CHAIN_ID = PRIMARY_SUBNET_ID;

/**
 * The cross-subgraph join: subnets (primary-network subgraph) with their blockchains' indexed EVM
 * chain (evm subgraph). Oldest first, so the page starts with the primary network, whose C-Chain is
 * indexed whatever else the data set holds.
 */
const joinQuery = (join: boolean) => `query SubnetChains($pageSize: Int) {
  listSubnets(network: mainnet, pageSize: $pageSize, sortOrder: asc) {
    subnets { subnetId isL1 blockchains { blockchainId blockchainName evmChainId${join ? ' evmChain { chainId chainName networkToken { symbol decimals } }' : ''} } }
  }
}`;

/**
 * The requests of the SQL-builder floor (UTXOs and transactions of the showcase P-Chain address, a metric
 * series, the C-Chain's latest blocks, the latest blocks of the mainnet chains, the P-Chain's latest blocks)
 * at one page size.
 * @param pageSize the page size
 * @returns REST path, GraphQL field and variables of each
 * @example sqlFloorRequests(10)
 */
export function sqlFloorRequests(pageSize: number): Omit<EndpointRequest, 'query'>[] {
  const address = SHOWCASE_P_ADDRESS.mainnet;
  return [
    {
      label: `UTXOs pageSize=${pageSize}`,
      path: `/v1/networks/mainnet/blockchains/${P_CHAIN_ID}/utxos?addresses=${address}&pageSize=${pageSize}`,
      field: 'getUtxosByAddresses',
      variables: { network: 'mainnet', blockchainId: P_CHAIN_ID, addresses: address, pageSize },
    },
    {
      label: `P-Chain address transactions pageSize=${pageSize}`,
      path: `/v1/networks/mainnet/blockchains/${P_CHAIN_ID}/transactions?addresses=${address}&pageSize=${pageSize}`,
      field: 'listLatestPrimaryNetworkTransactions',
      variables: { network: 'mainnet', blockchainId: P_CHAIN_ID, addresses: address, pageSize },
    },
    {
      label: `metrics txCount hourly pageSize=${pageSize}`,
      path: `/v2/chains/total/metrics/txCount?timeInterval=hour&pageSize=${pageSize}`,
      field: 'getEvmChainMetrics',
      variables: { chainId: 'total', metric: 'txCount', timeInterval: 'hour', pageSize },
    },
    {
      label: `latest blocks pageSize=${pageSize}`,
      path: `/v1/chains/43114/blocks?pageSize=${pageSize}`,
      field: 'getLatestBlocks',
      variables: { chainId: '43114', pageSize },
    },
    {
      label: `latest blocks all chains pageSize=${pageSize}`,
      path: `/v1/blocks?network=mainnet&pageSize=${pageSize}`,
      field: 'listLatestBlocksAllChains',
      variables: { network: 'mainnet', pageSize },
    },
    {
      label: `latest P-Chain blocks pageSize=${pageSize}`,
      path: `/v1/networks/mainnet/blockchains/p-chain/blocks?pageSize=${pageSize}`,
      field: 'listLatestPrimaryNetworkBlocks',
      variables: { network: 'mainnet', blockchainId: 'p-chain', pageSize },
    },
  ];
}

/** A year of daily points: the staking series' page size. */
const YEAR_OF_DAYS = 365;

/**
 * The one-year daily staking series: the primary network's validator count from a year before the
 * demo's instant (the service's clock), a page of 365 points, newest first.
 * @param pageSize the page size (the suite measures a year; the statement counts take 10 and 100)
 * @returns REST path, GraphQL field and variables
 * @example stakingRequest(365).path // '/v2/networks/mainnet/metrics/validatorCount?startTimestamp=…&pageSize=365'
 */
export function stakingRequest(pageSize = YEAR_OF_DAYS): Omit<EndpointRequest, 'query'> {
  const startTimestamp = DEMO_NOW - YEAR_OF_DAYS * 86_400;
  return {
    label: `staking validatorCount daily over a year pageSize=${pageSize}`,
    path: `/v2/networks/mainnet/metrics/validatorCount?startTimestamp=${startTimestamp}&pageSize=${pageSize}`,
    field: 'getStakingMetrics',
    variables: { network: 'mainnet', metric: 'validatorCount', startTimestamp, pageSize },
  };
}

/** The C-Chain's USD Coin (demo-data/evm/chains.ts). */
const USDC = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';

/**
 * A composite query like the route's own example (rest-facade/routes.ts): the demo collection's
 * holders in the demo's last month AND the holders of at least 1 USDC now (a range of the current
 * balances). The example's second subquery, native balances now, reads the C-Chain's whole native
 * history, over MAX_SUBQUERY_ROWS at the suite's scale (a 400).
 * @returns REST path and body, GraphQL field and variables (the body's fields)
 * @example compositeQueryRequest().body
 */
export function compositeQueryRequest(): Omit<EndpointRequest, 'query'> {
  const route = restRoutes['Query.compositeQueryV2']!;
  const example = route.bodyExample as { queries: unknown[]; operator: string; pageSize: number };
  const usdcHolders = {
    id: 'usdcHolders',
    type: 'LatestBalance',
    params: { evmChainId: '43114', tokenType: 'ERC20', contractAddress: USDC, minBalance: '1000000' },
  };
  const body = { ...example, queries: [example.queries[0], usdcHolders] };
  return {
    label: `composite query pageSize=${body.pageSize}`,
    path: route.path,
    body,
    field: 'compositeQueryV2',
    variables: body,
  };
}

/**
 * Every target group of one engine, each answered once first by its floor and by the service
 * (REST and GraphQL), which must agree (see listValidatorsTargets and evmTargets); those bodies
 * are what every answer under load must equal.
 * @param urls the servers
 * @param pageSizes page sizes of the lists
 * @param evmRequests the EVM floor's requests (its routes)
 * @returns the groups, in measuring order, and why any request was left out (it failed or paths disagreed)
 * @example const { groups, failures } = await engineTargets(urls, [10], evmRequests)
 */
export async function engineTargets(
  urls: TargetUrls,
  pageSizes: readonly number[],
  evmRequests: readonly EvmFloorRequest[],
): Promise<{ groups: TargetGroup[]; failures: string[] }> {
  const graphql = `${urls.service}/graphql`;
  const documents = new Map<string, string>();
  const documentOf = async (field: string) => {
    if (!documents.has(field)) documents.set(field, restEquivalentQuery(field));
    return documents.get(field)!;
  };
  const groups: TargetGroup[] = [];
  const failures: string[] = [];
  // One request that fails is reported and left out; the others are still measured.
  const add = async (group: Omit<TargetGroup, 'targets'>, targets: () => Promise<LoadTarget[]>) => {
    try {
      groups.push({ ...group, targets: await targets() });
    } catch (error) {
      failures.push(
        `${group.name}${group.pageSize === undefined ? '' : ` pageSize=${group.pageSize}`}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  for (const query of validatorQueries) {
    for (const pageSize of pageSizes) {
      await add({ name: `validators ${query.name}`, kind: 'list', pageSize }, async () =>
        listValidatorsTargets(
          { service: urls.service, baseline: urls.floor },
          query,
          pageSize,
          await documentOf('listValidators'),
        ),
      );
    }
  }
  for (const pageSize of pageSizes) {
    for (const request of sqlFloorRequests(pageSize)) {
      await add({ name: request.label.replace(/ pageSize=\d+$/, ''), kind: 'list', pageSize }, async () =>
        evmTargets(
          { service: urls.service, baseline: urls.floor },
          { ...request, query: await documentOf(request.field) },
          { sameBytes: false },
        ),
      );
    }
  }
  await add({ name: 'staking validatorCount daily over a year', kind: 'list', pageSize: YEAR_OF_DAYS }, () =>
    stakingTargets(urls, documentOf),
  );
  await add(
    {
      name: 'composite query',
      kind: 'list',
      pageSize: compositeQueryRequest().variables.pageSize as number,
      connections: ANALYTIC_CONNECTIONS,
    },
    () => compositeTargets(urls, documentOf),
  );
  for (const { request, sameBytes } of evmRequests) {
    const pageSize = request.variables.pageSize as number | undefined;
    const kind = request.field === 'getTransaction' ? 'lookup' : 'list';
    await add({ name: request.label.replace(/ pageSize=\d+$/, ''), kind, pageSize }, async () =>
      evmTargets(
        { service: urls.service, baseline: urls.floor },
        { ...request, query: await documentOf(request.field) },
        { sameBytes },
      ),
    );
  }
  for (const pageSize of pageSizes)
    await add({ name: 'GraphQL join: subnets → blockchains → evmChain', kind: 'join', pageSize }, () =>
      joinTargets(graphql, pageSize),
    );
  return { groups, failures };
}

/**
 * The staking series beside its floor, once it is shown to be a year of real points: a full page
 * whose oldest day already has validations (the demo's validations run for years before its instant).
 */
async function stakingTargets(urls: TargetUrls, documentOf: (field: string) => Promise<string>): Promise<LoadTarget[]> {
  const request = stakingRequest();
  const targets = await evmTargets(
    { service: urls.service, baseline: urls.floor },
    { ...request, query: await documentOf(request.field) },
    { sameBytes: false },
  );
  const { results } = JSON.parse(targets[1]!.expectBody) as { results: { value: number }[] };
  if (results.length !== YEAR_OF_DAYS || !(results.at(-1)!.value > 0))
    throw new Error(
      `the staking series is not a year of validations: ${results.length} points, the oldest ${results.at(-1)?.value}`,
    );
  return targets;
}

/** The composite query beside its floor, once its subqueries are shown to select addresses in common. */
async function compositeTargets(
  urls: TargetUrls,
  documentOf: (field: string) => Promise<string>,
): Promise<LoadTarget[]> {
  const request = compositeQueryRequest();
  const targets = await evmTargets(
    { service: urls.service, baseline: urls.floor },
    { ...request, query: await documentOf(request.field) },
    { sameBytes: false },
  );
  const { totalCount } = JSON.parse(targets[1]!.expectBody) as { totalCount: number };
  if (!(totalCount > 0)) throw new Error('the composite query selects no address: it combines nothing');
  return targets;
}

/**
 * The join and its floor: the same GraphQL query without the cross-subgraph field, so the
 * difference is what the gateway's second fetch (entity references to the evm subgraph) costs.
 */
async function joinTargets(graphqlUrl: string, pageSize: number): Promise<LoadTarget[]> {
  const targets: Omit<LoadTarget, 'expectBody'>[] = [false, true].map((join) => ({
    name: join ? `GraphQL   join, pageSize=${pageSize}` : `floor     same query without evmChain, pageSize=${pageSize}`,
    kind: join ? 'graphql' : 'pg',
    url: graphqlUrl,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: joinQuery(join), variables: { pageSize } }),
  }));
  const bodies: string[] = [];
  for (const target of targets) {
    const response = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
    bodies.push(await response.text());
    if (response.status !== 200)
      throw new Error(`${target.name}: HTTP ${response.status} ${bodies.at(-1)!.slice(0, 300)}`);
  }
  const [plain, joined] = bodies.map((body) => JSON.parse(body)) as [any, any];
  if (plain.errors || joined.errors)
    throw new Error(`the join query failed: ${JSON.stringify(plain.errors ?? joined.errors).slice(0, 300)}`);
  const withoutJoin = joined.data.listSubnets.subnets.map((subnet: any) => ({
    ...subnet,
    blockchains: subnet.blockchains.map(({ evmChain: _joined, ...blockchain }: any) => blockchain),
  }));
  if (!isDeepStrictEqual(withoutJoin, plain.data.listSubnets.subnets))
    throw new Error('the join query and its floor list different subnets');
  if (!joined.data.listSubnets.subnets.some((subnet: any) => subnet.blockchains.some((chain: any) => chain.evmChain))) {
    throw new Error(`no subnet of the first ${pageSize} has an indexed EVM chain: the join joins nothing`);
  }
  return targets.map((target, i) => ({ ...target, expectBody: bodies[i]! }));
}
