import { Field, Int, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { PrimaryNetworkChainInfo } from './primaryAsset.type';

/** The proposervm wrapper of a block: who proposed it, when, at which P-Chain height. */
@ObjectType({ simpleResolvers: true })
export class ProposerDetails {
  @Field() proposerId!: string;
  @Field() proposerParentId!: string;
  @Field() proposerNodeId!: string;
  @Field(() => SafeInt) proposerPChainHeight!: number;
  @Field(() => SafeInt) proposerTimestamp!: number;
}

/** A P- or X-Chain block (spec 2.15). */
@ObjectType({ simpleResolvers: true })
export class PrimaryNetworkBlock {
  @Field() blockNumber!: string;
  @Field() blockHash!: string;
  @Field() parentHash!: string;
  @Field({ description: 'The kind of block as the node names it, e.g. BanffStandardBlock.' }) blockType!: string;
  @Field(() => SafeInt) blockTimestamp!: number;
  @Field(() => Int) txCount!: number;
  @Field(() => [String]) transactions!: string[];
  @Field(() => Int) blockSizeBytes!: number;
  @Field(() => SafeInt) l1ValidatorsAccruedFees!: number;
  @Field(() => Int) activeL1Validators!: number;
  @Field() currentSupply!: string;
  @Field(() => ProposerDetails, { nullable: true, description: 'Absent on blocks from before the proposervm.' })
  proposerDetails?: ProposerDetails;
}

/** A page of blocks proposed by a node (4.17). */
@ObjectType({ simpleResolvers: true })
export class ListPrimaryNetworkBlocksResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [PrimaryNetworkBlock]) blocks!: PrimaryNetworkBlock[];
  @Field(() => PrimaryNetworkChainInfo) chainInfo!: PrimaryNetworkChainInfo;
}
