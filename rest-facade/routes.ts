import type { RouteConfig } from 'sofa-api/typings/sofa';
import type { PagedList } from '../subgraphs/shared/limits';

/** The methods of REST routes; all but GET take their body arguments from a JSON body. */
export type RestMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Whether a route's method reads a JSON body (its arguments not in the path come from it).
 * @example hasJsonBody('PATCH') // true
 */
export function hasJsonBody(method: RestMethod): boolean {
  return method !== 'GET';
}

/**
 * A REST route: sofa's route config, plus what the OpenAPI document says of it: the section 8
 * list whose page-size bounds it documents, a one-line summary, and example parameter values that
 * answer with data on the demo data set (so "Try it out" shows something; a test holds them to it).
 */
export type RestRoute = RouteConfig & {
  method: RestMethod;
  path: string;
  summary: string;
  list?: PagedList;
  examples?: Record<string, string>;
  /** A route's example body, likewise answering on the demo data set. */
  bodyExample?: Record<string, unknown>;
  /**
   * The arguments of a route with a body (POST, PATCH, DELETE) read from the JSON body; the others
   * (not in the path) are query parameters. Every argument not in the path when omitted.
   */
  body?: readonly string[];
  /** The success answer has no content, as the official document says (the GraphQL field's value is GraphQL's only). */
  noContent?: true;
};

/** Values of the demo data set (demo-data/): the showcase accounts and a few of their records. */
const demo = {
  pAddress: 'avax10xt8e2ngrf279r8vayetk5rqk78uwvve7mhnun',
  evmAddress: '0xad9ea0f0f155856c610bc910d7af91513f98a093',
  evmTransaction: '0x5ceed6da1ed0dc917cdc571ddba89c4552a8cc24a4da63a168b2dc4935878c61',
  evmBlock: '71009913',
  proposerNodeId: 'NodeID-C79g67T1TsbbzTnZf5kB2nzyEvLFgyULC',
  nftCollection: '0x242773db74ce70a97f410296b008585be063db28',
  usdc: '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e',
  /** A token a factory created: its deployment has a frame and a mint. */
  launchedToken: '0x0204afcb1e066b5f155ed91fdd9c9a8efdda419a',
  /** A registration its own L1 signs, whose validators still hold the quorum (their balances last). */
  registerL1ValidatorTx: '2Hw5TZrQ23mV3XE2zxwwij1sfo33TF95gb8C9Ad3Lf63a2KRYN',
  /** An L1 with a validator manager, whose chains are EVM chains. */
  l1Subnet: 'D4fjQMzP2LLCR87cair9AKQLY4oQ4ArTND6BR3QEo1iCgyW99',
  /** The initial validation of that L1 (paying from its conversion until its balance ran out), and its node. */
  l1ValidationId: '1MLCDHR4eK2vD5EkhCBjWGHdJtuM95ue7Etns1yjUW8tQuDT1',
  l1NodeId: 'NodeID-H5tVoXp6byPbZVuYZ8wyfnT5dqmAk3b7m',
  cChain: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
  avaxAssetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
  vertex: 'cGC6GK6EPGWK2CMQ6caHwuVRdBqxLhPoNHh8bj2sryy9i88gM',
  vertexHeight: '107',
  pChainBlock: '9658',
  /** A delivered ICM message (C-Chain to Kestrel). */
  icmMessage: '13585b931f628dac12e2e4ee40b23825c7260436758694dc185ce0fbaddd1ecc',
  /** A primary-network validator node with several validations. */
  validatorNodeId: 'NodeID-C79g67T1TsbbzTnZf5kB2nzyEvLFgyULC',
  /** A node whose stakes were rewarded while the demo prices run. */
  rewardedNodeId: 'NodeID-2STmhPDJies7RVxvqq4j4jDryEVcipCNR',
  /** A webhook ID (the official document's example): a key's own, so the demo data set has none; the documented-examples test stores one. */
  webhook: 'f33de69c-d13b-4691-908f-870d6e2e6b04',
  /** An operation ID (the official document's example): a key's own, so the demo data set has none; the documented-examples test stores one. */
  operation: 'aa22054a-cb7c-4a4e-9b83-59f2ede74138',
};

