import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs, SortOrder } from '../../shared/pageArgs';
import { BlockchainId, type BlockchainIdParam } from '../../shared/params/blockchainId';
import { Cb58Id } from '../../shared/params/cb58Id';
import { BlockNumber, UnixSeconds } from '../../shared/params/numbers';
import { PrimaryAddressList, type PrimaryAddress } from '../../shared/params/primaryAddresses';
import { PrimaryBlockId, type PrimaryBlockIdParam } from '../../shared/params/primaryBlockId';

/** Arguments of the operations on a whole network (getNetworkDetails). */
@ArgsType()
export class NetworkArgs {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;
}

/** Arguments of getBlockById. */
@ArgsType()
export class GetPrimaryBlockArgs extends NetworkArgs {
  @Field(() => BlockchainId, { description: 'The P- or X-Chain of the network: its ID, or p-chain, x-chain.' })
  blockchainId!: BlockchainIdParam;

  @Field(() => PrimaryBlockId, { description: 'The block: its height, or its block ID.' })
  blockId!: PrimaryBlockIdParam;
}

/** Arguments of listLatestPrimaryNetworkBlocks. */
@ArgsType()
export class ListLatestPrimaryBlocksArgs extends PageArgs('primaryNetworkBlocks') {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => BlockchainId, { description: 'The P- or X-Chain of the network: its ID, or p-chain, x-chain.' })
  blockchainId!: BlockchainIdParam;

  @Field(() => UnixSeconds, { nullable: true, description: 'Only blocks at or after this time (Unix seconds).' })
  startTimestamp?: number;

  @Field(() => UnixSeconds, { nullable: true, description: 'Only blocks at or before this time (Unix seconds).' })
  endTimestamp?: number;
}

/** Arguments of getVertexByHash. */
@ArgsType()
export class GetVertexArgs extends NetworkArgs {
  @Field(() => BlockchainId, { description: 'The X-Chain of the network: its ID, or x-chain.' })
  blockchainId!: BlockchainIdParam;

  @Field(() => Cb58Id, { description: 'The vertex ID.' })
  vertexHash!: string;
}

/** Arguments of getVertexByHeight. */
@ArgsType()
export class ListVerticesByHeightArgs extends PageArgs('verticesByHeight') {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => BlockchainId, { description: 'The X-Chain of the network: its ID, or x-chain.' })
  blockchainId!: BlockchainIdParam;

  @Field(() => BlockNumber, { description: 'The height of the vertices.' })
  vertexHeight!: bigint;

  @Field(() => SortOrder, { nullable: true, description: 'By accepted order; latest first (desc) when omitted.' })
  sortOrder?: SortOrder;
}

/** Arguments of listBlockchains. */
@ArgsType()
export class ListBlockchainsArgs extends PageArgs('blockchains') {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => SortOrder, { nullable: true, description: 'Sort by creation time; newest first when omitted.' })
  sortOrder?: SortOrder;
}

/** Arguments of getBlockchainById. */
@ArgsType()
export class GetBlockchainArgs extends NetworkArgs {
  @Field(() => Cb58Id, { description: 'The blockchain ID.' })
  blockchainId!: string;
}

/** Arguments of getSubnetById. */
@ArgsType()
export class GetSubnetArgs extends NetworkArgs {
  @Field(() => Cb58Id, { description: 'The subnet ID.' })
  subnetId!: string;
}

/** Arguments of getAssetDetails. */
@ArgsType()
export class GetAssetArgs extends NetworkArgs {
  @Field(() => BlockchainId, { description: 'The X-Chain of the network: its ID, or x-chain.' })
  blockchainId!: BlockchainIdParam;

  @Field(() => Cb58Id, { description: 'The asset ID (the ID of its CreateAssetTx).' })
  assetId!: string;
}

/** Arguments of getChainIdsForAddresses. */
@ArgsType()
export class ChainIdsForAddressesArgs extends NetworkArgs {
  @Field(() => PrimaryAddressList, {
    description: 'Comma-separated addresses of the network (at most 64), with or without P-/X- prefix.',
  })
  addresses!: PrimaryAddress[];
}
