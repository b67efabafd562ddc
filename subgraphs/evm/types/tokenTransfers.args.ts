import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';
import { BlockNumber } from '../../shared/params/numbers';
import { CurrencyCode } from './evmEnums';

/** Arguments of listTransfers: every transfer of one token contract in a block range. */
@ArgsType()
export class ListTokenTransfersArgs extends PageArgs('tokenTransfers') {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The token contract (ERC-20, ERC-721 or ERC-1155).' })
  address!: string;

  @Field(() => BlockNumber, {
    nullable: true,
    description: 'First block of the range (inclusive); the genesis block when omitted.',
  })
  startBlock?: bigint;

  @Field(() => BlockNumber, {
    nullable: true,
    description: 'End of the range (exclusive); up to the latest block when omitted.',
  })
  endBlock?: bigint;
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
