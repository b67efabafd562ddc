// The EVM operations as calls through both official SDKs, on given values: the demo data's
// (officialClients.test.ts) and an indexed anvil chain's (officialClientsOnAnvil.test.ts) are
// checked with the same calls.
import { type Call, firstPage, type OfficialSdks } from './officialSdks';

// The SDKs' zod models, for the operations they have no function for. Their packages export
// subpaths that this project's TypeScript module resolution (node10) does not read.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const chainkitModels = require('@avalanche-sdk/chainkit/models/components') as {
  ListTransactionDetailsResponse$inboundSchema: { parse(value: unknown): unknown };
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const avacloudModels = require('@avalabs/avacloud-sdk/models/components') as {
  ListTransactionDetailsResponse$inboundSchema: { parse(value: unknown): unknown };
};

/** Values that answer with data on the chain called. */
export type EvmValues = {
  /** An account with transactions, transfers, internal calls, balances and deployments. */
  address: string;
  /** A block number or hash, and a transaction hash. */
  block: string;
  tx: string;
  /** An NFT collection, one of its tokens, and two more to reindex (one per SDK: a token is reindexed once an hour). */
  nft: string;
  nftTokenId: string;
  reindexTokenIds: { chainkit: string; avacloud: string };
  /** A contract with metadata, a token with transfers, and a contract whose deployment is indexed. */
  contract: string;
  token: string;
  deployed: string;
};

/**
 * The EVM operations of one chain (and of its network, for the lists across chains), by operationId.
 * @example evmCalls(sdks, '43114', 'mainnet', demoValues)
 */
