import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmAddress, EvmAddressList } from '../../shared/params/evmAddress';
import { BlockNumber } from '../../shared/params/numbers';
import { CurrencyCode } from './evmEnums';

/** 4.12's options, as an account view on one chain takes them. */
@ArgsType()
export class Erc20BalancesPageArgs extends PageArgs('erc20Balances') {
  @Field(() => BlockNumber, {
    nullable: true,
    description: 'Balances after this block; the latest indexed block when omitted.',
  })
  blockNumber?: bigint;

  @Field({
    nullable: true,
    defaultValue: true,
    description: 'Leave out tokens of Malicious reputation (default true).',
  })
  filterSpamTokens: boolean = true;

  @Field(() => EvmAddressList, { nullable: true, description: 'Only these token contracts (comma-separated).' })
  contractAddresses?: string[];

  @Field(() => CurrencyCode, {
    nullable: true,
    defaultValue: CurrencyCode.usd,
    description: 'Currency of price and balanceValue (default usd).',
  })
  currency: CurrencyCode = CurrencyCode.usd;
}

/** Arguments of 4.12 list ERC-20 balances. */
@ArgsType()
export class ListErc20BalancesArgs extends Erc20BalancesPageArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The holder.' })
  address!: string;
}
