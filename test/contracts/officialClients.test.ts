// Every served operation through the clients users of the hosted API already run: the official
// TypeScript SDKs, generated from the official documents, which validate every answer with zod
// (a missing member, a wrong type or an unknown enum value is a ResponseValidationError). Each
// call goes to this service on loopback, on the demo data; what the SDK hands back must be what
// the service answered (an SDK drops members it has no model for, and changes no value).
import { Avalanche } from '@avalanche-sdk/chainkit';
import { AvaCloudSDK } from '@avalabs/avacloud-sdk';
import type { Database } from '../../prisma/database';
import { DEMO_NOW } from '../../demo-data';
import { createDemoSigners } from '../../demo-data/demoSigners';
import { restRoutes } from '../../rest-facade/routes';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../setup/seededDatabase';
import { startTestService, type TestService } from '../setup/service';

// The SDKs' zod models, for the operations they have no function for (below). Their packages
// export subpaths that this project's TypeScript module resolution (node10) does not read.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const chainkitModels = require('@avalanche-sdk/chainkit/models/components') as {
  LookingGlassResponse$inboundSchema: { parse(value: unknown): unknown };
  LastActivityTimestamp$inboundSchema: { parse(value: unknown): unknown };
  AvaxSupplyResponse$inboundSchema: { parse(value: unknown): unknown };
  ListTransactionDetailsResponse$inboundSchema: { parse(value: unknown): unknown };
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const avacloudModels = require('@avalabs/avacloud-sdk/models/components') as {
  ListTransactionDetailsResponse$inboundSchema: { parse(value: unknown): unknown };
  ListPChainUtxosResponse$inboundSchema: { parse(value: unknown): unknown };
};

let db: Database;
let service: TestService;
let chainkit: Avalanche;
let avacloud: AvaCloudSDK;
/** Hosts the SDKs tried to reach beside this service (telemetry, their default servers): none may be. */
const elsewhere: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  // The demo data's own instant: time-dependent members (statuses, stake shares) are the same in both calls.
  service = await startTestService(db, { localSigners: [createDemoSigners()], clock: () => DEMO_NOW });
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== '127.0.0.1') {
      elsewhere.push(url.host);
      return Promise.reject(new Error(`the test allows no traffic to ${url.host}`));
    }
    return realFetch(input, init);
  }) as typeof fetch;
  chainkit = new Avalanche({ serverURL: service.base, enableTelemetry: false });
  avacloud = new AvaCloudSDK({ serverURL: service.base });
}, SEEDED_DATABASE_TIMEOUT_MS);

afterAll(async () => {
  globalThis.fetch = realFetch;
  await service?.close();
  await teardownSeeded(db);
});

/** The routes' examples (rest-facade/routes.ts): values that answer with data on the demo set. */
const example = (route: string, name: string) => restRoutes[route]!.examples![name]!;
const ex = {
  pAddress: example('Query.getBalancesByAddresses', 'addresses'),
  evmAddress: example('Query.listErc20Transactions', 'address'),
  block: example('Query.getTransactionsForBlock', 'blockId'),
  tx: example('Query.getTransaction', 'txHash'),
  node: example('Query.listPrimaryNetworkBlocksByNodeId', 'nodeId'),
  pBlock: example('Query.getBlockById', 'blockId'),
  vertex: example('Query.getVertexByHash', 'vertexHash'),
  vertexHeight: example('Query.getVertexByHeight', 'vertexHeight'),
  cChain: example('Query.getBlockchainById', 'blockchainId'),
  l1Subnet: example('Query.getSubnetById', 'subnetId'),
  avax: example('Query.getAssetDetails', 'assetId'),
  validatorNode: example('Query.getSingleValidatorDetails', 'nodeId'),
  rewardedNode: example('Query.listHistoricalPrimaryNetworkRewards', 'nodeIds'),
  nft: example('Query.getTokenDetails', 'address'),
  l1Tx: example('Query.getAggregatedSignatures', 'txHash'),
  usdc: example('Query.getAddressesByBalanceOverTime', 'address'),
  transferredToken: example('Query.listTransfers', 'address'),
  deployed: example('Query.getDeploymentTransaction', 'address'),
  message: restRoutes['Mutation.aggregateSignatures']!.bodyExample!.message as string,
  icmMessage: example('Query.getIcmMessage', 'messageId'),
  icmAddress: example('Query.listIcmMessagesByAddress', 'address'),
};

/** One call: the REST request it is, and how each SDK makes it (both return the parsed answer). */
type Call = {
  path: string;
  method?: 'POST';
  body?: unknown;
  /** The success answer has no content (the route's `noContent`). */
  noContent?: true;
  chainkit: () => Promise<unknown>;
  /**
   * `absent`: avacloud-sdk 0.13 was generated before the operation existed and has neither a
   * function nor a model of its answer; the test checks that it still has none.
   */
  avacloud: (() => Promise<unknown>) | 'absent';
};

/** The avacloud-sdk functions of the operations it lacks, where a later version would put them. */
const avacloudLacks: Record<string, () => unknown> = {
  getLastActivityTimestampByAddresses: () =>
    (avacloud.data.primaryNetwork.utxos as unknown as Record<string, unknown>).getLastActivityTimestampByAddresses,
  getLastActivityTimestampByAddressesV2: () =>
    (avacloud.data.primaryNetwork.utxos as unknown as Record<string, unknown>).getLastActivityTimestampByAddressesV2,
  getAvaxSupply: () => (avacloud as unknown as Record<string, unknown>).avaxSupply,
};