/** The demo collection's holders in the demo's last month who hold at least 1 AVAX now. */
const compositeQueryExample = {
  queries: [
    {
      id: 'collectors',
      type: 'AnyTimeNftHolders',
      params: {
        evmChainId: '43114',
        contractAddress: demo.nftCollection,
        firstDate: '2026-10-01',
        lastDate: '2026-10-31',
      },
    },
    {
      id: 'avaxHolders',
      type: 'LatestBalance',
      params: { evmChainId: '43114', tokenType: 'NATIVE', minBalance: '1000000000000000000' },
    },
  ],
  operator: 'AND',
  pageSize: 100,
};

/**
 * The REST routes: GraphQL root field → exact path of the official Data API and Metrics API. A
 * literal colon inside a segment (`transactions:listErc20`) is written `\\:` so the router does not
 * read a parameter. Path and query parameters bind to the field's arguments by name; the field's
 * name is the operationId, as in the official documents.
 */
export const restRoutes: Record<string, RestRoute> = {
  'Query.listSubnets': {
    method: 'GET',
    path: '/v1/networks/:network/subnets',
    summary: 'List subnets',
    list: 'subnets',
    tags: ['Primary Network'],
    examples: { network: 'mainnet' },
  },
  'Query.listValidators': {
    method: 'GET',
    path: '/v1/networks/:network/validators',
    summary: 'List validators',
    list: 'validators',
    tags: ['Primary Network'],
    examples: { network: 'mainnet' },
  },
  'Query.getBalancesByAddresses': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/balances',
    summary: 'Get balances',
    tags: ['Primary Network Balances'],
    examples: { network: 'mainnet', blockchainId: 'p-chain', addresses: demo.pAddress },
  },
  'Query.getUtxosByAddresses': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/utxos',
    summary: 'List UTXOs',
    list: 'utxos',
    tags: ['Primary Network UTXOs'],
    examples: { network: 'mainnet', blockchainId: 'p-chain', addresses: demo.pAddress },
  },
  'Query.getUtxosByAddressesV2': {
    method: 'POST',
    path: '/v1/networks/:network/blockchains/:blockchainId/utxos',
    summary: 'List UTXOs v2 - Supports querying for more addresses',
    list: 'utxosV2',
    tags: ['Primary Network UTXOs'],
    body: ['addresses'],
    examples: { network: 'mainnet', blockchainId: 'p-chain' },
    bodyExample: { addresses: demo.pAddress },
  },
  'Query.getLastActivityTimestampByAddresses': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/lastActivityTimestampByAddresses',
    summary: 'Get last activity timestamp by addresses',
    tags: ['Primary Network UTXOs'],
    examples: { network: 'mainnet', blockchainId: 'p-chain', addresses: demo.pAddress },
  },
  'Query.getLastActivityTimestampByAddressesV2': {
    method: 'POST',
    path: '/v1/networks/:network/blockchains/:blockchainId/lastActivityTimestampByAddresses',
    summary: 'Get last activity timestamp by addresses v2',
    tags: ['Primary Network UTXOs'],
    body: ['addresses'],
    examples: { network: 'mainnet', blockchainId: 'p-chain' },
    bodyExample: { addresses: demo.pAddress },
  },
  'Query.getAvaxSupply': {
    method: 'GET',
    path: '/v1/avax/supply',
    summary: 'Get AVAX supply information',
    tags: ['AVAX Supply'],
  },
  'Query.getTxByHash': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/transactions/:txHash',
    summary: 'Get transaction',
    tags: ['Primary Network Transactions'],
    examples: { network: 'mainnet', blockchainId: 'p-chain', txHash: demo.registerL1ValidatorTx },
  },
  'Query.listLatestPrimaryNetworkTransactions': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/transactions',
    summary: 'List latest transactions',
    list: 'primaryTransactions',
    tags: ['Primary Network Transactions'],
    examples: { network: 'mainnet', blockchainId: 'p-chain', addresses: demo.pAddress },
  },
  'Query.listActivePrimaryNetworkStakingTransactions': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/transactions\\:listStaking',
    summary: 'List staking transactions',
    list: 'stakingTransactions',
    tags: ['Primary Network Transactions'],
    examples: { network: 'mainnet', blockchainId: 'p-chain', addresses: demo.pAddress },
  },
  'Query.listAssetTransactions': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/assets/:assetId/transactions',
    summary: 'List asset transactions',
    list: 'assetTransactions',
    tags: ['Primary Network Transactions'],
    examples: {
      network: 'mainnet',
      blockchainId: 'x-chain',
      assetId: demo.avaxAssetId,
    },
  },
  'Query.listPendingPrimaryNetworkRewards': {
    method: 'GET',
    path: '/v1/networks/:network/rewards\\:listPending',
    summary: 'List pending rewards',
    list: 'pendingRewards',
    tags: ['Primary Network Rewards'],
    examples: { network: 'mainnet', addresses: demo.pAddress },
  },
  'Query.getSingleValidatorDetails': {
    method: 'GET',
    path: '/v1/networks/:network/validators/:nodeId',
    summary: 'Get single validator details',
    list: 'validatorDetails',
    tags: ['Primary Network'],
    examples: { network: 'mainnet', nodeId: demo.validatorNodeId },
  },
  'Query.listDelegators': {
    method: 'GET',
    path: '/v1/networks/:network/delegators',
    summary: 'List delegators',
    list: 'delegators',
    tags: ['Primary Network'],
    examples: { network: 'mainnet' },
  },
  'Query.listL1Validators': {
    method: 'GET',
    path: '/v1/networks/:network/l1Validators',
    summary: 'List L1 validators',
    list: 'l1Validators',
    tags: ['Primary Network'],
    examples: { network: 'mainnet' },
  },
  'Query.listHistoricalPrimaryNetworkRewards': {
    method: 'GET',
    path: '/v1/networks/:network/rewards',
    summary: 'List historical rewards',
    list: 'historicalRewards',
    tags: ['Primary Network Rewards'],
    examples: { network: 'mainnet', nodeIds: demo.rewardedNodeId },
  },
  'Query.listPrimaryNetworkBlocksByNodeId': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/nodes/:nodeId/blocks',
    summary: 'List blocks proposed by node',
    list: 'nodeBlocks',
    tags: ['Primary Network Blocks'],
    examples: { network: 'mainnet', blockchainId: 'p-chain', nodeId: demo.proposerNodeId },
  },
  'Query.listLatestXChainVertices': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/vertices',
    summary: 'List vertices',
    list: 'vertices',
    tags: ['Primary Network Vertices'],
    examples: { network: 'mainnet', blockchainId: 'x-chain' },
  },
  'Query.getVertexByHash': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/vertices/:vertexHash',
    summary: 'Get vertex',
    tags: ['Primary Network Vertices'],
    examples: { network: 'mainnet', blockchainId: 'x-chain', vertexHash: demo.vertex },
  },
  'Query.getVertexByHeight': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/vertices\\:listByHeight',
    summary: 'List vertices by height',
    list: 'verticesByHeight',
    tags: ['Primary Network Vertices'],
    examples: { network: 'mainnet', blockchainId: 'x-chain', vertexHeight: demo.vertexHeight },
  },
  'Query.getBlockById': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/blocks/:blockId',
    summary: 'Get block',
    tags: ['Primary Network Blocks'],
    examples: { network: 'mainnet', blockchainId: 'p-chain', blockId: demo.pChainBlock },
  },
  'Query.listLatestPrimaryNetworkBlocks': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/blocks',
    summary: 'List latest blocks',
    list: 'primaryNetworkBlocks',
    tags: ['Primary Network Blocks'],
    examples: { network: 'mainnet', blockchainId: 'p-chain' },
  },
  'Query.getNetworkDetails': {
    method: 'GET',
    path: '/v1/networks/:network',
    summary: 'Get network details',
    tags: ['Primary Network'],
    examples: { network: 'mainnet' },
  },
  'Query.listBlockchains': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains',
    summary: 'List blockchains',
    list: 'blockchains',
    tags: ['Primary Network'],
    examples: { network: 'mainnet' },
  },
  'Query.getBlockchainById': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId',
    summary: 'Get blockchain details by ID',
    tags: ['Primary Network'],
    examples: { network: 'mainnet', blockchainId: demo.cChain },
  },
  'Query.getSubnetById': {
    method: 'GET',
    path: '/v1/networks/:network/subnets/:subnetId',
    summary: 'Get Subnet details by ID',
    tags: ['Primary Network'],
    examples: { network: 'mainnet', subnetId: demo.l1Subnet },
  },
  'Query.getAssetDetails': {
    method: 'GET',
    path: '/v1/networks/:network/blockchains/:blockchainId/assets/:assetId',
    summary: 'Get asset details',
    tags: ['Primary Network'],
    examples: { network: 'mainnet', blockchainId: 'x-chain', assetId: demo.avaxAssetId },
  },
  'Query.getChainIdsForAddresses': {
    method: 'GET',
    path: '/v1/networks/:network/addresses\\:listChainIds',
    summary: 'Get chain interactions for addresses',
    tags: ['Primary Network'],
    examples: { network: 'mainnet', addresses: demo.pAddress },
  },
  // EVM chains: `chainId` is an EVM chain ID or the chain's blockchain ID.
  'Query.listErc721Transactions': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/transactions\\:listErc721',
    summary: 'List ERC-721 transfers',
    list: 'transfers',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.listErc1155Transactions': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/transactions\\:listErc1155',
    summary: 'List ERC-1155 transfers',
    list: 'transfers',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.listErc20Transactions': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/transactions\\:listErc20',
    summary: 'List ERC-20 transfers',
    list: 'transfers',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.listInternalTransactions': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/transactions\\:listInternals',
    summary: 'List internal transactions',
    list: 'transfers',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.listTransactions': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/transactions',
    summary: 'List transactions',
    list: 'addressTransactions',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.listTransactionsV2': {
    method: 'GET',
    path: '/v2/chains/:chainId/addresses/:address/transactions',
    summary: 'List transactions v2',
    list: 'addressTransactions',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.listNativeTransactions': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/transactions\\:listNative',
    summary: 'List native transactions',
    list: 'addressTransactions',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.listErc20Balances': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/balances\\:listErc20',
    summary: 'List ERC-20 balances',
    list: 'erc20Balances',
    tags: ['EVM Balances'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.getNativeBalance': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/balances\\:getNative',
    summary: 'Get native token balance',
    tags: ['EVM Balances'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.listErc721Balances': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/balances\\:listErc721',
    summary: 'List ERC-721 balances',
    list: 'erc721Balances',
    tags: ['EVM Balances'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.listErc1155Balances': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/balances\\:listErc1155',
    summary: 'List ERC-1155 balances',
    list: 'erc1155Balances',
    tags: ['EVM Balances'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.listCollectibleBalances': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address/balances\\:listCollectibles',
    summary: 'List collectible (ERC-721/ERC-1155) balances',
    list: 'collectibleBalances',
    tags: ['EVM Balances'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.getTransactionsForBlock': {
    method: 'GET',
    path: '/v1/chains/:chainId/blocks/:blockId/transactions',
    summary: 'List transactions for a block',
    list: 'blockTransactions',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114', blockId: demo.evmBlock },
  },
  'Query.listContractDeployments': {
    method: 'GET',
    path: '/v1/chains/:chainId/contracts/:address/deployments',
    summary: 'List deployed contracts',
    list: 'deployments',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114', address: demo.evmAddress },
  },
  'Query.getTransaction': {
    method: 'GET',
    path: '/v1/chains/:chainId/transactions/:txHash',
    summary: 'Get transaction',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114', txHash: demo.evmTransaction },
  },
  'Query.listLatestTransactions': {
    method: 'GET',
    path: '/v1/chains/:chainId/transactions',
    summary: 'List latest transactions',
    list: 'latestTransactions',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114' },
  },
  'Query.listLatestTransactionsAllChains': {
    method: 'GET',
    path: '/v1/transactions',
    summary: 'List the latest transactions across all supported EVM chains',
    list: 'latestTransactions',
    tags: ['EVM Transactions'],
    examples: { network: 'mainnet' },
  },
  'Query.listTransfers': {
    method: 'GET',
    path: '/v1/chains/:chainId/tokens/:address/transfers',
    summary: 'List ERC transfers',
    list: 'tokenTransfers',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114', address: demo.usdc },
  },
  'Query.getDeploymentTransaction': {
    method: 'GET',
    path: '/v1/chains/:chainId/contracts/:address/transactions\\:getDeployment',
    summary: 'Get deployment transaction',
    tags: ['EVM Transactions'],
    examples: { chainId: '43114', address: demo.launchedToken },
  },
  'Query.listTokens': {
    method: 'GET',
    path: '/v1/chains/:chainId/nfts/collections/:address/tokens',
    summary: 'List tokens',
    list: 'nftTokens',
    tags: ['NFTs'],
    examples: { chainId: '43114', address: demo.nftCollection },
  },
  'Query.getContractMetadata': {
    method: 'GET',
    path: '/v1/chains/:chainId/addresses/:address',
    summary: 'Get contract metadata',
    tags: ['EVM Contracts'],
    examples: { chainId: '43114', address: demo.usdc },
  },
  'Query.getTokenDetails': {
    method: 'GET',
    path: '/v1/chains/:chainId/nfts/collections/:address/tokens/:tokenId',
    summary: 'Get token details',
    tags: ['NFTs'],
    examples: { chainId: '43114', address: demo.nftCollection, tokenId: '0' },
  },
  'Query.supportedChains': {
    method: 'GET',
    path: '/v1/chains',
    summary: 'List chains',
    tags: ['EVM Chains'],
    examples: { network: 'mainnet' },
  },
  'Query.getChainInfo': {
    method: 'GET',
    path: '/v1/chains/:chainId',
    summary: 'Get chain information',
    tags: ['EVM Chains'],
    examples: { chainId: '43114' },
  },
  'Query.listAddressChains': {
    method: 'GET',
    path: '/v1/address/:address/chains',
    summary: 'List all chains associated with a given address',
    tags: ['EVM Chains'],
    examples: { address: demo.evmAddress },
  },
  'Query.getLatestBlocks': {
    method: 'GET',
    path: '/v1/chains/:chainId/blocks',
    summary: 'List latest blocks',
    list: 'blocks',
    tags: ['EVM Blocks'],
    examples: { chainId: '43114' },
  },
  'Query.getBlock': {
    method: 'GET',
    path: '/v1/chains/:chainId/blocks/:blockId',
    summary: 'Get block',
    tags: ['EVM Blocks'],
    examples: { chainId: '43114', blockId: demo.evmBlock },
  },
  'Query.listLatestBlocksAllChains': {
    method: 'GET',
    path: '/v1/blocks',
    summary: 'List latest blocks across all supported EVM chains',
    list: 'blocksAllChains',
    tags: ['EVM Blocks'],
    examples: { network: 'mainnet' },
  },
  'Query.getIcmMessage': {
    method: 'GET',
    path: '/v1/icm/messages/:messageId',
    summary: 'Get an ICM message',
    tags: ['Interchain Messaging'],
    examples: { messageId: demo.icmMessage },
  },
  'Query.listIcmMessages': {
    method: 'GET',
    path: '/v1/icm/messages',
    summary: 'List ICM messages',
    list: 'icmMessages',
    tags: ['Interchain Messaging'],
    examples: { network: 'mainnet' },
  },
  'Query.listIcmMessagesByAddress': {
    method: 'GET',
    path: '/v1/icm/addresses/:address/messages',
    summary: 'List ICM messages by address',
    list: 'icmMessages',
    tags: ['Interchain Messaging'],
    examples: { address: demo.evmAddress, network: 'mainnet' },
  },
  // 201 without content, as the official document says.
  'Mutation.reindexNft': {
    method: 'POST',
    path: '/v1/chains/:chainId/nfts/collections/:address/tokens/:tokenId\\:reindex',
    summary: 'Reindex NFT metadata',
    responseStatus: 201,
    noContent: true,
    tags: ['NFTs'],
    examples: { chainId: '43114', address: demo.nftCollection, tokenId: '0' },
  },
  // Both answer 201, as the hosted API does (its clients expect it).
  'Mutation.aggregateSignatures': {
    method: 'POST',
    path: '/v1/signatureAggregator/:network/aggregateSignatures',
    summary: 'Aggregate Signatures',
    responseStatus: 201,
    tags: ['Signature Aggregator'],
    examples: { network: 'mainnet' },
    // A message from the C-Chain, which the primary network's validators sign.
    bodyExample: {
      message:
        '0x0000000000010427d4b22a2a78bcddd456742caf91b56badbff985ee19aef14573e7343fd6520000002500000000000100000014000000000000000000000000000000000000000000000003010203',
    },
  },
  'Query.getAggregatedSignatures': {
    method: 'GET',
    path: '/v1/signatureAggregator/:network/aggregateSignatures/:txHash',
    summary: 'Get Aggregated Signatures',
    responseStatus: 201,
    tags: ['Signature Aggregator'],
    examples: { network: 'mainnet', txHash: demo.registerL1ValidatorTx },
  },
  'Query.listChains': {
    method: 'GET',
    path: '/v2/chains',
    summary: 'Get a list of supported blockchains',
    tags: ['Chain Metrics'],
    examples: { network: 'mainnet' },
  },
  'Query.getChain': {
    method: 'GET',
    path: '/v2/chains/:chainId',
    summary: 'Get chain information for supported blockchain',
    tags: ['Chain Metrics'],
    examples: { chainId: '43114' },
  },
  'Query.getEvmChainMetrics': {
    method: 'GET',
    path: '/v2/chains/:chainId/metrics/:metric',
    summary: 'Get metrics for EVM chains',
    list: 'metrics',
    tags: ['Chain Metrics'],
    examples: { chainId: '43114', metric: 'txCount' },
  },
  'Query.getEvmChainRollingWindowMetrics': {
    method: 'GET',
    path: '/v2/chains/:chainId/rollingWindowMetrics/:metric',
    summary: 'Get rolling window metrics for EVM chains',
    tags: ['Chain Metrics'],
    examples: { chainId: '43114', metric: 'txCount' },
  },
  'Query.getAddressesByBalanceOverTime': {
    method: 'GET',
    path: '/v2/chains/:chainId/contracts/:address/balances',
    summary: 'Get addresses by balance over time',
    list: 'holders',
    tags: ['Looking Glass'],
    examples: { chainId: '43114', address: demo.usdc, threshold: '100000000' },
  },
  'Query.getICMTimeseries': {
    method: 'GET',
    path: '/v2/icm/timeseries',
    summary: 'Get ICM timeseries metrics',
    list: 'icmMetrics',
    tags: ['Chain Metrics'],
    examples: { srcBlockchainId: demo.cChain, groupBy: 'destBlockchainId' },
  },
  'Query.getICMSummary': {
    method: 'GET',
    path: '/v2/icm/summary',
    summary: 'Get ICM summary metrics',
    tags: ['Chain Metrics'],
    examples: { network: 'mainnet' },
  },
  'Query.getStakingMetrics': {
    method: 'GET',
    path: '/v2/networks/:network/metrics/:metric',
    summary: 'Get staking metrics for a given subnet',
    list: 'metrics',
    tags: ['Chain Metrics'],
    examples: { network: 'mainnet', metric: 'validatorCount' },
  },
  'Query.getTotalL1ValidatorMetrics': {
    method: 'GET',
    path: '/v2/validators/metrics/:metric',
    summary: 'Get given metric for all validators',
    tags: ['L1 Validator Metrics'],
    examples: { metric: 'totalValidatorFeesDaily' },
  },
  'Query.getMetricsByValidationId': {
    method: 'GET',
    path: '/v2/validation/:l1ValidationId/metrics/:metric',
    summary: 'Get metric values with given validationId and timestamp range',
    tags: ['L1 Validator Metrics'],
    examples: { l1ValidationId: demo.l1ValidationId, metric: 'validationFeesDaily' },
  },
  'Query.getMetricsByNodeId': {
    method: 'GET',
    path: '/v2/validator/:nodeId/metrics/:metric',
    summary: 'Get metric values with given nodeId and timestamp range',
    tags: ['L1 Validator Metrics'],
    examples: { nodeId: demo.l1NodeId, metric: 'perNodeDailyFeesPaid' },
  },
  'Query.getMetricsBySubnetId': {
    method: 'GET',
    path: '/v2/subnet/:subnetId/metrics/:metric',
    summary: 'Get metric values with given subnetId and timestamp range',
    tags: ['L1 Validator Metrics'],
    examples: { subnetId: demo.l1Subnet, metric: 'perSubnetDailyFeesPaid' },
  },
  'Query.getValidatorsByDateRange': {
    method: 'GET',
    path: '/v2/subnets/:subnetId/validators\\:getAddresses',
    summary: 'Get addresses running validators during a given time frame',
    list: 'validatorAddresses',
    tags: ['Looking Glass'],
    examples: { subnetId: '11111111111111111111111111111111LpoYY', network: 'mainnet' },
  },
  // Usage acts for the caller's API key too: its own requests, or every key's for an admin key.
  'Query.getApiUsageMetrics': {
    method: 'GET',
    path: '/v1/apiUsageMetrics',
    summary: 'Get usage metrics for the Data API',
    tags: ['Data API Usage Metrics'],
    examples: { timeInterval: 'daily', groupBy: 'requestPath' },
  },
  'Query.getApiLogs': {
    method: 'GET',
    path: '/v1/apiLogs',
    summary: 'Get logs for requests made by client',
    list: 'apiLogs',
    tags: ['Data API Usage Metrics'],
  },
  'Query.getSubnetRpcUsageMetrics': {
    method: 'GET',
    path: '/v1/subnetRpcUsageMetrics',
    summary: 'Get usage metrics for the Subnet RPC',
    tags: ['Data API Usage Metrics'],
    examples: { timeInterval: 'daily', groupBy: 'rpcMethod' },
  },
  'Query.getPrimaryNetworkRpcUsageMetrics': {
    method: 'GET',
    path: '/v1/primaryNetworkRpcUsageMetrics',
    summary: 'Get usage metrics for the Primary Network RPC',
    tags: ['Data API Usage Metrics'],
    examples: { network: 'mainnet', timeInterval: 'daily', groupBy: 'rpcMethod' },
  },
  'Query.getNftHoldersByContractAddress': {
    method: 'GET',
    path: '/v2/chains/:chainId/contracts/:address/nfts\\:listHolders',
    summary: 'Get NFT holders by contract address',
    list: 'nftHolders',
    tags: ['Looking Glass'],
    examples: { chainId: '43114', address: demo.nftCollection },
  },
  'Query.getAddressesByBtcbBridged': {
    method: 'GET',
    path: '/v2/chains/43114/btcb/bridged\\:getAddresses',
    summary: 'Get addresses by BTCb bridged balance',
    list: 'btcbBridgers',
    tags: ['Looking Glass'],
    // 0.1 BTC.b, in satoshis.
    examples: { threshold: '10000000' },
  },
  'Query.compositeQueryV1': {
    method: 'POST',
    path: '/v1/lookingGlass/compositeQuery',
    summary: 'Composite query',
    list: 'compositeQuery',
    tags: ['Looking Glass'],
    body: ['pageToken', 'pageSize', 'queries', 'operator'],
    bodyExample: compositeQueryExample,
  },
  'Query.compositeQueryV2': {
    method: 'POST',
    path: '/v2/lookingGlass/compositeQuery',
    summary: 'Composite query',
    list: 'compositeQuery',
    tags: ['Looking Glass'],
    body: ['pageToken', 'pageSize', 'queries', 'operator'],
    bodyExample: compositeQueryExample,
  },
  // Webhooks act for the caller's API key (a key is required whatever API_KEY_REQUIRED says).
  'Mutation.createWebhook': {
    method: 'POST',
    path: '/v1/webhooks',
    summary: 'Create a webhook',
    responseStatus: 201,
    tags: ['Webhooks'],
    bodyExample: {
      eventType: 'address_activity',
      url: 'https://receiver.example.com/avalanche',
      name: 'USDC',
      description: 'Transactions and transfers of USDC',
      chainId: '43114',
      metadata: { addresses: [demo.usdc] },
      includeLogs: true,
    },
  },
  'Query.listWebhooks': {
    method: 'GET',
    path: '/v1/webhooks',
    summary: 'List webhooks',
    list: 'webhooks',
    tags: ['Webhooks'],
    examples: { status: 'active' },
  },
  'Query.getWebhook': {
    method: 'GET',
    path: '/v1/webhooks/:id',
    summary: 'Get a webhook by ID',
    tags: ['Webhooks'],
    examples: { id: demo.webhook },
  },
  'Mutation.updateWebhook': {
    method: 'PATCH',
    path: '/v1/webhooks/:id',
    summary: 'Update a webhook',
    tags: ['Webhooks'],
    examples: { id: demo.webhook },
    bodyExample: { name: 'USDC transfers', includeInternalTxs: true },
  },
  'Mutation.deactivateWebhook': {
    method: 'DELETE',
    path: '/v1/webhooks/:id',
    summary: 'Deactivate a webhook',
    tags: ['Webhooks'],
    examples: { id: demo.webhook },
  },
  'Mutation.generateOrRotateSharedSecret': {
    method: 'POST',
    path: '/v1/webhooks\\:generateOrRotateSharedSecret',
    summary: 'Generate or rotate a shared secret',
    responseStatus: 201,
    tags: ['Webhooks'],
  },
  'Query.getSharedSecret': {
    method: 'GET',
    path: '/v1/webhooks\\:getSharedSecret',
    summary: 'Get a shared secret',
    tags: ['Webhooks'],
  },
  'Query.getAddressesFromWebhook': {
    method: 'GET',
    path: '/v1/webhooks/:id/addresses',
    summary: 'List adresses by EVM activity webhooks',
    list: 'webhookAddresses',
    tags: ['Webhooks'],
    examples: { id: demo.webhook },
  },
  'Mutation.addAddressesToWebhook': {
    method: 'PATCH',
    path: '/v1/webhooks/:id/addresses',
    summary: 'Add addresses to EVM activity webhook',
    tags: ['Webhooks'],
    examples: { id: demo.webhook },
    bodyExample: { addresses: [demo.evmAddress] },
  },
  'Mutation.removeAddressesFromWebhook': {
    method: 'DELETE',
    path: '/v1/webhooks/:id/addresses',
    summary: 'Remove addresses from EVM activity  webhook',
    tags: ['Webhooks'],
    examples: { id: demo.webhook },
    bodyExample: { addresses: [demo.evmAddress] },
  },
  // Transaction exports act for the caller's API key (a key is required whatever API_KEY_REQUIRED says).
  'Mutation.postTransactionExportJob': {
    method: 'POST',
    path: '/v1/operations/transactions\\:export',
    summary: 'Create transaction export operation',
    responseStatus: 201,
    tags: ['Operations'],
    bodyExample: {
      type: 'TRANSACTION_EXPORT_EVM',
      firstDate: '2024-01-01',
      lastDate: '2024-12-31',
      options: { addresses: [demo.evmAddress], includeChains: ['43114'] },
    },
  },
  'Query.getOperationResult': {
    method: 'GET',
    path: '/v1/operations/:operationId',
    summary: 'Get operation',
    tags: ['Operations'],
    examples: { operationId: demo.operation },
  },
};
