import type { RouteConfig } from 'sofa-api/typings/sofa';
import type { PagedList } from '../subgraphs/shared/limits';

/** A REST route: sofa's route config, plus the section 8 list whose page-size bounds it documents. */
export type RestRoute = RouteConfig & { method: 'GET' | 'POST'; path: string; list?: PagedList };

/**
 * The REST routes: GraphQL root field → exact path of the REST spec. A literal colon inside a
 * segment (`transactions:listErc20`) is written `\\:` so the router does not read a parameter.
 * Path and query parameters bind to the field's arguments by name.
 */
export const restRoutes: Record<string, RestRoute> = {
  'Query.listSubnets': { method: 'GET', path: '/v1/networks/:network/subnets', list: 'subnets', tags: ['Primary Network'] },
  'Query.listValidators': { method: 'GET', path: '/v1/networks/:network/validators', list: 'validators', tags: ['Primary Network'] },
  'Query.getBalancesByAddresses': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/balances',
    tags: ['Primary Network Balances'],
  },
  'Query.getUtxosByAddresses': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/utxos',
    list: 'utxos',
    tags: ['Primary Network UTXOs'],
  },
  'Query.listPendingPrimaryNetworkRewards': {
    method: 'GET',
    path: '/v1/networks/:network/rewards\\:listPending',
    list: 'pendingRewards',
    tags: ['Primary Network Rewards'],
  },
  'Query.listPrimaryNetworkBlocksByNodeId': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/nodes/:nodeId/blocks',
    list: 'nodeBlocks',
    tags: ['Primary Network Blocks'],
  },
  'Query.listLatestXChainVertices': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/vertices',
    list: 'vertices',
    tags: ['Primary Network Vertices'],
  },
  // EVM chains (4.8–4.13, 4.15, 4.16, 4.20): `chainId` is an EVM chain ID or the chain's blockchain ID.
  'Query.listErc721Transactions': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/transactions\\:listErc721',
    list: 'transfers',
    tags: ['EVM Transactions'],
  },
  'Query.listErc1155Transactions': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/transactions\\:listErc1155',
    list: 'transfers',
    tags: ['EVM Transactions'],
  },
  'Query.listErc20Transactions': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/transactions\\:listErc20',
    list: 'transfers',
    tags: ['EVM Transactions'],
  },
  'Query.listInternalTransactions': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/transactions\\:listInternals',
    list: 'transfers',
    tags: ['EVM Transactions'],
  },
  'Query.listErc20Balances': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/balances\\:listErc20',
    list: 'erc20Balances',
    tags: ['EVM Balances'],
  },
  'Query.getTransactionsForBlock': {
    method: 'GET',
    path: '/v1/chains/:chainId/blocks/:blockId/transactions',
    list: 'blockTransactions',
    tags: ['EVM Transactions'],
  },
  'Query.listContractDeployments': {
    method: 'GET',
    path: '/v1/chains/:chainId/contracts/:address/deployments',
    list: 'deployments',
    tags: ['EVM Transactions'],
  },
  'Query.getTransaction': { method: 'GET', path: '/v1/chains/:chainId/transactions/:txHash', tags: ['EVM Transactions'] },
  'Query.getTokenDetails': {
    method: 'GET',
    path: '/v1/chains/:chainId/nfts/collections/:address/tokens/:tokenId',
    tags: ['NFTs'],
  },
  // 4.1 and 4.2 answer 201, as the hosted API does (its clients expect it).
  'Mutation.aggregateSignatures': {
    method: 'POST',
    path: '/v1/signatureAggregator/:network/aggregateSignatures',
    responseStatus: 201,
    tags: ['Signature Aggregator'],
  },
  'Query.getAggregatedSignatures': {
    method: 'GET',
    path: '/v1/signatureAggregator/:network/aggregateSignatures/:txHash',
    responseStatus: 201,
    tags: ['Signature Aggregator'],
  },
  'Query.getEvmChainMetrics': {
    method: 'GET',
    path: '/v2/chains/:chainId/metrics/:metric',
    list: 'metrics',
    tags: ['Metrics'],
  },
  'Query.getAddressesByBalanceOverTime': {
    method: 'GET',
    path: '/v2/chains/:chainId/contracts/:address/balances',
    list: 'holders',
    tags: ['Metrics'],
  },
};
