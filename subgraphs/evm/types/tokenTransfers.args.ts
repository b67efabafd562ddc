import { ArgsType, Field } from 'type-graphql';
import { BlockRangePageArgsOf } from './blockRange.args';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';
import { CurrencyCode } from './evmEnums';

/** Arguments of listTransfers: every transfer of one token contract in a block range. */
@ArgsType()
export class ListTokenTransfersArgs extends BlockRangePageArgsOf('tokenTransfers') {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The token contract (ERC-20, ERC-721 or ERC-1155).' })
  address!: string;
}

/** Arguments of getDeploymentTransaction. */
@ArgsType()
export class GetDeploymentTransactionArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The contract.' })
  address!: string;

  @Field(() => CurrencyCode, {
    nullable: true,
    defaultValue: CurrencyCode.usd,
    description: 'Currency of the native token prices (default usd).',
  })
  currency: CurrencyCode = CurrencyCode.usd;
}