/**
 * Where a call goes: the SDKs give most operations a server of their own (the hosted Data API's,
 * or the Metrics API's), so the client-wide `serverURL` does not reach them; each call names this service.
 */
const at = () => ({ serverURL: service.base });
const metrics = at;
/** The first page of an SDK's paged call (its iterator yields pages with `result`). */
const firstPage = async (call: Promise<{ result: unknown }>) => (await call).result;

/** The operations, by operationId. */
const calls: Record<string, Call> = {
  listSubnets: {
    path: '/v1/networks/mainnet/subnets?pageSize=20',
    chainkit: () => firstPage(chainkit.data.primaryNetwork.listSubnets({ network: 'mainnet', pageSize: 20 }, at())),
    avacloud: () => firstPage(avacloud.data.primaryNetwork.listSubnets({ network: 'mainnet', pageSize: 20 }, at())),
  },
  listValidators: {
    path: '/v1/networks/mainnet/validators?pageSize=100',
    chainkit: () => firstPage(chainkit.data.primaryNetwork.listValidators({ network: 'mainnet', pageSize: 100 }, at())),
    avacloud: () => firstPage(avacloud.data.primaryNetwork.listValidators({ network: 'mainnet', pageSize: 100 }, at())),
  },
  getBalancesByAddresses: {
    path: `/v1/networks/mainnet/blockchains/x-chain/balances?addresses=${ex.pAddress}`,
    chainkit: () =>
      chainkit.data.primaryNetwork.balances.listByAddresses(
        { network: 'mainnet', blockchainId: 'x-chain', addresses: ex.pAddress },
        at(),
      ),
    avacloud: () =>
      avacloud.data.primaryNetwork.balances.listByAddresses(
        { network: 'mainnet', blockchainId: 'x-chain', addresses: ex.pAddress },
        at(),
      ),
  },
  getTxByHash: {
    path: `/v1/networks/mainnet/blockchains/p-chain/transactions/${ex.l1Tx}`,
    chainkit: () =>
      chainkit.data.primaryNetwork.transactions.get(
        { network: 'mainnet', blockchainId: 'p-chain', txHash: ex.l1Tx },
        at(),
      ),
    avacloud: () =>
      avacloud.data.primaryNetwork.transactions.get(
        { network: 'mainnet', blockchainId: 'p-chain', txHash: ex.l1Tx },
        at(),
      ),
  },
  listLatestPrimaryNetworkTransactions: {
    path: `/v1/networks/mainnet/blockchains/p-chain/transactions?addresses=${ex.pAddress}&pageSize=50`,
    chainkit: () =>
      firstPage(
        chainkit.data.primaryNetwork.transactions.listLatest(
          { network: 'mainnet', blockchainId: 'p-chain', addresses: ex.pAddress, pageSize: 50 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.primaryNetwork.transactions.listLatest(
          { network: 'mainnet', blockchainId: 'p-chain', addresses: ex.pAddress, pageSize: 50 },
          at(),
        ),
      ),
  },
  listActivePrimaryNetworkStakingTransactions: {
    path: `/v1/networks/mainnet/blockchains/p-chain/transactions:listStaking?addresses=${ex.pAddress}`,
    chainkit: () =>
      firstPage(
        chainkit.data.primaryNetwork.transactions.listActiveStakingTransactions(
          { network: 'mainnet', blockchainId: 'p-chain', addresses: ex.pAddress },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.primaryNetwork.transactions.listActiveStakingTransactions(
          { network: 'mainnet', blockchainId: 'p-chain', addresses: ex.pAddress },
          at(),
        ),
      ),
  },
  listAssetTransactions: {
    path: `/v1/networks/mainnet/blockchains/x-chain/assets/${ex.avax}/transactions?pageSize=20`,
    chainkit: () =>
      firstPage(
        chainkit.data.primaryNetwork.transactions.listAssetTransactions(
          { network: 'mainnet', blockchainId: 'x-chain', assetId: ex.avax, pageSize: 20 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.primaryNetwork.transactions.listAssetTransactions(
          { network: 'mainnet', blockchainId: 'x-chain', assetId: ex.avax, pageSize: 20 },
          at(),
        ),
      ),
  },
  getUtxosByAddresses: {
    path: `/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${ex.pAddress}&includeSpent=true&pageSize=50`,
    chainkit: () =>
      firstPage(
        chainkit.data.primaryNetwork.utxos.listByAddresses(
          { network: 'mainnet', blockchainId: 'p-chain', addresses: ex.pAddress, includeSpent: true, pageSize: 50 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.primaryNetwork.utxos.listByAddresses(
          { network: 'mainnet', blockchainId: 'p-chain', addresses: ex.pAddress, includeSpent: true, pageSize: 50 },
          at(),
        ),
      ),
  },
  listPendingPrimaryNetworkRewards: {
    path: `/v1/networks/mainnet/rewards:listPending?addresses=${ex.pAddress}`,
    chainkit: () =>
      firstPage(
        chainkit.data.primaryNetwork.rewards.listPendingRewards({ network: 'mainnet', addresses: ex.pAddress }, at()),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.primaryNetwork.rewards.listPendingRewards({ network: 'mainnet', addresses: ex.pAddress }, at()),
      ),
  },
  getSingleValidatorDetails: {
    path: `/v1/networks/mainnet/validators/${ex.validatorNode}?pageSize=100`,
    chainkit: () =>
      firstPage(
        chainkit.data.primaryNetwork.getValidatorDetails(
          { network: 'mainnet', nodeId: ex.validatorNode, pageSize: 100 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.primaryNetwork.getValidatorDetails(
          { network: 'mainnet', nodeId: ex.validatorNode, pageSize: 100 },
          at(),
        ),
      ),
  },
  listDelegators: {
    path: '/v1/networks/mainnet/delegators?pageSize=100',
    chainkit: () => firstPage(chainkit.data.primaryNetwork.listDelegators({ network: 'mainnet', pageSize: 100 }, at())),
    avacloud: () => firstPage(avacloud.data.primaryNetwork.listDelegators({ network: 'mainnet', pageSize: 100 }, at())),
  },
  listL1Validators: {
    path: '/v1/networks/mainnet/l1Validators?includeInactiveL1Validators=true&pageSize=100',
    chainkit: () =>
      firstPage(
        chainkit.data.primaryNetwork.listL1Validators(
          { network: 'mainnet', includeInactiveL1Validators: true, pageSize: 100 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.primaryNetwork.listL1Validators(
          { network: 'mainnet', includeInactiveL1Validators: true, pageSize: 100 },
          at(),
        ),
      ),
  },
  listHistoricalPrimaryNetworkRewards: {
    path: `/v1/networks/mainnet/rewards?nodeIds=${ex.rewardedNode}&currency=eur`,
    chainkit: () =>
      firstPage(
        chainkit.data.primaryNetwork.rewards.listHistoricalRewards(
          { network: 'mainnet', nodeIds: ex.rewardedNode, currency: 'eur' },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.primaryNetwork.rewards.listHistoricalRewards(
          { network: 'mainnet', nodeIds: ex.rewardedNode, currency: 'eur' },
          at(),
        ),
      ),
  },
  listPrimaryNetworkBlocksByNodeId: {
    path: `/v1/networks/mainnet/blockchains/p-chain/nodes/${ex.node}/blocks`,
    chainkit: () =>
      firstPage(
        chainkit.data.primaryNetwork.blocks.listByNodeId(
          { network: 'mainnet', blockchainId: 'p-chain', nodeId: ex.node },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.primaryNetwork.blocks.listByNodeId(
          { network: 'mainnet', blockchainId: 'p-chain', nodeId: ex.node },
          at(),
        ),
      ),
  },
  listLatestXChainVertices: {
    path: '/v1/networks/mainnet/blockchains/x-chain/vertices',
    chainkit: () =>
      firstPage(
        chainkit.data.primaryNetwork.vertices.listLatest({ network: 'mainnet', blockchainId: 'x-chain' }, at()),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.primaryNetwork.vertices.listLatest({ network: 'mainnet', blockchainId: 'x-chain' }, at()),
      ),
  },
  getBlockById: {
    path: `/v1/networks/mainnet/blockchains/p-chain/blocks/${ex.pBlock}`,
    chainkit: () =>
      chainkit.data.primaryNetwork.blocks.get(
        { network: 'mainnet', blockchainId: 'p-chain', blockId: ex.pBlock },
        at(),
      ),
    avacloud: () =>
      avacloud.data.primaryNetwork.blocks.get(
        { network: 'mainnet', blockchainId: 'p-chain', blockId: ex.pBlock },
        at(),
      ),
  },
  listLatestPrimaryNetworkBlocks: {
    path: '/v1/networks/mainnet/blockchains/p-chain/blocks',
    chainkit: () =>
      firstPage(chainkit.data.primaryNetwork.blocks.listLatest({ network: 'mainnet', blockchainId: 'p-chain' }, at())),
    avacloud: () =>
      firstPage(avacloud.data.primaryNetwork.blocks.listLatest({ network: 'mainnet', blockchainId: 'p-chain' }, at())),
  },
  getVertexByHash: {
    path: `/v1/networks/mainnet/blockchains/x-chain/vertices/${ex.vertex}`,
    chainkit: () =>
      chainkit.data.primaryNetwork.vertices.getByHash(
        { network: 'mainnet', blockchainId: 'x-chain', vertexHash: ex.vertex },
        at(),
      ),
    avacloud: () =>
      avacloud.data.primaryNetwork.vertices.getByHash(
        { network: 'mainnet', blockchainId: 'x-chain', vertexHash: ex.vertex },
        at(),
      ),
  },
  getVertexByHeight: {
    path: `/v1/networks/mainnet/blockchains/x-chain/vertices:listByHeight?vertexHeight=${ex.vertexHeight}`,
    chainkit: () =>
      firstPage(
        chainkit.data.primaryNetwork.vertices.listByHeight(
          { network: 'mainnet', blockchainId: 'x-chain', vertexHeight: Number(ex.vertexHeight) },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.primaryNetwork.vertices.listByHeight(
          { network: 'mainnet', blockchainId: 'x-chain', vertexHeight: Number(ex.vertexHeight) },
          at(),
        ),
      ),
  },
  getNetworkDetails: {
    path: '/v1/networks/mainnet',
    chainkit: () => chainkit.data.primaryNetwork.getNetworkDetails({ network: 'mainnet' }, at()),
    avacloud: () => avacloud.data.primaryNetwork.getNetworkDetails({ network: 'mainnet' }, at()),
  },
  listBlockchains: {
    path: '/v1/networks/mainnet/blockchains',
    chainkit: () => firstPage(chainkit.data.primaryNetwork.listBlockchains({ network: 'mainnet' }, at())),
    avacloud: () => firstPage(avacloud.data.primaryNetwork.listBlockchains({ network: 'mainnet' }, at())),
  },
  getBlockchainById: {
    path: `/v1/networks/mainnet/blockchains/${ex.cChain}`,
    chainkit: () =>
      chainkit.data.primaryNetwork.getBlockchainById({ network: 'mainnet', blockchainId: ex.cChain }, at()),
    avacloud: () =>
      avacloud.data.primaryNetwork.getBlockchainById({ network: 'mainnet', blockchainId: ex.cChain }, at()),
  },
  getSubnetById: {
    path: `/v1/networks/mainnet/subnets/${ex.l1Subnet}`,
    chainkit: () => chainkit.data.primaryNetwork.getSubnetById({ network: 'mainnet', subnetId: ex.l1Subnet }, at()),
    avacloud: () => avacloud.data.primaryNetwork.getSubnetById({ network: 'mainnet', subnetId: ex.l1Subnet }, at()),
  },
  getAssetDetails: {
    path: `/v1/networks/mainnet/blockchains/x-chain/assets/${ex.avax}`,
    chainkit: () =>
      chainkit.data.primaryNetwork.getAssetDetails(
        { network: 'mainnet', blockchainId: 'x-chain', assetId: ex.avax },
        at(),
      ),
    avacloud: () =>
      avacloud.data.primaryNetwork.getAssetDetails(
        { network: 'mainnet', blockchainId: 'x-chain', assetId: ex.avax },
        at(),
      ),
  },
  getChainIdsForAddresses: {
    path: `/v1/networks/mainnet/addresses:listChainIds?addresses=${ex.pAddress}`,
    chainkit: () =>
      chainkit.data.primaryNetwork.getChainIdsForAddresses({ network: 'mainnet', addresses: ex.pAddress }, at()),
    avacloud: () =>
      avacloud.data.primaryNetwork.getChainIdsForAddresses({ network: 'mainnet', addresses: ex.pAddress }, at()),
  },
  listErc721Transactions: {
    path: `/v1/chains/43114/addresses/${ex.evmAddress}/transactions:listErc721?pageSize=100`,
    chainkit: () =>
      firstPage(
        chainkit.data.evm.address.transactions.listErc721(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.address.transactions.listErc721(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
  },
  listErc1155Transactions: {
    path: `/v1/chains/43114/addresses/${ex.evmAddress}/transactions:listErc1155?pageSize=100`,
    chainkit: () =>
      firstPage(
        chainkit.data.evm.address.transactions.listErc1155(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.address.transactions.listErc1155(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
  },
  listErc20Transactions: {
    path: `/v1/chains/43114/addresses/${ex.evmAddress}/transactions:listErc20?pageSize=100`,
    chainkit: () =>
      firstPage(
        chainkit.data.evm.address.transactions.listErc20(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.address.transactions.listErc20(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
  },
  listInternalTransactions: {
    path: `/v1/chains/43114/addresses/${ex.evmAddress}/transactions:listInternals?pageSize=100`,
    chainkit: () =>
      firstPage(
        chainkit.data.evm.address.transactions.listInternal(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.address.transactions.listInternal(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
  },
  listTransactions: {
    path: `/v1/chains/43114/addresses/${ex.evmAddress}/transactions?pageSize=100&sortOrder=asc`,
    chainkit: () =>
      firstPage(
        chainkit.data.evm.address.transactions.list(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100, sortOrder: 'asc' },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.address.transactions.list(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100, sortOrder: 'asc' },
          at(),
        ),
      ),
  },
  listTransactionsV2: {
    path: `/v2/chains/43114/addresses/${ex.evmAddress}/transactions?pageSize=100&filterSpamTokens=false`,
    // Neither SDK has a function or a model for v2, which adds tokenReputation to v1's ERC-20
    // tokens: each SDK's v1 model parses the v2 answer.
    chainkit: async () =>
      chainkitModels.ListTransactionDetailsResponse$inboundSchema.parse(
        (
          await service.request(
            `/v2/chains/43114/addresses/${ex.evmAddress}/transactions?pageSize=100&filterSpamTokens=false`,
          )
        ).body,
      ),
    avacloud: async () =>
      avacloudModels.ListTransactionDetailsResponse$inboundSchema.parse(
        (
          await service.request(
            `/v2/chains/43114/addresses/${ex.evmAddress}/transactions?pageSize=100&filterSpamTokens=false`,
          )
        ).body,
      ),
  },
  listNativeTransactions: {
    path: `/v1/chains/43114/addresses/${ex.evmAddress}/transactions:listNative?pageSize=100`,
    chainkit: () =>
      firstPage(
        chainkit.data.evm.address.transactions.listNative(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.address.transactions.listNative(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
  },
  listErc20Balances: {
    path: `/v1/chains/43114/addresses/${ex.evmAddress}/balances:listErc20?pageSize=100`,
    chainkit: () =>
      firstPage(
        chainkit.data.evm.address.balances.listErc20({ chainId: '43114', address: ex.evmAddress, pageSize: 100 }, at()),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.address.balances.listErc20({ chainId: '43114', address: ex.evmAddress, pageSize: 100 }, at()),
      ),
  },
  getNativeBalance: {
    path: `/v1/chains/43114/addresses/${ex.evmAddress}/balances:getNative?currency=eur`,
    chainkit: () =>
      chainkit.data.evm.address.balances.getNative({ chainId: '43114', address: ex.evmAddress, currency: 'eur' }, at()),
    avacloud: () =>
      avacloud.data.evm.address.balances.getNative({ chainId: '43114', address: ex.evmAddress, currency: 'eur' }, at()),
  },
  listErc721Balances: {
    path: `/v1/chains/43114/addresses/${ex.evmAddress}/balances:listErc721?pageSize=100`,
    chainkit: () =>
      firstPage(
        chainkit.data.evm.address.balances.listErc721(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.address.balances.listErc721(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
  },
  listErc1155Balances: {
    path: `/v1/chains/43114/addresses/${ex.evmAddress}/balances:listErc1155?pageSize=100`,
    chainkit: () =>
      firstPage(
        chainkit.data.evm.address.balances.listErc1155(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.address.balances.listErc1155(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
  },
  listCollectibleBalances: {
    path: `/v1/chains/43114/addresses/${ex.evmAddress}/balances:listCollectibles?pageSize=100`,
    chainkit: () =>
      firstPage(
        chainkit.data.evm.address.balances.listCollectibles(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.address.balances.listCollectibles(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
  },
  getTransactionsForBlock: {
    path: `/v1/chains/43114/blocks/${ex.block}/transactions`,
    chainkit: () => chainkit.data.evm.blocks.listTransactions({ chainId: '43114', blockId: ex.block }, at()),
    avacloud: () => avacloud.data.evm.blocks.listTransactions({ chainId: '43114', blockId: ex.block }, at()),
  },
  listContractDeployments: {
    path: `/v1/chains/43114/contracts/${ex.evmAddress}/deployments?pageSize=100`,
    chainkit: () =>
      firstPage(
        chainkit.data.evm.address.contracts.listDeployments(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.address.contracts.listDeployments(
          { chainId: '43114', address: ex.evmAddress, pageSize: 100 },
          at(),
        ),
      ),
  },
  getTransaction: {
    path: `/v1/chains/43114/transactions/${ex.tx}`,
    chainkit: () => chainkit.data.evm.transactions.get({ chainId: '43114', txHash: ex.tx }, at()),
    avacloud: () => avacloud.data.evm.transactions.get({ chainId: '43114', txHash: ex.tx }, at()),
  },
  supportedChains: {
    path: '/v1/chains?network=mainnet&feature=teleporter',
    chainkit: () => chainkit.data.evm.chains.list({ network: 'mainnet', feature: 'teleporter' }, at()),
    avacloud: () => avacloud.data.evm.chains.list({ network: 'mainnet', feature: 'teleporter' }, at()),
  },
  getChainInfo: {
    path: '/v1/chains/43114',
    chainkit: () => chainkit.data.evm.chains.get({ chainId: '43114' }, at()),
    avacloud: () => avacloud.data.evm.chains.get({ chainId: '43114' }, at()),
  },
  listAddressChains: {
    path: `/v1/address/${ex.evmAddress}/chains`,
    chainkit: () => chainkit.data.evm.address.chains.list({ address: ex.evmAddress }, at()),
    avacloud: () => avacloud.data.evm.address.chains.list({ address: ex.evmAddress }, at()),
  },
  getLatestBlocks: {
    path: '/v1/chains/43114/blocks?pageSize=20',
    chainkit: () => firstPage(chainkit.data.evm.blocks.listLatest({ chainId: '43114', pageSize: 20 }, at())),
    avacloud: () => firstPage(avacloud.data.evm.blocks.listLatest({ chainId: '43114', pageSize: 20 }, at())),
  },
  getBlock: {
    path: `/v1/chains/43114/blocks/${ex.block}`,
    chainkit: () => chainkit.data.evm.blocks.get({ chainId: '43114', blockId: ex.block }, at()),
    avacloud: () => avacloud.data.evm.blocks.get({ chainId: '43114', blockId: ex.block }, at()),
  },
  listLatestBlocksAllChains: {
    path: '/v1/blocks?network=testnet&pageSize=20',
    chainkit: () => firstPage(chainkit.data.evm.blocks.listLatestAllChains({ network: 'testnet', pageSize: 20 }, at())),
    avacloud: () => firstPage(avacloud.data.evm.blocks.listLatestAllChains({ network: 'testnet', pageSize: 20 }, at())),
  },
  getIcmMessage: {
    path: `/v1/icm/messages/${ex.icmMessage}`,
    chainkit: () => chainkit.data.icm.get({ messageId: ex.icmMessage }, at()),
    avacloud: () => avacloud.data.icm.get({ messageId: ex.icmMessage }, at()),
  },
  listIcmMessages: {
    path: '/v1/icm/messages?network=mainnet&pageSize=100',
    chainkit: () => firstPage(chainkit.data.icm.list({ network: 'mainnet', pageSize: 100 }, at())),
    avacloud: () => firstPage(avacloud.data.icm.list({ network: 'mainnet', pageSize: 100 }, at())),
  },
  listIcmMessagesByAddress: {
    path: `/v1/icm/addresses/${ex.icmAddress}/messages?pageSize=100`,
    chainkit: () => chainkit.data.icm.listByAddress({ address: ex.icmAddress, pageSize: 100 }, at()),
    avacloud: () => avacloud.data.icm.listByAddress({ address: ex.icmAddress, pageSize: 100 }, at()),
  },
  listLatestTransactions: {
    path: '/v1/chains/43114/transactions?pageSize=100',
    chainkit: () => firstPage(chainkit.data.evm.transactions.listLatest({ chainId: '43114', pageSize: 100 }, at())),
    avacloud: () => firstPage(avacloud.data.evm.transactions.listLatest({ chainId: '43114', pageSize: 100 }, at())),
  },
  listLatestTransactionsAllChains: {
    path: '/v1/transactions?network=mainnet&status=failed&pageSize=50',
    chainkit: () =>
      firstPage(
        chainkit.data.evm.transactions.listLatestAllChains(
          { network: 'mainnet', status: 'failed', pageSize: 50 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.transactions.listLatestAllChains(
          { network: 'mainnet', status: 'failed', pageSize: 50 },
          at(),
        ),
      ),
  },
  listTransfers: {
    path: `/v1/chains/43114/tokens/${ex.transferredToken}/transfers?pageSize=100`,
    chainkit: () =>
      firstPage(
        chainkit.data.evm.contracts.listTransfers(
          { chainId: '43114', address: ex.transferredToken, pageSize: 100 },
          at(),
        ),
      ),
    avacloud: () =>
      firstPage(
        avacloud.data.evm.contracts.listTransfers(
          { chainId: '43114', address: ex.transferredToken, pageSize: 100 },
          at(),
        ),
      ),
  },
  getDeploymentTransaction: {
    path: `/v1/chains/43114/contracts/${ex.deployed}/transactions:getDeployment?currency=eur`,
    chainkit: () =>
      chainkit.data.evm.contracts.getDeploymentTransaction(
        { chainId: '43114', address: ex.deployed, currency: 'eur' },
        at(),
      ),
    avacloud: () =>
      avacloud.data.evm.contracts.getDeploymentTransaction(
        { chainId: '43114', address: ex.deployed, currency: 'eur' },
        at(),
      ),
  },
  getTokenDetails: {
    path: `/v1/chains/43114/nfts/collections/${ex.nft}/tokens/0`,
    chainkit: () => chainkit.data.nfts.get({ chainId: '43114', address: ex.nft, tokenId: '0' }, at()),
    avacloud: () => avacloud.data.nfts.get({ chainId: '43114', address: ex.nft, tokenId: '0' }, at()),
  },
  getContractMetadata: {
    path: `/v1/chains/43114/addresses/${ex.usdc}`,
    chainkit: () => chainkit.data.evm.contracts.getMetadata({ chainId: '43114', address: ex.usdc }, at()),
    avacloud: () => avacloud.data.evm.contracts.getMetadata({ chainId: '43114', address: ex.usdc }, at()),
  },
  listTokens: {
    path: `/v1/chains/43114/nfts/collections/${ex.nft}/tokens?pageSize=100`,
    chainkit: () => firstPage(chainkit.data.nfts.list({ chainId: '43114', address: ex.nft, pageSize: 100 }, at())),
    avacloud: () => firstPage(avacloud.data.nfts.list({ chainId: '43114', address: ex.nft, pageSize: 100 }, at())),
  },
  // No content: the SDKs resolve to nothing. Each SDK reindexes its own token (one request an hour per token).
  reindexNft: {
    path: `/v1/chains/43114/nfts/collections/${ex.nft}/tokens/1:reindex`,
    method: 'POST',
    noContent: true,
    chainkit: () => chainkit.data.nfts.reindex({ chainId: '43114', address: ex.nft, tokenId: '2' }, at()),
    avacloud: () => avacloud.data.nfts.reindex({ chainId: '43114', address: ex.nft, tokenId: '3' }, at()),
  },
  aggregateSignatures: {
    path: '/v1/signatureAggregator/mainnet/aggregateSignatures',
    method: 'POST',
    body: { message: ex.message },
    chainkit: () =>
      chainkit.data.signatureAggregator.aggregate(
        { network: 'mainnet', signatureAggregatorRequest: { message: ex.message } },
        at(),
      ),
    avacloud: () =>
      avacloud.data.signatureAggregator.aggregate(
        { network: 'mainnet', signatureAggregatorRequest: { message: ex.message } },
        at(),
      ),
  },
  getAggregatedSignatures: {
    path: `/v1/signatureAggregator/mainnet/aggregateSignatures/${ex.l1Tx}`,
    chainkit: () => chainkit.data.signatureAggregator.get({ network: 'mainnet', txHash: ex.l1Tx }, at()),
    avacloud: () => avacloud.data.signatureAggregator.get({ network: 'mainnet', txHash: ex.l1Tx }, at()),
  },
  getEvmChainMetrics: {
    path: '/v2/chains/43114/metrics/txCount?pageSize=30',
    // The metrics operations have a server of their own in the SDKs: it is given per call.
    chainkit: () =>
      firstPage(chainkit.metrics.chains.getMetrics({ chainId: '43114', metric: 'txCount', pageSize: 30 }, metrics())),
    avacloud: () =>
      firstPage(avacloud.metrics.chains.getMetrics({ chainId: '43114', metric: 'txCount', pageSize: 30 }, metrics())),
  },
  getUtxosByAddressesV2: {
    path: '/v1/networks/mainnet/blockchains/p-chain/utxos?includeSpent=true&pageSize=50',
    method: 'POST',
    body: { addresses: ex.pAddress },
    chainkit: () =>
      firstPage(
        chainkit.data.primaryNetwork.utxos.listByAddressesV2(
          {
            network: 'mainnet',
            blockchainId: 'p-chain',
            includeSpent: true,
            pageSize: 50,
            primaryNetworkAddressesBodyDto: { addresses: ex.pAddress },
          },
          at(),
        ),
      ),
    // avacloud-sdk 0.13 has no function for the POST form; its model of the GET form's answer parses it.
    avacloud: async () =>
      avacloudModels.ListPChainUtxosResponse$inboundSchema.parse(
        (
          await service.request('/v1/networks/mainnet/blockchains/p-chain/utxos?includeSpent=true&pageSize=50', {
            method: 'POST',
            body: { addresses: ex.pAddress },
          })
        ).body,
      ),
  },
  getLastActivityTimestampByAddresses: {
    path: `/v1/networks/mainnet/blockchains/p-chain/lastActivityTimestampByAddresses?addresses=${ex.pAddress}`,
    chainkit: () =>
      chainkit.data.primaryNetwork.utxos.getLastActivityTimestampByAddresses(
        { network: 'mainnet', blockchainId: 'p-chain', addresses: ex.pAddress },
        at(),
      ),
    avacloud: 'absent',
  },
  getLastActivityTimestampByAddressesV2: {
    path: '/v1/networks/mainnet/blockchains/p-chain/lastActivityTimestampByAddresses',
    method: 'POST',
    body: { addresses: ex.pAddress },
    chainkit: () =>
      chainkit.data.primaryNetwork.utxos.getLastActivityTimestampByAddressesV2(
        { network: 'mainnet', blockchainId: 'p-chain', primaryNetworkAddressesBodyDto: { addresses: ex.pAddress } },
        at(),
      ),
    avacloud: 'absent',
  },
  getAvaxSupply: {
    path: '/v1/avax/supply',
    chainkit: () => chainkit.avaxSupply.get(at()),
    avacloud: 'absent',
  },
  getAddressesByBalanceOverTime: {
    path: `/v2/chains/43114/contracts/${ex.usdc}/balances?threshold=100000000&pageSize=50`,
    // chainkit has no function for this operation; its own model of the answer parses it.
    chainkit: async () =>
      chainkitModels.LookingGlassResponse$inboundSchema.parse(
        (await service.request(`/v2/chains/43114/contracts/${ex.usdc}/balances?threshold=100000000&pageSize=50`)).body,
      ),
    avacloud: () =>
      firstPage(
        avacloud.metrics.chains.listTokenHoldersAboveThreshold(
          { chainId: '43114', address: ex.usdc, threshold: '100000000', pageSize: 50 },
          metrics(),
        ),
      ),
  },
};

/** Whether every value the SDK handed back is the service's (members it has no model for aside). */
function sameValues(parsed: unknown, answered: unknown): boolean {
  if (Array.isArray(parsed))
    return (
      Array.isArray(answered) &&
      parsed.length === answered.length &&
      parsed.every((item, i) => sameValues(item, answered[i]))
    );
  if (parsed !== null && typeof parsed === 'object') {
    if (answered === null || typeof answered !== 'object') return false;
    return Object.entries(parsed).every(
      ([key, value]) => value === undefined || sameValues(value, (answered as Record<string, unknown>)[key]),
    );
  }
  return parsed === answered;
}

/**
 * Where an SDK refuses what the current official document allows: avacloud-sdk 0.13.0 was
 * generated from an earlier document that required `evmChainId` on every blockchain; the current
 * one (and chainkit) lets a non-EVM chain (a custom VM without EVM genesis) have none, as the
 * hosted API answers it. Its refusal must be that and nothing else.
 */
const sdkDefects: Partial<
  Record<'chainkit' | 'avacloud', Record<string, (issues: { path: (string | number)[] }[], answered: any) => void>>
> = {
  avacloud: {
    listSubnets: (issues, answered) => {
      const withoutEvmId = answered.subnets.flatMap((subnet: any, i: number) =>
        subnet.blockchains.flatMap((chain: any, j: number) =>
          chain.evmChainId === undefined ? [`Result.subnets.${i}.blockchains.${j}.evmChainId`] : [],
        ),
      );
      expect(withoutEvmId.length).toBeGreaterThan(0);
      expect(issues.map((issue) => issue.path.join('.')).sort()).toEqual(withoutEvmId.sort());
    },
    listBlockchains: (issues, answered) => {
      const withoutEvmId = answered.blockchains.flatMap((chain: any, i: number) =>
        chain.evmChainId === undefined ? [`Result.blockchains.${i}.evmChainId`] : [],
      );
      expect(withoutEvmId.length).toBeGreaterThan(0);
      expect(issues.map((issue) => issue.path.join('.')).sort()).toEqual(withoutEvmId.sort());
    },
  },
};

/**
 * Operations whose official answer is a `oneOf` the chain decides, called again on the C-Chain
 * (its atomic import and export transactions, by a transaction of the demo data of that type).
 */
const chainVariants: Record<string, { operationId: string; txType: string; call: (txHash: string) => Call }> = {
  'getTxByHash of a C-Chain ImportTx (CChainImportTransaction)': {
    operationId: 'getTxByHash',
    txType: 'ImportTx',
    call: (txHash) => cChainTransaction(txHash),
  },
  'getTxByHash of a C-Chain ExportTx (CChainExportTransaction)': {
    operationId: 'getTxByHash',
    txType: 'ExportTx',
    call: (txHash) => cChainTransaction(txHash),
  },
  'listLatestPrimaryNetworkTransactions on the C-Chain (ListCChainAtomicTransactionsResponse)': {
    operationId: 'listLatestPrimaryNetworkTransactions',
    txType: 'ExportTx',
    call: () => ({
      path: '/v1/networks/mainnet/blockchains/c-chain/transactions?pageSize=100',
      chainkit: () =>
        firstPage(
          chainkit.data.primaryNetwork.transactions.listLatest(
            { network: 'mainnet', blockchainId: 'c-chain', pageSize: 100 },
            at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          avacloud.data.primaryNetwork.transactions.listLatest(
            { network: 'mainnet', blockchainId: 'c-chain', pageSize: 100 },
            at(),
          ),
        ),
    }),
  },
};

/** getTxByHash of a C-Chain transaction through each SDK. */
function cChainTransaction(txHash: string): Call {
  return {
    path: `/v1/networks/mainnet/blockchains/c-chain/transactions/${txHash}`,
    chainkit: () =>
      chainkit.data.primaryNetwork.transactions.get({ network: 'mainnet', blockchainId: 'c-chain', txHash }, at()),
    avacloud: () =>
      avacloud.data.primaryNetwork.transactions.get({ network: 'mainnet', blockchainId: 'c-chain', txHash }, at()),
  };
}

describe.each(['chainkit', 'avacloud'] as const)('the official SDK %s', (sdk) => {
  it('covers every operation this service serves', () => {
    expect(Object.keys(calls).sort()).toEqual(
      Object.keys(restRoutes)
        .map((key) => key.split('.')[1])
        .sort(),
    );
  });

  it.each(Object.keys(calls))('accepts %s and hands back what the service answered', (operationId) =>
    checkCall(sdk, operationId, calls[operationId]!),
  );

  it.each(Object.keys(chainVariants))('accepts %s and hands back what the service answered', async (label) => {
    const variant = chainVariants[label]!;
    const [row] = await db.query<{ tx_hash: string }>(
      `SELECT tx_hash FROM primary_network_transaction WHERE network = 'mainnet' AND blockchain_id = $1 AND tx_type = $2
       ORDER BY tx_hash LIMIT 1`,
      [ex.cChain, variant.txType],
    );
    expect(row).toBeDefined();
    await checkCall(sdk, variant.operationId, variant.call(row!.tx_hash));
  });

  it('reaches no host but this service (no telemetry)', () => {
    expect(elsewhere).toEqual([]);
  });
});

/**
 * One call through one SDK: what the SDK hands back is what the service answered, or (a known
 * defect of the SDK) the refusal is exactly that defect, or (an operation the SDK lacks) it has none.
 */
async function checkCall(sdk: 'chainkit' | 'avacloud', operationId: string, call: Call): Promise<void> {
  const run = call[sdk];
  if (run === 'absent') {
    expect({ operationId, inSdk: avacloudLacks[operationId]?.() }).toEqual({ operationId, inSdk: undefined });
    return;
  }
  const defect = sdkDefects[sdk]?.[operationId];
  if (defect) {
    const answered = await service.request(call.path);
    const error = await run().then(
      () => null,
      (refusal: { name: string; cause?: { issues: { path: (string | number)[] }[] } }) => refusal,
    );
    expect(error?.name).toBe('ResponseValidationError');
    defect(error!.cause!.issues, answered.body);
    return;
  }
  if (call.noContent) {
    // The SDK's own request is the one answered: it resolves only on the success status.
    expect(await run()).toBeUndefined();
    const again = await run().then(
      () => null,
      (refusal: { name: string }) => refusal.name,
    );
    // Its second request within the hour is refused, as the official 429 each SDK models (under its own name).
    expect(again).toBe({ chainkit: 'TooManyRequestsError', avacloud: 'TooManyRequests' }[sdk]);
    return;
  }
  const answered = await service.request(call.path, call.method ? { method: call.method, body: call.body } : {});
  expect(answered.status).toBe(
    restRoutes[Object.keys(restRoutes).find((key) => key.endsWith(`.${operationId}`))!]!.responseStatus ?? 200,
  );
  const parsed = await run();
  expect(parsed).toBeDefined();
  expect({ operationId, same: sameValues(JSON.parse(JSON.stringify(parsed)), answered.body) }).toEqual({
    operationId,
    same: true,
  });
}
