import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';
import { TokenId } from '../../shared/params/tokenId';

/** Arguments of getContractMetadata: one address on one chain. */
@ArgsType()
export class GetContractMetadataArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The contract.' })
  address!: string;
}

/** The page of listTokens, as a collection's `tokens` field takes it. */
@ArgsType()
export class NftTokensPageArgs extends PageArgs('nftTokens') {}

/** Arguments of listTokens: a collection's tokens. */
@ArgsType()
export class ListTokensArgs extends NftTokensPageArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The collection contract.' })
  address!: string;
}

/** Arguments of reindexNft: one NFT. */
@ArgsType()
export class ReindexNftArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The collection contract.' })
  address!: string;

  @Field(() => TokenId, { description: 'The token ID, decimal.' })
  tokenId!: bigint;
}
