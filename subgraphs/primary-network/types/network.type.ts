import { Directive, Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { PUBLIC_NETWORKS } from '../../../avalanche/networks';
import { SafeInt } from '../../shared/scalars';
import { Blockchain } from './blockchain.type';
import { PrimaryNetworkAssetType } from './primaryEnums';

/** The staked amount and count of the primary network's validators of one avalanchego version. */
@ObjectType({ simpleResolvers: true })
export class StakingDistribution {
  @Field({ description: 'AvalancheGo version of the validator nodes, as the indexing node last saw them.' })
  version!: string;
  @Field({ description: 'Stake of the active validations of nodes with this version, nAVAX.' }) amountStaked!: string;
  @Field(() => Int, { description: 'Active validations of nodes with this version.' }) validatorCount!: number;
}

/** The primary network's active validations at the request's instant. */
@ObjectType({ simpleResolvers: true })
export class ValidatorsDetails {
  @Field(() => Int) validatorCount!: number;
  @Field({ description: 'Own stake of the active validations, nAVAX.' }) totalAmountStaked!: string;
  @Field({ description: 'Potential rewards of the active validations and delegations, nAVAX.' })
  estimatedAnnualStakingReward!: string;
  @Field(() => [StakingDistribution]) stakingDistributionByVersion!: StakingDistribution[];
  @Field({ description: 'Active stake (validators and delegators) over the current supply, a decimal fraction.' })
  stakingRatio!: string;
}

/** The primary network's active delegations at the request's instant. */
@ObjectType({ simpleResolvers: true })
export class DelegatorsDetails {
  @Field(() => Int) delegatorCount!: number;
  @Field({ description: 'Stake of the active delegations, nAVAX.' }) totalAmountStaked!: string;
}

/** Staking figures of a network (getNetworkDetails). */
@ObjectType({ simpleResolvers: true })
export class GetNetworkDetailsResponse {
  @Field(() => ValidatorsDetails) validatorDetails!: ValidatorsDetails;
  @Field(() => DelegatorsDetails) delegatorDetails!: DelegatorsDetails;
}

/** A page of blockchains (listBlockchains). */
@ObjectType({ simpleResolvers: true })
export class ListBlockchainsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [Blockchain]) blockchains!: Blockchain[];
}

/** Whether more of an asset can be minted (official `PrimaryNetworkAssetCap`). */
export enum PrimaryNetworkAssetCap {
  fixed = 'fixed',
  variable = 'variable',
}

registerEnumType(PrimaryNetworkAssetCap, {
  name: 'PrimaryNetworkAssetCap',
  description: 'fixed, or variable when the asset was created with a mint output.',
});

/** An X-Chain asset (getAssetDetails). */
@ObjectType({ simpleResolvers: true })
export class XChainAssetDetails {
  @Field() assetId!: string;
  @Field() name!: string;
  @Field() symbol!: string;
  @Field(() => Int, { description: 'Decimal places.' }) denomination!: number;
  @Field(() => PrimaryNetworkAssetType) type!: PrimaryNetworkAssetType;
  @Field(() => SafeInt, { description: 'Block time of the CreateAssetTx, Unix seconds.' }) createdAtTimestamp!: number;
  @Field(() => PrimaryNetworkAssetCap) cap!: PrimaryNetworkAssetCap;
}

/** The primary-network chains an address appears on. */
@ObjectType({ simpleResolvers: true })
export class ChainAddressChainIdMap {
  @Field({ description: 'The address as given, without chain prefix.' }) address!: string;
  @Field(() => [String], { description: 'IDs of the P-, X- and C-Chain where the address owns or owned an output.' })
  @Directive(
    `@rest(enum: ["${PRIMARY_NETWORK_ID}", "${PUBLIC_NETWORKS.MAINNET.chains['x-chain']}", "${PUBLIC_NETWORKS.FUJI.chains['x-chain']}", "${PUBLIC_NETWORKS.MAINNET.chains['c-chain']}", "${PUBLIC_NETWORKS.FUJI.chains['c-chain']}"])`,
  )
  blockchainIds!: string[];
}

/** The chains of each address (getChainIdsForAddresses). */
@ObjectType({ simpleResolvers: true })
export class ChainAddressChainIdMapListResponse {
  @Field(() => [ChainAddressChainIdMap]) addresses!: ChainAddressChainIdMap[];
}
