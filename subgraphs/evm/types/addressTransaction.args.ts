import { ArgsType, Field } from 'type-graphql';
import { BlockRangePageArgsOf } from './blockRange.args';
import { SortOrder } from '../../shared/pageArgs';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';

/** The block range and page of an address's transaction lists, as an account view on one chain takes them. */
@ArgsType()
export class NativeTransactionsPageArgs extends BlockRangePageArgsOf('addressTransactions') {}

/** The options of the combined view (listTransactions): block range, order and page. */
@ArgsType()
export class AddressTransactionsPageArgs extends NativeTransactionsPageArgs {
  @Field(() => SortOrder, {
    nullable: true,
    description: 'By block and position in the block; desc (newest first) when omitted.',
  })
  sortOrder?: SortOrder;
}

/** The options of listTransactionsV2: those of listTransactions, and the spam filter. */
@ArgsType()
export class AddressTransactionsV2PageArgs extends AddressTransactionsPageArgs {
  @Field({
    nullable: true,
    defaultValue: true,
    description:
      'Leave out ERC-20 transfers of tokens of Malicious reputation, and transactions the address took part in through such transfers only (default true).',
  })
  filterSpamTokens: boolean = true;
}

/** Arguments of listNativeTransactions. */
@ArgsType()
export class ListNativeTransactionsArgs extends NativeTransactionsPageArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The account: transactions it sent or received.' })
  address!: string;
}

/** Arguments of listTransactions. */
@ArgsType()
export class ListTransactionsArgs extends AddressTransactionsPageArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, {
    description: 'The account: transactions it sent or received, or took part in through a transfer or internal call.',
  })
  address!: string;
}

/** Arguments of listTransactionsV2. */
@ArgsType()
export class ListTransactionsV2Args extends AddressTransactionsV2PageArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, {
    description: 'The account: transactions it sent or received, or took part in through a transfer or internal call.',
  })
  address!: string;
}
