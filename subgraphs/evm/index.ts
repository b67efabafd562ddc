import { buildFederatedSchema } from '../shared/buildFederatedSchema';
import type { Subgraph } from '../shared/subgraph';
import { createEvmContext, type EvmContext } from './context';
import { AddressTransactionResolver } from './resolvers/addressTransaction.resolver';
import { BlockchainResolver } from './resolvers/blockchain.resolver';
import { ChainsAndBlocksResolver } from './resolvers/chainsAndBlocks.resolver';
import { ContractResolver } from './resolvers/contract.resolver';
import { Erc20BalanceResolver } from './resolvers/erc20Balance.resolver';
import { EvmAccountResolver, resolveEvmAccountReference } from './resolvers/evmAccount.resolver';
import { EvmAccountOnChainResolver } from './resolvers/evmAccountOnChain.resolver';
import { EvmAccountOnChainBalancesResolver } from './resolvers/evmAccountOnChainBalances.resolver';
import { EvmAccountOnChainTransactionsResolver } from './resolvers/evmAccountOnChainTransactions.resolver';
import { resolveEvmChainReference } from './resolvers/evmChain.reference';
import { EvmChainResolver } from './resolvers/evmChain.resolver';
import { EvmChainBlocksResolver } from './resolvers/evmChainBlocks.resolver';
import { IcmMessagesResolver } from './resolvers/icmMessages.resolver';
import { NftBalanceResolver } from './resolvers/nftBalance.resolver';
import { EvmChainTransactionsResolver } from './resolvers/evmChainTransactions.resolver';
import { LatestTransactionsResolver } from './resolvers/latestTransactions.resolver';
import {
  Erc1155CollectionResolver,
  Erc721CollectionResolver,
  NftCollectionResolver,
} from './resolvers/nftCollection.resolver';
import { NftTokenResolver } from './resolvers/nftToken.resolver';
import { TokenTransfersResolver } from './resolvers/tokenTransfers.resolver';
import { TransactionResolver } from './resolvers/transaction.resolver';
import { TransferResolver } from './resolvers/transfer.resolver';
import { TransactionExportResolver } from './resolvers/transactionExport.resolver';
import { WebhookResolver } from './resolvers/webhook.resolver';
import { Blockchain } from './types/blockchain.type';
import { icmMessageVariants, resolveIcmMessageType } from './types/icmMessage.type';
import { resolveContractType } from './types/contract.type';
import { resolveCollectibleBalanceType } from './types/nftBalance.type';
import { resolveNftTokenType } from './types/token.type';
import { resolveTokenTransferType } from './types/tokenTransfers.type';
import { resolveWebhookType } from './types/webhook.type';

/**
 * The EVM subgraph: chains, blocks, transactions, transfers, balances, contracts and NFTs, and the
 * webhooks and transaction exports of API keys.
 *
 * @example const subgraph = await createEvmSubgraph()
 */
export async function createEvmSubgraph(): Promise<Subgraph<EvmContext>> {
  const schema = await buildFederatedSchema(
    {
      resolvers: [
        EvmChainResolver,
        BlockchainResolver,
        TransferResolver,
        Erc20BalanceResolver,
        TransactionResolver,
        ContractResolver,
        NftTokenResolver,
        NftCollectionResolver,
        Erc721CollectionResolver,
        Erc1155CollectionResolver,
        EvmAccountResolver,
        EvmAccountOnChainResolver,
        ChainsAndBlocksResolver,
        EvmChainBlocksResolver,
        NftBalanceResolver,
        EvmAccountOnChainBalancesResolver,
        LatestTransactionsResolver,
        TokenTransfersResolver,
        EvmChainTransactionsResolver,
        AddressTransactionResolver,
        EvmAccountOnChainTransactionsResolver,
        IcmMessagesResolver,
        WebhookResolver,
        TransactionExportResolver,
      ],
      orphanedTypes: [Blockchain, ...icmMessageVariants],
    },
    {
      EvmChain: { __resolveReference: resolveEvmChainReference },
      EvmAccount: { __resolveReference: resolveEvmAccountReference },
      // Only the key is known here; the evmChain field resolver does the work.
      Blockchain: { __resolveReference: (reference: unknown) => reference },
      DeployedContract: { __resolveType: resolveContractType },
      NftToken: { __resolveType: resolveNftTokenType },
      CollectibleBalance: { __resolveType: resolveCollectibleBalanceType },
      TokenTransfer: { __resolveType: resolveTokenTransferType },
      IcmMessage: { __resolveType: resolveIcmMessageType },
      WebhookResponse: { __resolveType: resolveWebhookType },
    },
  );
  return { name: 'evm', schema, createContext: createEvmContext };
}
