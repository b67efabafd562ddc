// Every served operation through the clients users of the hosted API already run, the official
// TypeScript SDKs (support/officialSdks.ts), on the demo data. The primary network's and the EVM
// operations are the shared calls (support/primaryNetworkCalls.ts, support/evmCalls.ts) that the
// tests on an indexed fake avalanchego node and an indexed anvil chain make too; ICM, the
// signature aggregator, the metrics, the supply and the webhooks (support/webhookCalls.ts) are called
// here alone. Both SDKs send an API key (the webhooks are a key's own); keys stay optional elsewhere.
import type { Database } from '../../prisma/database';
import { DEMO_NOW } from '../../demo-data';
import { createDemoSigners } from '../../demo-data/demoSigners';
import { healthOperations } from '../../rest-facade/healthOperations';
import { restRoutes } from '../../rest-facade/routes';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../setup/seededDatabase';
import { startTestService, type TestService } from '../setup/service';
import { unlimitedAccess } from '../../server/access/accessControl';
import { webhookCalls, type WebhookValues } from './support/webhookCalls';
import { exportCalls, type ExportValues } from './support/exportCalls';
import { officialOperationIds } from './support/officialOperationIds';
import { evmCalls } from './support/evmCalls';
import { latestTransactions, primaryNetworkCalls, transactionByHash } from './support/primaryNetworkCalls';
import { type Call, checkCall, connectOfficialSdks, firstPage, type OfficialSdks } from './support/officialSdks';

// The SDKs' zod models, for the operations they have no function for (below). Their packages
// export subpaths that this project's TypeScript module resolution (node10) does not read.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const chainkitModels = require('@avalanche-sdk/chainkit/models/components') as {
  LookingGlassResponse$inboundSchema: { parse(value: unknown): unknown };
  RpcMetrics$inboundSchema: { parse(value: unknown): unknown };
};
// chainkit has neither a function nor a model for the NFT holders and the composite queries, and
// neither SDK a function for compositeQueryV1 (the document hides it from generators): avacloud-sdk's
// models of their answers parse them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const avacloudModels = require('@avalabs/avacloud-sdk/models/components') as {
  NftHoldersResponse$inboundSchema: { parse(value: unknown): unknown };
  CompositeQueryResponse$inboundSchema: { parse(value: unknown): unknown };
};

