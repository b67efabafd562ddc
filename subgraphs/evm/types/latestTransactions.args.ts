import { ArgsType, Field, registerEnumType } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs } from '../../shared/pageArgs';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';

/** The official `status` filter of the latest-transaction lists: the receipt status. */
export enum TransactionStatus {
  failed = 'failed',
  success = 'success',
}

registerEnumType(TransactionStatus, {
  name: 'TransactionStatus',
  description: 'A receipt status: failed (0) or success (1).',
});

/** The page and status filter of a chain's latest transactions (root field and `EvmChain.transactions`). */
@ArgsType()
export class LatestTransactionsPageArgs extends PageArgs('latestTransactions') {
  @Field(() => TransactionStatus, {
    nullable: true,
    description: 'Only transactions of this status; all when omitted.',
  })
  status?: TransactionStatus;
}

/** Arguments of listLatestTransactions. */
@ArgsType()
export class ListLatestTransactionsArgs extends LatestTransactionsPageArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;
}

/** Arguments of listLatestTransactionsAllChains. */
@ArgsType()
export class ListLatestTransactionsAllChainsArgs extends LatestTransactionsPageArgs {
  @Field(() => Network, {
    nullable: true,
    description: 'Only chains of this network (mainnet, or fuji/testnet); all indexed chains when omitted.',
  })
  network?: Network;
}
