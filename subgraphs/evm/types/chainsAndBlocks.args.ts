import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs } from '../../shared/pageArgs';
import { BlockId, type BlockIdParam } from '../../shared/params/blockId';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';
import { ApiFeature } from './chainInfo.type';

/** Arguments of supportedChains. */
@ArgsType()
export class SupportedChainsArgs {
  @Field(() => Network, { nullable: true, description: 'Only chains of this network; all when omitted.' })
  network?: Network;

  @Field(() => ApiFeature, { nullable: true, description: 'Only chains with this feature; all when omitted.' })
  feature?: ApiFeature;
}

/** Arguments of getChainInfo. */
@ArgsType()
export class GetChainInfoArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;
}

/** Arguments of listAddressChains. */
@ArgsType()
export class ListAddressChainsArgs {
  @Field(() => EvmAddress, { description: 'An EVM address.' })
  address!: string;
}

/** Arguments of EvmChain.blocks: a page of the chain's blocks, newest first. */
@ArgsType()
export class EvmChainBlocksArgs extends PageArgs('blocks') {}

/** Arguments of getLatestBlocks. */
@ArgsType()
export class GetLatestBlocksArgs extends PageArgs('blocks') {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;
}

/** Arguments of getBlock. */
@ArgsType()
export class GetBlockArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => BlockId, { description: 'A block number, or a block hash.' })
  blockId!: BlockIdParam;
}

/** Arguments of listLatestBlocksAllChains. */
@ArgsType()
export class ListLatestBlocksAllChainsArgs extends PageArgs('blocksAllChains') {
  @Field(() => Network, {
    nullable: true,
    description: 'Only chains of this network; all indexed chains when omitted.',
  })
  network?: Network;
}