let db: Database;
let service: TestService;
/** Filled once the service runs; the calls below read it when they are made. */
const sdks = {} as OfficialSdks;
/** The key both SDKs send, and the webhook of that key the webhook calls act on (made below). */
const sdkKey = 'ads_official-sdk-contract-key';
const webhookValues = {} as WebhookValues;
/** A finished transaction export of that key (stored below). */
const exportValues = {} as ExportValues;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  // The demo data's own instant: time-dependent members (statuses, stake shares) are the same in both calls.
  service = await startTestService(db, {
    localSigners: [createDemoSigners()],
    clock: () => DEMO_NOW,
    access: { ...unlimitedAccess, apiKeys: [sdkKey], apiKeyRequired: false },
    usage: {},
  });
  Object.assign(sdks, connectOfficialSdks(service, sdkKey));
  // The key's node RPC calls, the C-Chain's and a subnet chain's: what the usage calls read (their
  // own requests are API requests, which the calls leave out, so both of a call's answers agree).
  const [subnetChain] = await db.query<{ blockchain_id: string }>(
    "SELECT blockchain_id FROM evm_chain WHERE network = 'mainnet' AND chain_id <> 43114 ORDER BY chain_id LIMIT 1",
  );
  for (const chain of ['C', subnetChain!.blockchain_id])
    await fetch(`${service.base}/ext/bc/${chain}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sdks.headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
  const made = await service.request('/v1/webhooks', {
    method: 'POST',
    headers: sdks.headers,
    body: {
      eventType: 'address_activity',
      url: 'https://receiver.example.com/demo',
      chainId: '43114',
      metadata: { addresses: [ex.usdc] },
    },
  });
  Object.assign(webhookValues, { webhookId: made.body.id, chainId: '43114', address: ex.usdc, added: ex.evmAddress });
  // A truncated export of the key (config-1), as a worker leaves it: every metadata member set.
  const operationId = 'c0000000-0000-4000-8000-000000000001';
  await db.query(
    `INSERT INTO transaction_export (id, owner_key_id, operation_type, request, status, message, code, next_date, download_token, expires_at)
     VALUES ($1, 'config-1', 'TRANSACTION_EXPORT_EVM', '{}', 'COMPLETED_WITH_WARNING', '100000 transactions exported',
             'WarnTruncatedExport', '2024-06-01', 'sdk-token', now() + interval '1 day')`,
    [operationId],
  );
  Object.assign(exportValues, { operationId, address: ex.evmAddress });
}, SEEDED_DATABASE_TIMEOUT_MS);

afterAll(async () => {
  sdks.release?.();
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
  primaryNetwork: example('Query.getValidatorsByDateRange', 'subnetId'),
  nftCollection: example('Query.getNftHoldersByContractAddress', 'address'),
  compositeQuery: restRoutes['Query.compositeQueryV2']!.bodyExample!,
  transferredToken: example('Query.listTransfers', 'address'),
  deployed: example('Query.getDeploymentTransaction', 'address'),
  message: restRoutes['Mutation.aggregateSignatures']!.bodyExample!.message as string,
  icmMessage: example('Query.getIcmMessage', 'messageId'),
  icmAddress: example('Query.listIcmMessagesByAddress', 'address'),
  l1Validation: example('Query.getMetricsByValidationId', 'l1ValidationId'),
  l1Node: example('Query.getMetricsByNodeId', 'nodeId'),
};

const at = () => sdks.at();
const metrics = at;

/** The operations, by operationId. */
const calls: Record<string, Call> = {
  ...primaryNetworkCalls(sdks, 'mainnet', {
    pAddress: ex.pAddress,
    pTx: ex.l1Tx,
    node: ex.node,
    validatorNode: ex.validatorNode,
    rewardedNode: ex.rewardedNode,
    asset: ex.avax,
    pBlock: ex.pBlock,
    vertex: ex.vertex,
    vertexHeight: ex.vertexHeight,
    blockchain: ex.cChain,
    subnet: ex.l1Subnet,
  }),
  ...evmCalls(sdks, '43114', 'mainnet', {
    address: ex.evmAddress,
    block: ex.block,
    tx: ex.tx,
    nft: ex.nft,
    nftTokenId: '0',
    reindexTokenIds: { chainkit: '2', avacloud: '3' },
    contract: ex.usdc,
    token: ex.transferredToken,
    deployed: ex.deployed,
  }),
  getIcmMessage: {
    path: `/v1/icm/messages/${ex.icmMessage}`,
    chainkit: () => sdks.chainkit.data.icm.get({ messageId: ex.icmMessage }, at()),
    avacloud: () => sdks.avacloud.data.icm.get({ messageId: ex.icmMessage }, at()),
  },
  listIcmMessages: {
    path: '/v1/icm/messages?network=mainnet&pageSize=100',
    chainkit: () => firstPage(sdks.chainkit.data.icm.list({ network: 'mainnet', pageSize: 100 }, at())),
    avacloud: () => firstPage(sdks.avacloud.data.icm.list({ network: 'mainnet', pageSize: 100 }, at())),
  },
  listIcmMessagesByAddress: {
    path: `/v1/icm/addresses/${ex.icmAddress}/messages?pageSize=100`,
    chainkit: () => sdks.chainkit.data.icm.listByAddress({ address: ex.icmAddress, pageSize: 100 }, at()),
    avacloud: () => sdks.avacloud.data.icm.listByAddress({ address: ex.icmAddress, pageSize: 100 }, at()),
  },
  aggregateSignatures: {
    path: '/v1/signatureAggregator/mainnet/aggregateSignatures',
    method: 'POST',
    body: { message: ex.message },
    chainkit: () =>
      sdks.chainkit.data.signatureAggregator.aggregate(
        { network: 'mainnet', signatureAggregatorRequest: { message: ex.message } },
        at(),
      ),
    avacloud: () =>
      sdks.avacloud.data.signatureAggregator.aggregate(
        { network: 'mainnet', signatureAggregatorRequest: { message: ex.message } },
        at(),
      ),
  },
  getAggregatedSignatures: {
    path: `/v1/signatureAggregator/mainnet/aggregateSignatures/${ex.l1Tx}`,
    chainkit: () => sdks.chainkit.data.signatureAggregator.get({ network: 'mainnet', txHash: ex.l1Tx }, at()),
    avacloud: () => sdks.avacloud.data.signatureAggregator.get({ network: 'mainnet', txHash: ex.l1Tx }, at()),
  },
  listChains: {
    path: '/v2/chains?network=mainnet',
    chainkit: () => firstPage(sdks.chainkit.metrics.chains.list({ network: 'mainnet' }, metrics())),
    avacloud: () => firstPage(sdks.avacloud.metrics.chains.list({ network: 'mainnet' }, metrics())),
  },
  getChain: {
    path: '/v2/chains/43114',
    chainkit: () => sdks.chainkit.metrics.chains.get({ chainId: '43114' }, metrics()),
    avacloud: () => sdks.avacloud.metrics.chains.get({ chainId: '43114' }, metrics()),
  },
  getEvmChainMetrics: {
    path: '/v2/chains/43114/metrics/txCount?pageSize=30',
    // The metrics operations have a server of their own in the SDKs: it is given per call.
    chainkit: () =>
      firstPage(
        sdks.chainkit.metrics.chains.getMetrics({ chainId: '43114', metric: 'txCount', pageSize: 30 }, metrics()),
      ),
    avacloud: () =>
      firstPage(
        sdks.avacloud.metrics.chains.getMetrics({ chainId: '43114', metric: 'txCount', pageSize: 30 }, metrics()),
      ),
  },
  getEvmChainRollingWindowMetrics: {
    path: '/v2/chains/43114/rollingWindowMetrics/txCount',
    chainkit: () =>
      sdks.chainkit.metrics.chains.getRollingWindowMetrics({ chainId: '43114', metric: 'txCount' }, metrics()),
    avacloud: () =>
      sdks.avacloud.metrics.chains.getRollingWindowMetrics({ chainId: '43114', metric: 'txCount' }, metrics()),
  },
  getICMTimeseries: {
    path: `/v2/icm/timeseries?srcBlockchainId=${ex.cChain}&groupBy=destBlockchainId&pageSize=30`,
    // chainkit's getICMTimeseries answers the page itself (no page iterator).
    chainkit: () =>
      sdks.chainkit.metrics.chains.getICMTimeseries(
        { srcBlockchainId: ex.cChain, groupBy: 'destBlockchainId', pageSize: 30 },
        metrics(),
      ),
    avacloud: 'absent',
  },
  getICMSummary: {
    path: '/v2/icm/summary?network=mainnet',
    chainkit: () => sdks.chainkit.metrics.chains.getICMSummary({ network: 'mainnet' }, metrics()),
    avacloud: 'absent',
  },
  getStakingMetrics: {
    path: `/v2/networks/mainnet/metrics/validatorCount?subnetId=${ex.primaryNetwork}&pageSize=30`,
    chainkit: () =>
      firstPage(
        sdks.chainkit.metrics.networks.getStakingMetrics(
          { network: 'mainnet', metric: 'validatorCount', pageSize: 30, subnetId: ex.primaryNetwork },
          metrics(),
        ),
      ),
    avacloud: () =>
      firstPage(
        // avacloud-sdk 0.13.0 requires subnetId, which the document makes optional.
        sdks.avacloud.metrics.networks.getStakingMetrics(
          { network: 'mainnet', metric: 'validatorCount', pageSize: 30, subnetId: ex.primaryNetwork },
          metrics(),
        ),
      ),
  },
  getTotalL1ValidatorMetrics: {
    path: '/v2/validators/metrics/totalValidatorFeesDaily',
    chainkit: () => sdks.chainkit.metrics.l1Validators.listMetrics({ metric: 'totalValidatorFeesDaily' }, metrics()),
    avacloud: () => sdks.avacloud.metrics.l1Validators.listMetrics({ metric: 'totalValidatorFeesDaily' }, metrics()),
  },
  getMetricsByValidationId: {
    path: `/v2/validation/${ex.l1Validation}/metrics/validationCumulativeFeesDaily`,
    chainkit: () =>
      sdks.chainkit.metrics.l1Validators.getMetricsByValidationId(
        { l1ValidationId: ex.l1Validation, metric: 'validationCumulativeFeesDaily' },
        metrics(),
      ),
    avacloud: () =>
      sdks.avacloud.metrics.l1Validators.getMetricsByValidationId(
        { l1ValidationId: ex.l1Validation, metric: 'validationCumulativeFeesDaily' },
        metrics(),
      ),
  },
  getMetricsByNodeId: {
    path: `/v2/validator/${ex.l1Node}/metrics/perNodeDailyFeesPaid`,
    chainkit: () =>
      sdks.chainkit.metrics.l1Validators.getMetricsByNodeId(
        { nodeId: ex.l1Node, metric: 'perNodeDailyFeesPaid' },
        metrics(),
      ),
    avacloud: () =>
      sdks.avacloud.metrics.l1Validators.getMetricsByNodeId(
        { nodeId: ex.l1Node, metric: 'perNodeDailyFeesPaid' },
        metrics(),
      ),
  },
  getMetricsBySubnetId: {
    path: `/v2/subnet/${ex.l1Subnet}/metrics/perSubnetPayingValidators`,
    chainkit: () =>
      sdks.chainkit.metrics.l1Validators.getMetricsBySubnetId(
        { subnetId: ex.l1Subnet, metric: 'perSubnetPayingValidators' },
        metrics(),
      ),
    avacloud: () =>
      sdks.avacloud.metrics.l1Validators.getMetricsBySubnetId(
        { subnetId: ex.l1Subnet, metric: 'perSubnetPayingValidators' },
        metrics(),
      ),
  },
  getValidatorsByDateRange: {
    path: `/v2/subnets/${ex.primaryNetwork}/validators:getAddresses?network=mainnet&pageSize=30`,
    chainkit: () =>
      firstPage(
        sdks.chainkit.metrics.subnets.getValidators(
          { subnetId: ex.primaryNetwork, network: 'mainnet', pageSize: 30 },
          metrics(),
        ),
      ),
    avacloud: () =>
      firstPage(
        sdks.avacloud.metrics.subnets.getValidators(
          { subnetId: ex.primaryNetwork, network: 'mainnet', pageSize: 30 },
          metrics(),
        ),
      ),
  },
  getAvaxSupply: {
    path: '/v1/avax/supply',
    chainkit: () => sdks.chainkit.avaxSupply.get(at()),
    avacloud: 'absent',
  },
  ...webhookCalls(sdks, webhookValues),
  ...exportCalls(sdks, exportValues),
  getApiUsageMetrics: {
    path: '/v1/apiUsageMetrics?requestType=rpc&groupBy=chainId',
    chainkit: () => sdks.chainkit.data.usageMetrics.getUsage({ requestType: 'rpc', groupBy: 'chainId' }, at()),
    avacloud: () => sdks.avacloud.data.usageMetrics.getUsage({ requestType: 'rpc', groupBy: 'chainId' }, at()),
  },
  getApiLogs: {
    path: '/v1/apiLogs?requestType=rpc&pageSize=1',
    chainkit: () => firstPage(sdks.chainkit.data.usageMetrics.getLogs({ requestType: 'rpc', pageSize: 1 }, at())),
    avacloud: () => firstPage(sdks.avacloud.data.usageMetrics.getLogs({ requestType: 'rpc', pageSize: 1 }, at())),
  },
  getSubnetRpcUsageMetrics: {
    path: '/v1/subnetRpcUsageMetrics?groupBy=rpcMethod',
    chainkit: () => sdks.chainkit.data.usageMetrics.getSubnetRpcUsage({ groupBy: 'rpcMethod' }, at()),
    avacloud: () => sdks.avacloud.data.usageMetrics.getSubnetRpcUsage({ groupBy: 'rpcMethod' }, at()),
  },
  getPrimaryNetworkRpcUsageMetrics: {
    path: '/v1/primaryNetworkRpcUsageMetrics?network=mainnet&groupBy=rpcMethod',
    // Neither SDK has a function for this operation (the official document tells its generator to
    // skip it); chainkit's model of its data points parses them, and the network is the official enum's.
    chainkit: async () => {
      const { body } = await service.request('/v1/primaryNetworkRpcUsageMetrics?network=mainnet&groupBy=rpcMethod', {
        headers: sdks.headers,
      });
      return {
        ...body,
        network: ['mainnet', 'testnet'].includes(body.network) ? body.network : undefined,
        metrics: body.metrics.map((point: unknown) => chainkitModels.RpcMetrics$inboundSchema.parse(point)),
      };
    },
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
        sdks.avacloud.metrics.chains.listTokenHoldersAboveThreshold(
          { chainId: '43114', address: ex.usdc, threshold: '100000000', pageSize: 50 },
          metrics(),
        ),
      ),
  },
  getNftHoldersByContractAddress: {
    path: `/v2/chains/43114/contracts/${ex.nftCollection}/nfts:listHolders?pageSize=50`,
    chainkit: async () =>
      avacloudModels.NftHoldersResponse$inboundSchema.parse(
        (await service.request(`/v2/chains/43114/contracts/${ex.nftCollection}/nfts:listHolders?pageSize=50`)).body,
      ),
    avacloud: () =>
      firstPage(
        sdks.avacloud.metrics.chains.listNftHolders(
          { chainId: '43114', address: ex.nftCollection, pageSize: 50 },
          metrics(),
        ),
      ),
  },
  getAddressesByBtcbBridged: {
    path: '/v2/chains/43114/btcb/bridged:getAddresses?threshold=10000000&pageSize=50',
    chainkit: () =>
      firstPage(
        sdks.chainkit.metrics.chains.listBTCbBridgersAboveThreshold({ threshold: '10000000', pageSize: 50 }, metrics()),
      ),
    avacloud: () =>
      firstPage(
        sdks.avacloud.metrics.chains.listBTCbBridgersAboveThreshold({ threshold: '10000000', pageSize: 50 }, metrics()),
      ),
  },
  compositeQueryV1: {
    path: '/v1/lookingGlass/compositeQuery',
    method: 'POST',
    body: ex.compositeQuery,
    chainkit: async () =>
      avacloudModels.CompositeQueryResponse$inboundSchema.parse(
        (await service.request('/v1/lookingGlass/compositeQuery', { method: 'POST', body: ex.compositeQuery })).body,
      ),
    avacloud: async () =>
      avacloudModels.CompositeQueryResponse$inboundSchema.parse(
        (await service.request('/v1/lookingGlass/compositeQuery', { method: 'POST', body: ex.compositeQuery })).body,
      ),
  },
  compositeQueryV2: {
    path: '/v2/lookingGlass/compositeQuery',
    method: 'POST',
    body: ex.compositeQuery,
    chainkit: async () =>
      avacloudModels.CompositeQueryResponse$inboundSchema.parse(
        (await service.request('/v2/lookingGlass/compositeQuery', { method: 'POST', body: ex.compositeQuery })).body,
      ),
    avacloud: () =>
      firstPage(
        sdks.avacloud.lookingGlass.compositeQuery(
          ex.compositeQuery as Parameters<typeof sdks.avacloud.lookingGlass.compositeQuery>[0],
          metrics(),
        ),
      ),
  },
};

/** The health and live checks (plain routes of the server, not GraphQL fields), by operationId. */
const healthCalls: Record<string, Call> = {
  'data-health-check': {
    path: '/v1/health-check',
    chainkit: () => sdks.chainkit.data.healthCheck(at()),
    avacloud: () => sdks.avacloud.data.healthCheck(at()),
  },
  'live-check': {
    path: '/v1/live-check',
    chainkit: () => sdks.chainkit.data.liveCheck(at()),
    avacloud: 'absent',
  },
  'metrics-health-check': {
    path: '/v2/health-check',
    chainkit: () => sdks.chainkit.metrics.healthCheck(metrics()),
    avacloud: () => sdks.avacloud.metrics.healthCheck(metrics()),
  },
  'metrics-live-check': {
    path: '/v2/live-check',
    chainkit: () => sdks.chainkit.metrics.liveCheck(metrics()),
    avacloud: 'absent',
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
    call: (txHash) => transactionByHash(sdks, 'mainnet', 'c-chain', txHash),
  },
  'getTxByHash of a C-Chain ExportTx (CChainExportTransaction)': {
    operationId: 'getTxByHash',
    txType: 'ExportTx',
    call: (txHash) => transactionByHash(sdks, 'mainnet', 'c-chain', txHash),
  },
  'listLatestPrimaryNetworkTransactions on the C-Chain (ListCChainAtomicTransactionsResponse)': {
    operationId: 'listLatestPrimaryNetworkTransactions',
    txType: 'ExportTx',
    call: () => latestTransactions(sdks, 'mainnet', 'c-chain'),
  },
};

describe.each(['chainkit', 'avacloud'] as const)('the official SDK %s', (sdk) => {
  it('covers every operation this service serves', () => {
    expect(Object.keys(calls).sort()).toEqual(
      Object.keys(restRoutes)
        .map((key) => key.split('.')[1])
        .sort(),
    );
  });

  it('covers every operation of the official Webhooks tag', () => {
    expect(Object.keys(webhookCalls(sdks, webhookValues)).sort()).toEqual(
      officialOperationIds((tag) => tag === 'Webhooks'),
    );
  });

  it('covers every operation of the official Operations tag', () => {
    expect(Object.keys(exportCalls(sdks, exportValues)).sort()).toEqual(
      officialOperationIds((tag) => tag === 'Operations'),
    );
  });

  it.each(Object.keys(calls))('accepts %s and hands back what the service answered', async (operationId) => {
    await checkCall(sdks, sdk, operationId, calls[operationId]!);
  });

  it('covers every health operation this service serves', () => {
    expect(Object.keys(healthCalls).sort()).toEqual(healthOperations.map((operation) => operation.operationId).sort());
  });

  it.each(Object.keys(healthCalls))('accepts %s and hands back what the service answered', async (operationId) => {
    await checkCall(sdks, sdk, operationId, healthCalls[operationId]!);
  });

  it.each(Object.keys(chainVariants))('accepts %s and hands back what the service answered', async (label) => {
    const variant = chainVariants[label]!;
    const [row] = await db.query<{ tx_hash: string }>(
      `SELECT tx_hash FROM primary_network_transaction WHERE network = 'mainnet' AND blockchain_id = $1 AND tx_type = $2
       ORDER BY tx_hash LIMIT 1`,
      [ex.cChain, variant.txType],
    );
    expect(row).toBeDefined();
    await checkCall(sdks, sdk, variant.operationId, variant.call(row!.tx_hash));
  });

  it('reaches no host but this service (no telemetry)', () => {
    expect(sdks.elsewhere).toEqual([]);
  });
});

it("the demo data meets avacloud-sdk's evmChainId defect on the demo's custom-VM chain (checkCall holds it to exactly that)", async () => {
  const { body } = await service.request('/v1/networks/mainnet/blockchains');
  expect(body.blockchains.some((chain: { evmChainId?: number }) => chain.evmChainId === undefined)).toBe(true);
});
