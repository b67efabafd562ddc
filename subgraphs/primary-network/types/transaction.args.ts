import { ArgsType, Field } from 'type-graphql';
import type { PagedList } from '../../shared/limits';
import { Network } from '../../shared/network';
import { PageArgs, SortOrder } from '../../shared/pageArgs';
import { BlockchainId, type BlockchainIdParam } from '../../shared/params/blockchainId';
import { Cb58Id } from '../../shared/params/cb58Id';
import { UnixSeconds } from '../../shared/params/numbers';
import { PrimaryAddressList, PrimaryOrEvmAddressList, type PrimaryAddress } from '../../shared/params/primaryAddresses';
import { PrimaryNetworkTxType } from './transaction.type';

/** Arguments of getTxByHash. */
@ArgsType()
export class GetTxByHashArgs {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => BlockchainId, {
    description: 'The P-, X- or C-Chain of the network: its ID, or p-chain, x-chain, c-chain.',
  })
  blockchainId!: BlockchainIdParam;

  @Field(() => Cb58Id, {
    description: "A P- or X-Chain transaction hash, or one of the C-Chain's atomic transactions.",
  })
  txHash!: string;
}

/**
 * The page arguments every list of P- and X-Chain transactions takes: the types and the time range
 * to keep, and the network. Extend it with the list's own arguments:
 *
 * @example
 * @ArgsType() class ListAssetTransactionsArgs extends TransactionPageArgsOf('assetTransactions') { ... }
 */
function TransactionPageArgsOf(list: PagedList) {
  @ArgsType()
  abstract class TransactionPageArgs extends PageArgs(list) {
    @Field(() => [PrimaryNetworkTxType], { nullable: true, description: 'Only transactions of these types.' })
    txTypes?: PrimaryNetworkTxType[];

    @Field(() => UnixSeconds, {
      nullable: true,
      description: 'Only transactions at or after this time (Unix seconds).',
    })
    startTimestamp?: number;

    @Field(() => UnixSeconds, {
      nullable: true,
      description: 'Only transactions at or before this time (Unix seconds).',
    })
    endTimestamp?: number;

    @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
    network!: Network;
  }
  return TransactionPageArgs;
}

/** Arguments of listLatestPrimaryNetworkTransactions. */
@ArgsType()
export class ListPrimaryNetworkTransactionsArgs extends TransactionPageArgsOf('primaryTransactions') {
  @Field(() => BlockchainId, {
    description: 'The P-, X- or C-Chain of the network: its ID, or p-chain, x-chain, c-chain.',
  })
  blockchainId!: BlockchainIdParam;

  @Field(() => PrimaryOrEvmAddressList, {
    nullable: true,
    description:
      'Comma-separated addresses of the network (at most 64), with or without P-/X-/C- prefix, or (C-Chain only) 0x addresses of the accounts its atomic transactions credit or debit: transactions touching any. txTypes and the time range need addresses or l1ValidationId.',
  })
  addresses?: PrimaryAddress[];

  @Field(() => Cb58Id, {
    nullable: true,
    description:
      'P-Chain only: the transactions acting on this L1 validation (its ConvertSubnetToL1Tx or RegisterL1ValidatorTx, IncreaseL1ValidatorBalanceTx, SetL1ValidatorWeightTx, DisableL1ValidatorTx); not with addresses.',
  })
  l1ValidationId?: string;

  @Field(() => SortOrder, { nullable: true, description: 'desc (newest first) when omitted.' })
  sortOrder?: SortOrder;
}

/** Arguments of listActivePrimaryNetworkStakingTransactions. */
@ArgsType()
export class ListStakingTransactionsArgs extends TransactionPageArgsOf('stakingTransactions') {
  @Field(() => BlockchainId, { description: 'The P-Chain of the network: its ID, or p-chain.' })
  blockchainId!: BlockchainIdParam;

  @Field(() => PrimaryAddressList, {
    nullable: true,
    description: 'Comma-separated addresses of the network (at most 64), with or without P- prefix.',
  })
  addresses?: PrimaryAddress[];

  @Field(() => SortOrder, { nullable: true, description: 'desc (newest first) when omitted.' })
  sortOrder?: SortOrder;
}

/** Arguments of listAssetTransactions. */
@ArgsType()
export class ListAssetTransactionsArgs extends TransactionPageArgsOf('assetTransactions') {
  @Field(() => BlockchainId, { description: 'The X-Chain of the network: its ID, or x-chain.' })
  blockchainId!: BlockchainIdParam;

  @Field(() => Cb58Id, { description: 'An X-Chain asset.' })
  assetId!: string;
}
