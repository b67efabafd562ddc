import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';
import { BlockNumber } from '../../shared/params/numbers';
import { CurrencyCode } from './evmEnums';

/** getNativeBalance's options, as an account view on one chain takes them. */
@ArgsType()
export class NativeTokenBalanceArgs {
  @Field(() => BlockNumber, {
    nullable: true,
    description: 'The balance after this block; the latest indexed block when omitted.',
  })
  blockNumber?: bigint;

  @Field(() => CurrencyCode, {
    nullable: true,
    defaultValue: CurrencyCode.usd,
    description: 'Currency of price and balanceValue (default usd).',
  })
  currency: CurrencyCode = CurrencyCode.usd;
}

/** Arguments of getNativeBalance. */
@ArgsType()
export class GetNativeBalanceArgs extends NativeTokenBalanceArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The address.' })
  address!: string;
}

/** listErc721Balances' options, as an account view on one chain takes them. */
@ArgsType()
export class Erc721BalancesPageArgs extends PageArgs('erc721Balances') {
  @Field(() => EvmAddress, { nullable: true, description: 'Only tokens of this collection.' })
  contractAddress?: string;
}

/** Arguments of listErc721Balances. */
@ArgsType()
export class ListErc721BalancesArgs extends Erc721BalancesPageArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The owner.' })
  address!: string;
}

/** listErc1155Balances' options, as an account view on one chain takes them. */
@ArgsType()
export class Erc1155BalancesPageArgs extends PageArgs('erc1155Balances') {
  @Field(() => BlockNumber, {
    nullable: true,
    description: 'Balances after this block; the latest indexed block when omitted.',
  })
  blockNumber?: bigint;

  @Field(() => EvmAddress, { nullable: true, description: 'Only tokens of this collection.' })
  contractAddress?: string;
}

/** Arguments of listErc1155Balances. */
@ArgsType()
export class ListErc1155BalancesArgs extends Erc1155BalancesPageArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The holder.' })
  address!: string;
}

/** listCollectibleBalances' options, as an account view on one chain takes them. */
@ArgsType()
export class CollectibleBalancesPageArgs extends PageArgs('collectibleBalances') {
  @Field(() => EvmAddress, { nullable: true, description: 'Only tokens of this collection.' })
  contractAddress?: string;
}

/** Arguments of listCollectibleBalances. */
@ArgsType()
export class ListCollectibleBalancesArgs extends CollectibleBalancesPageArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The holder.' })
  address!: string;
}
