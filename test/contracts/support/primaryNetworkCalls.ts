// The primary network's operations as calls through both official SDKs, on given values: the demo
// data's (officialClients.test.ts) and an index of the fake avalanchego node's history
// (officialClientsOnIndexedHistory.test.ts) are checked with the same calls.
import { type Call, firstPage, type OfficialSdks } from './officialSdks';

// The SDKs' zod models, for the operations they have no function for. Their packages export
// subpaths that this project's TypeScript module resolution (node10) does not read.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const avacloudModels = require('@avalabs/avacloud-sdk/models/components') as {
  ListPChainUtxosResponse$inboundSchema: { parse(value: unknown): unknown };
};

export type Network = 'mainnet' | 'fuji';
export type ChainAlias = 'p-chain' | 'x-chain' | 'c-chain';

/** Values that answer with data on the data set called. */
export type PrimaryNetworkValues = {
  /** An address (bech32, no chain prefix) with outputs on the P- and X-Chain. */
  pAddress: string;
  /** A P-Chain transaction. */
  pTx: string;
  /** A node that proposed P-Chain blocks. */
  node: string;
  /** A node with validations. */
  validatorNode: string;
  /** A node whose validations or delegations were rewarded. */
  rewardedNode: string;
  /** An X-Chain asset ID. */
  asset: string;
  /** A P-Chain block ID. */
  pBlock: string;
  /** An X-Chain vertex ID, and a vertex height. */
  vertex: string;
  vertexHeight: string;
  /** A blockchain ID, and a subnet ID. */
  blockchain: string;
  subnet: string;
};

/**
 * getTxByHash of one transaction through each SDK.
 * @example transactionByHash(sdks, 'fuji', 'x-chain', txId)
 */
export function transactionByHash(
  sdks: OfficialSdks,
  network: Network,
  blockchainId: ChainAlias,
  txHash: string,
): Call {
  return {
    path: `/v1/networks/${network}/blockchains/${blockchainId}/transactions/${txHash}`,
    chainkit: () => sdks.chainkit.data.primaryNetwork.transactions.get({ network, blockchainId, txHash }, sdks.at()),
    avacloud: () => sdks.avacloud.data.primaryNetwork.transactions.get({ network, blockchainId, txHash }, sdks.at()),
  };
}

/**
 * listLatestPrimaryNetworkTransactions (a page of 50) through each SDK; every transaction of the chain without addresses.
 * @example latestTransactions(sdks, 'mainnet', 'c-chain')
 */
export function latestTransactions(
  sdks: OfficialSdks,
  network: Network,
  blockchainId: ChainAlias,
  addresses?: string,
): Call {
  const request = { network, blockchainId, pageSize: 50, ...(addresses ? { addresses } : {}) };
  return {
    path: `/v1/networks/${network}/blockchains/${blockchainId}/transactions?${addresses ? `addresses=${addresses}&` : ''}pageSize=50`,
    chainkit: () => firstPage(sdks.chainkit.data.primaryNetwork.transactions.listLatest(request, sdks.at())),
    avacloud: () => firstPage(sdks.avacloud.data.primaryNetwork.transactions.listLatest(request, sdks.at())),
  };
}

/**
 * The primary network's operations (the AVAX supply, mainnet's alone, aside), by operationId.
 * @example primaryNetworkCalls(sdks, 'mainnet', demoValues)
 */
