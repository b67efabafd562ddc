import { ArgsType, Field } from 'type-graphql';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';
import { TokenId } from '../../shared/params/tokenId';

/** Arguments of 4.20 get NFT token details. */
@ArgsType()
export class GetTokenDetailsArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The collection contract.' })
  address!: string;

  @Field(() => TokenId, { description: 'The token ID, decimal.' })
  tokenId!: bigint;
}
