import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { Network } from '../../shared/network';
import { SafeInt } from '../../shared/scalars';
import { Blockchain } from './blockchain.type';

/** Owner of a subnet: `threshold` of `addresses` must sign after `locktime`. */
@ObjectType({ simpleResolvers: true })
export class SubnetOwnershipInfo {
  @Field(() => SafeInt) locktime!: number;
  @Field(() => Int) threshold!: number;
  @Field(() => [String]) addresses!: string[];
}

/** The contract that manages an L1's validator set. */
@ObjectType({ simpleResolvers: true })
export class L1ValidatorManagerDetails {
  @Field() blockchainId!: string;
  @Field() contractAddress!: string;
}

/** A subnet or L1 (spec 2.4). Entity: other subgraphs join on it. */
@ObjectType({ simpleResolvers: true, description: 'A subnet, or an L1 once converted.' })
@Directive('@key(fields: "network subnetId")')
export class Subnet {
  @Field(() => SafeInt) createBlockTimestamp!: number;
  @Field() createBlockIndex!: string;
  @Field() subnetId!: string;
  @Field(() => [String]) ownerAddresses!: string[];
  @Field(() => Int) threshold!: number;
  @Field(() => SafeInt) locktime!: number;
  @Field(() => SubnetOwnershipInfo) subnetOwnershipInfo!: SubnetOwnershipInfo;
  @Field() isL1!: boolean;
  @Field({ nullable: true }) l1ConversionTransactionHash?: string;
  @Field(() => L1ValidatorManagerDetails, { nullable: true }) l1ValidatorManagerDetails?: L1ValidatorManagerDetails;
  /** Resolved through a loader by SubnetResolver. */
  @Field(() => [Blockchain]) blockchains!: Blockchain[];
  @Field(() => Network, { description: 'The network of the subnet.' })
  @Directive('@rest(omit: true)')
  network!: Network;
}

/** A page of subnets (4.4). */
@ObjectType({ simpleResolvers: true })
export class ListSubnetsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [Subnet]) subnets!: Subnet[];
}