export function evmCalls(
  sdks: OfficialSdks,
  chainId: string,
  network: 'mainnet' | 'fuji' | 'testnet',
  v: EvmValues,
): Record<string, Call> {
  return {
    listErc721Transactions: {
      path: `/v1/chains/${chainId}/addresses/${v.address}/transactions:listErc721?pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.address.transactions.listErc721(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.address.transactions.listErc721(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
    },
    listErc1155Transactions: {
      path: `/v1/chains/${chainId}/addresses/${v.address}/transactions:listErc1155?pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.address.transactions.listErc1155(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.address.transactions.listErc1155(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
    },
    listErc20Transactions: {
      path: `/v1/chains/${chainId}/addresses/${v.address}/transactions:listErc20?pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.address.transactions.listErc20(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.address.transactions.listErc20(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
    },
    listInternalTransactions: {
      path: `/v1/chains/${chainId}/addresses/${v.address}/transactions:listInternals?pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.address.transactions.listInternal(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.address.transactions.listInternal(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
    },
    listTransactions: {
      path: `/v1/chains/${chainId}/addresses/${v.address}/transactions?pageSize=100&sortOrder=asc`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.address.transactions.list(
            { chainId, address: v.address, pageSize: 100, sortOrder: 'asc' },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.address.transactions.list(
            { chainId, address: v.address, pageSize: 100, sortOrder: 'asc' },
            sdks.at(),
          ),
        ),
    },
    listTransactionsV2: {
      path: `/v2/chains/${chainId}/addresses/${v.address}/transactions?pageSize=100&filterSpamTokens=false`,
      // Neither SDK has a function or a model for v2, which adds tokenReputation to v1's ERC-20
      // tokens: each SDK's v1 model parses the v2 answer.
      chainkit: async () =>
        chainkitModels.ListTransactionDetailsResponse$inboundSchema.parse(
          (
            await sdks.service.request(
              `/v2/chains/${chainId}/addresses/${v.address}/transactions?pageSize=100&filterSpamTokens=false`,
            )
          ).body,
        ),
      avacloud: async () =>
        avacloudModels.ListTransactionDetailsResponse$inboundSchema.parse(
          (
            await sdks.service.request(
              `/v2/chains/${chainId}/addresses/${v.address}/transactions?pageSize=100&filterSpamTokens=false`,
            )
          ).body,
        ),
    },
    listNativeTransactions: {
      path: `/v1/chains/${chainId}/addresses/${v.address}/transactions:listNative?pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.address.transactions.listNative(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.address.transactions.listNative(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
    },
    listErc20Balances: {
      path: `/v1/chains/${chainId}/addresses/${v.address}/balances:listErc20?pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.address.balances.listErc20({ chainId, address: v.address, pageSize: 100 }, sdks.at()),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.address.balances.listErc20({ chainId, address: v.address, pageSize: 100 }, sdks.at()),
        ),
    },
    getNativeBalance: {
      path: `/v1/chains/${chainId}/addresses/${v.address}/balances:getNative?currency=eur`,
      chainkit: () =>
        sdks.chainkit.data.evm.address.balances.getNative({ chainId, address: v.address, currency: 'eur' }, sdks.at()),
      avacloud: () =>
        sdks.avacloud.data.evm.address.balances.getNative({ chainId, address: v.address, currency: 'eur' }, sdks.at()),
    },
    listErc721Balances: {
      path: `/v1/chains/${chainId}/addresses/${v.address}/balances:listErc721?pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.address.balances.listErc721({ chainId, address: v.address, pageSize: 100 }, sdks.at()),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.address.balances.listErc721({ chainId, address: v.address, pageSize: 100 }, sdks.at()),
        ),
    },
    listErc1155Balances: {
      path: `/v1/chains/${chainId}/addresses/${v.address}/balances:listErc1155?pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.address.balances.listErc1155(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.address.balances.listErc1155(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
    },
    listCollectibleBalances: {
      path: `/v1/chains/${chainId}/addresses/${v.address}/balances:listCollectibles?pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.address.balances.listCollectibles(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.address.balances.listCollectibles(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
    },
    getTransactionsForBlock: {
      path: `/v1/chains/${chainId}/blocks/${v.block}/transactions`,
      chainkit: () => sdks.chainkit.data.evm.blocks.listTransactions({ chainId, blockId: v.block }, sdks.at()),
      avacloud: () => sdks.avacloud.data.evm.blocks.listTransactions({ chainId, blockId: v.block }, sdks.at()),
    },
    listContractDeployments: {
      path: `/v1/chains/${chainId}/contracts/${v.address}/deployments?pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.address.contracts.listDeployments(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.address.contracts.listDeployments(
            { chainId, address: v.address, pageSize: 100 },
            sdks.at(),
          ),
        ),
    },
    getTransaction: {
      path: `/v1/chains/${chainId}/transactions/${v.tx}`,
      chainkit: () => sdks.chainkit.data.evm.transactions.get({ chainId, txHash: v.tx }, sdks.at()),
      avacloud: () => sdks.avacloud.data.evm.transactions.get({ chainId, txHash: v.tx }, sdks.at()),
    },
    supportedChains: {
      path: `/v1/chains?network=${network}&feature=teleporter`,
      chainkit: () => sdks.chainkit.data.evm.chains.list({ network, feature: 'teleporter' }, sdks.at()),
      avacloud: () => sdks.avacloud.data.evm.chains.list({ network, feature: 'teleporter' }, sdks.at()),
    },
    getChainInfo: {
      path: `/v1/chains/${chainId}`,
      chainkit: () => sdks.chainkit.data.evm.chains.get({ chainId }, sdks.at()),
      avacloud: () => sdks.avacloud.data.evm.chains.get({ chainId }, sdks.at()),
    },
    listAddressChains: {
      path: `/v1/address/${v.address}/chains`,
      chainkit: () => sdks.chainkit.data.evm.address.chains.list({ address: v.address }, sdks.at()),
      avacloud: () => sdks.avacloud.data.evm.address.chains.list({ address: v.address }, sdks.at()),
    },
    getLatestBlocks: {
      path: `/v1/chains/${chainId}/blocks?pageSize=20`,
      chainkit: () => firstPage(sdks.chainkit.data.evm.blocks.listLatest({ chainId, pageSize: 20 }, sdks.at())),
      avacloud: () => firstPage(sdks.avacloud.data.evm.blocks.listLatest({ chainId, pageSize: 20 }, sdks.at())),
    },
    getBlock: {
      path: `/v1/chains/${chainId}/blocks/${v.block}`,
      chainkit: () => sdks.chainkit.data.evm.blocks.get({ chainId, blockId: v.block }, sdks.at()),
      avacloud: () => sdks.avacloud.data.evm.blocks.get({ chainId, blockId: v.block }, sdks.at()),
    },
    listLatestBlocksAllChains: {
      path: `/v1/blocks?network=${network}&pageSize=20`,
      chainkit: () =>
        firstPage(sdks.chainkit.data.evm.blocks.listLatestAllChains({ network, pageSize: 20 }, sdks.at())),
      avacloud: () =>
        firstPage(sdks.avacloud.data.evm.blocks.listLatestAllChains({ network, pageSize: 20 }, sdks.at())),
    },
    listLatestTransactions: {
      path: `/v1/chains/${chainId}/transactions?pageSize=100`,
      chainkit: () => firstPage(sdks.chainkit.data.evm.transactions.listLatest({ chainId, pageSize: 100 }, sdks.at())),
      avacloud: () => firstPage(sdks.avacloud.data.evm.transactions.listLatest({ chainId, pageSize: 100 }, sdks.at())),
    },
    listLatestTransactionsAllChains: {
      path: `/v1/transactions?network=${network}&status=failed&pageSize=50`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.transactions.listLatestAllChains(
            { network, status: 'failed', pageSize: 50 },
            sdks.at(),
          ),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.transactions.listLatestAllChains(
            { network, status: 'failed', pageSize: 50 },
            sdks.at(),
          ),
        ),
    },
    listTransfers: {
      path: `/v1/chains/${chainId}/tokens/${v.token}/transfers?pageSize=100`,
      chainkit: () =>
        firstPage(
          sdks.chainkit.data.evm.contracts.listTransfers({ chainId, address: v.token, pageSize: 100 }, sdks.at()),
        ),
      avacloud: () =>
        firstPage(
          sdks.avacloud.data.evm.contracts.listTransfers({ chainId, address: v.token, pageSize: 100 }, sdks.at()),
        ),
    },
    getDeploymentTransaction: {
      path: `/v1/chains/${chainId}/contracts/${v.deployed}/transactions:getDeployment?currency=eur`,
      chainkit: () =>
        sdks.chainkit.data.evm.contracts.getDeploymentTransaction(
          { chainId, address: v.deployed, currency: 'eur' },
          sdks.at(),
        ),
      avacloud: () =>
        sdks.avacloud.data.evm.contracts.getDeploymentTransaction(
          { chainId, address: v.deployed, currency: 'eur' },
          sdks.at(),
        ),
    },
    getTokenDetails: {
      path: `/v1/chains/${chainId}/nfts/collections/${v.nft}/tokens/${v.nftTokenId}`,
      chainkit: () => sdks.chainkit.data.nfts.get({ chainId, address: v.nft, tokenId: v.nftTokenId }, sdks.at()),
      avacloud: () => sdks.avacloud.data.nfts.get({ chainId, address: v.nft, tokenId: v.nftTokenId }, sdks.at()),
    },
    getContractMetadata: {
      path: `/v1/chains/${chainId}/addresses/${v.contract}`,
      chainkit: () => sdks.chainkit.data.evm.contracts.getMetadata({ chainId, address: v.contract }, sdks.at()),
      avacloud: () => sdks.avacloud.data.evm.contracts.getMetadata({ chainId, address: v.contract }, sdks.at()),
    },
    listTokens: {
      path: `/v1/chains/${chainId}/nfts/collections/${v.nft}/tokens?pageSize=100`,
      chainkit: () => firstPage(sdks.chainkit.data.nfts.list({ chainId, address: v.nft, pageSize: 100 }, sdks.at())),
      avacloud: () => firstPage(sdks.avacloud.data.nfts.list({ chainId, address: v.nft, pageSize: 100 }, sdks.at())),
    },
    // No content: the SDKs resolve to nothing. Each SDK reindexes its own token (one request an hour per token).
    reindexNft: {
      path: `/v1/chains/${chainId}/nfts/collections/${v.nft}/tokens/${v.reindexTokenIds.chainkit}:reindex`,
      method: 'POST',
      noContent: true,
      chainkit: () =>
        sdks.chainkit.data.nfts.reindex({ chainId, address: v.nft, tokenId: v.reindexTokenIds.chainkit }, sdks.at()),
      avacloud: () =>
        sdks.avacloud.data.nfts.reindex({ chainId, address: v.nft, tokenId: v.reindexTokenIds.avacloud }, sdks.at()),
    },
  };
}