export function primaryNetworkCalls(
  sdks: OfficialSdks,
  network: Network,
  v: PrimaryNetworkValues,
): Record<string, Call> {
  return {
    listSubnets: {
      path: `/v1/networks/${network}/subnets?pageSize=20`,
      chainkit: () => firstPage(sdks.chainkit.data.primaryNetwork.listSubnets({ network, pageSize: 20 }, sdks.at())),
      avacloud: () => firstPage(sdks.avacloud.data.primaryNetwork.listSubnets({ network, pageSize: 20 }, sdks.at())),
    },
    listValidators: {
      path: `/v1/networks/${network}/validators?pageSize=100`,
      chainkit: () =>
        firstPage(sdks.chainkit.data.primaryNetwork.listValidators({ network, pageSize: 100 }, sdks.at())),
      avacloud: () =>
        firstPage(sdks.avacloud.data.primaryNetwork.listValidators({ network, pageSize: 100 }, sdks.at())),
    },
    getBalancesByAddresses: {
      path: `/v1/networks/${network}/blockchains/x-chain/balances?addresses=${v.pAddress}`,
      chainkit: () =>
        sdks.chainkit.data.primaryNetwork.balances.listByAddresses(
          { network, blockchainId: 'x-chain', addresses: v.pAddress },
          sdks.at(),
        ),
      avacloud: () =>
        sdks.avacloud.data.primaryNetwork.balances.listByAddresses(
          { network, blockchainId: 'x-chain', addresses: v.pAddress },
          sdks.at(),
        ),
    },
    getTxByHash: transactionByHash(sdks, network, 'p-chain', v.pTx),
    listLatestPrimaryNetworkTransactions: latestTransactions(sdks, network, 'p-chain', v.pAddress),
    listActivePrimaryNetworkStakingTransactions: {
      path: `/v1/networks/${network}/blockchains/p-chain/transactions:listStaking?addresses=${v.pAddress}`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.primaryNetwork.transactions.listActiveStakingTransactions(
            { network, blockchainId: 'p-chain', addresses: v.pAddress },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.primaryNetwork.transactions.listActiveStakingTransactions(
            { network, blockchainId: 'p-chain', addresses: v.pAddress },
            sdks.at(),
          ),
        ),
    },
    listAssetTransactions: {
      path: `/v1/networks/${network}/blockchains/x-chain/assets/${v.asset}/transactions?pageSize=20`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.primaryNetwork.transactions.listAssetTransactions(
            { network, blockchainId: 'x-chain', assetId: v.asset, pageSize: 20 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.primaryNetwork.transactions.listAssetTransactions(
            { network, blockchainId: 'x-chain', assetId: v.asset, pageSize: 20 },
            sdks.at(),
          ),
        ),
    },
    getUtxosByAddresses: {
      path: `/v1/networks/${network}/blockchains/p-chain/utxos?addresses=${v.pAddress}&includeSpent=true&pageSize=50`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.primaryNetwork.utxos.listByAddresses(
            { network, blockchainId: 'p-chain', addresses: v.pAddress, includeSpent: true, pageSize: 50 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.primaryNetwork.utxos.listByAddresses(
            { network, blockchainId: 'p-chain', addresses: v.pAddress, includeSpent: true, pageSize: 50 },
            sdks.at(),
          ),
        ),
    },
    listPendingPrimaryNetworkRewards: {
      path: `/v1/networks/${network}/rewards:listPending?addresses=${v.pAddress}`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.primaryNetwork.rewards.listPendingRewards({ network, addresses: v.pAddress }, sdks.at()),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.primaryNetwork.rewards.listPendingRewards({ network, addresses: v.pAddress }, sdks.at()),
        ),
    },
    getSingleValidatorDetails: {
      path: `/v1/networks/${network}/validators/${v.validatorNode}?pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.primaryNetwork.getValidatorDetails(
            { network, nodeId: v.validatorNode, pageSize: 100 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.primaryNetwork.getValidatorDetails(
            { network, nodeId: v.validatorNode, pageSize: 100 },
            sdks.at(),
          ),
        ),
    },
    listDelegators: {
      path: `/v1/networks/${network}/delegators?pageSize=100`,
      chainkit: () =>
        firstPage(sdks.chainkit.data.primaryNetwork.listDelegators({ network, pageSize: 100 }, sdks.at())),
      avacloud: () =>
        firstPage(sdks.avacloud.data.primaryNetwork.listDelegators({ network, pageSize: 100 }, sdks.at())),
    },
    listL1Validators: {
      path: `/v1/networks/${network}/l1Validators?includeInactiveL1Validators=true&pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.primaryNetwork.listL1Validators(
            { network, includeInactiveL1Validators: true, pageSize: 100 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.primaryNetwork.listL1Validators(
            { network, includeInactiveL1Validators: true, pageSize: 100 },
            sdks.at(),
          ),
        ),
    },
    listHistoricalPrimaryNetworkRewards: {
      path: `/v1/networks/${network}/rewards?nodeIds=${v.rewardedNode}&currency=eur`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.primaryNetwork.rewards.listHistoricalRewards(
            { network, nodeIds: v.rewardedNode, currency: 'eur' },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.primaryNetwork.rewards.listHistoricalRewards(
            { network, nodeIds: v.rewardedNode, currency: 'eur' },
            sdks.at(),
          ),
        ),
    },
    listPrimaryNetworkBlocksByNodeId: {
      path: `/v1/networks/${network}/blockchains/p-chain/nodes/${v.node}/blocks`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.primaryNetwork.blocks.listByNodeId(
            { network, blockchainId: 'p-chain', nodeId: v.node },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.primaryNetwork.blocks.listByNodeId(
            { network, blockchainId: 'p-chain', nodeId: v.node },
            sdks.at(),
          ),
        ),
    },
    listLatestXChainVertices: {
      path: `/v1/networks/${network}/blockchains/x-chain/vertices`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.primaryNetwork.vertices.listLatest({ network, blockchainId: 'x-chain' }, sdks.at()),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.primaryNetwork.vertices.listLatest({ network, blockchainId: 'x-chain' }, sdks.at()),
        ),
    },
    getBlockById: {
      path: `/v1/networks/${network}/blockchains/p-chain/blocks/${v.pBlock}`,
      chainkit: () =>
        sdks.chainkit.data.primaryNetwork.blocks.get(
          { network, blockchainId: 'p-chain', blockId: v.pBlock },
          sdks.at(),
        ),
      avacloud: () =>
        sdks.avacloud.data.primaryNetwork.blocks.get(
          { network, blockchainId: 'p-chain', blockId: v.pBlock },
          sdks.at(),
        ),
    },
    listLatestPrimaryNetworkBlocks: {
      path: `/v1/networks/${network}/blockchains/p-chain/blocks`,
      chainkit: () =>
        firstPage(sdks.chainkit.data.primaryNetwork.blocks.listLatest({ network, blockchainId: 'p-chain' }, sdks.at())),
      avacloud: () =>
        firstPage(sdks.avacloud.data.primaryNetwork.blocks.listLatest({ network, blockchainId: 'p-chain' }, sdks.at())),
    },
    getVertexByHash: {
      path: `/v1/networks/${network}/blockchains/x-chain/vertices/${v.vertex}`,
      chainkit: () =>
        sdks.chainkit.data.primaryNetwork.vertices.getByHash(
          { network, blockchainId: 'x-chain', vertexHash: v.vertex },
          sdks.at(),
        ),
      avacloud: () =>
        sdks.avacloud.data.primaryNetwork.vertices.getByHash(
          { network, blockchainId: 'x-chain', vertexHash: v.vertex },
          sdks.at(),
        ),
    },
    getVertexByHeight: {
      path: `/v1/networks/${network}/blockchains/x-chain/vertices:listByHeight?vertexHeight=${v.vertexHeight}`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.primaryNetwork.vertices.listByHeight(
            { network, blockchainId: 'x-chain', vertexHeight: Number(v.vertexHeight) },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.primaryNetwork.vertices.listByHeight(
            { network, blockchainId: 'x-chain', vertexHeight: Number(v.vertexHeight) },
            sdks.at(),
          ),
        ),
    },
    getNetworkDetails: {
      path: `/v1/networks/${network}`,
      chainkit: () => sdks.chainkit.data.primaryNetwork.getNetworkDetails({ network }, sdks.at()),
      avacloud: () => sdks.avacloud.data.primaryNetwork.getNetworkDetails({ network }, sdks.at()),
    },
    listBlockchains: {
      path: `/v1/networks/${network}/blockchains`,
      chainkit: () => firstPage(sdks.chainkit.data.primaryNetwork.listBlockchains({ network }, sdks.at())),
      avacloud: () => firstPage(sdks.avacloud.data.primaryNetwork.listBlockchains({ network }, sdks.at())),
    },
    getBlockchainById: {
      path: `/v1/networks/${network}/blockchains/${v.blockchain}`,
      chainkit: () =>
        sdks.chainkit.data.primaryNetwork.getBlockchainById({ network, blockchainId: v.blockchain }, sdks.at()),
      avacloud: () =>
        sdks.avacloud.data.primaryNetwork.getBlockchainById({ network, blockchainId: v.blockchain }, sdks.at()),
    },
    getSubnetById: {
      path: `/v1/networks/${network}/subnets/${v.subnet}`,
      chainkit: () => sdks.chainkit.data.primaryNetwork.getSubnetById({ network, subnetId: v.subnet }, sdks.at()),
      avacloud: () => sdks.avacloud.data.primaryNetwork.getSubnetById({ network, subnetId: v.subnet }, sdks.at()),
    },
    getAssetDetails: {
      path: `/v1/networks/${network}/blockchains/x-chain/assets/${v.asset}`,
      chainkit: () =>
        sdks.chainkit.data.primaryNetwork.getAssetDetails(
          { network, blockchainId: 'x-chain', assetId: v.asset },
          sdks.at(),
        ),
      avacloud: () =>
        sdks.avacloud.data.primaryNetwork.getAssetDetails(
          { network, blockchainId: 'x-chain', assetId: v.asset },
          sdks.at(),
        ),
    },
    getChainIdsForAddresses: {
      path: `/v1/networks/${network}/addresses:listChainIds?addresses=${v.pAddress}`,
      chainkit: () =>
        sdks.chainkit.data.primaryNetwork.getChainIdsForAddresses({ network, addresses: v.pAddress }, sdks.at()),
      avacloud: () =>
        sdks.avacloud.data.primaryNetwork.getChainIdsForAddresses({ network, addresses: v.pAddress }, sdks.at()),
    },
    getUtxosByAddressesV2: {
      path: `/v1/networks/${network}/blockchains/p-chain/utxos?includeSpent=true&pageSize=50`,
      method: 'POST',
      body: { addresses: v.pAddress },
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.primaryNetwork.utxos.listByAddressesV2(
            {
              network,
              blockchainId: 'p-chain',
              includeSpent: true,
              pageSize: 50,
              primaryNetworkAddressesBodyDto: { addresses: v.pAddress },
            },
            sdks.at(),
          ),
        ),
      // avacloud-sdk 0.13 has no function for the POST form; its model of the GET form's answer parses it.
      avacloud: async () =>
        avacloudModels.ListPChainUtxosResponse$inboundSchema.parse(
          (
            await sdks.service.request(
              `/v1/networks/${network}/blockchains/p-chain/utxos?includeSpent=true&pageSize=50`,
              {
                method: 'POST',
                body: { addresses: v.pAddress },
              },
            )
          ).body,
        ),
    },
    getLastActivityTimestampByAddresses: {
      path: `/v1/networks/${network}/blockchains/p-chain/lastActivityTimestampByAddresses?addresses=${v.pAddress}`,
      chainkit: () =>
        sdks.chainkit.data.primaryNetwork.utxos.getLastActivityTimestampByAddresses(
          { network, blockchainId: 'p-chain', addresses: v.pAddress },
          sdks.at(),
        ),
      avacloud: 'absent',
    },
    getLastActivityTimestampByAddressesV2: {
      path: `/v1/networks/${network}/blockchains/p-chain/lastActivityTimestampByAddresses`,
      method: 'POST',
      body: { addresses: v.pAddress },
      chainkit: () =>
        sdks.chainkit.data.primaryNetwork.utxos.getLastActivityTimestampByAddressesV2(
          { network, blockchainId: 'p-chain', primaryNetworkAddressesBodyDto: { addresses: v.pAddress } },
          sdks.at(),
        ),
      avacloud: 'absent',
    },
  };
}
