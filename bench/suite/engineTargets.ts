import { isDeepStrictEqual } from 'node:util';
import { SHOWCASE_P_ADDRESS } from '../../demo-data/accounts';
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
  targets: LoadTarget[];
};

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
