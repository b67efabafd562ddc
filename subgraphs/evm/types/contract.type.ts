import { Directive, Field, Int, InterfaceType, ObjectType } from 'type-graphql';
import { ResourceLinkType } from './evmEnums';

/** An image of a contract's profile. */
@ObjectType({ simpleResolvers: true })
export class ImageAsset {
  @Field({ nullable: true }) assetId?: string;
  @Field() imageUri!: string;
}

/** A link of a contract's profile. */
@ObjectType({ simpleResolvers: true })
export class ResourceLink {
  @Field(() => ResourceLinkType) type!: ResourceLinkType;
  @Field() url!: string;
}

/** Where a token's market price comes from. */
@ObjectType({ simpleResolvers: true })
export class PricingProviders {
  @Field({ nullable: true, description: "The token's CoinGecko coin ID." }) coingeckoCoinId?: string;
}

/** How a contract was deployed. */
@ObjectType({ simpleResolvers: true })
export class DeploymentDetails {
  @Field() txHash!: string;
  @Field({ description: 'The account that sent the deployment transaction.' }) deployerAddress!: string;
  @Field({ nullable: true, description: 'The factory contract that created it, for deployments through a factory.' })
  deployerContractAddress?: string;
}

/** The variant of a deployed contract by its ercType. */
const contractVariants: Record<'ERC-20' | 'ERC-721' | 'ERC-1155' | 'UNKNOWN', string> = {
  'ERC-20': 'Erc20Contract',
  'ERC-721': 'Erc721Contract',
  'ERC-1155': 'Erc1155Contract',
  UNKNOWN: 'UnknownContract',
};

/**
 * The variant of a deployed contract value, by its ercType (the subgraph's `__resolveType` of DeployedContract).
 * @example resolveContractType({ ercType: 'ERC-20' }) // 'Erc20Contract'
 */
export function resolveContractType(value: { ercType: 'ERC-20' | 'ERC-721' | 'ERC-1155' | 'UNKNOWN' }): string {
  return contractVariants[value.ercType];
}

/**
 * A deployed contract with its metadata (4.15, 2.14): the official `Erc721Contract |
 * Erc1155Contract | Erc20Contract | UnknownContract`, told apart by ercType.
 */
@InterfaceType({
  description:
    'A deployed contract with its profile: an Erc20Contract, Erc721Contract, Erc1155Contract or UnknownContract, told apart by ercType.',
  resolveType: resolveContractType,
})
@Directive('@rest(discriminator: "ercType")')
export abstract class DeployedContract {
  @Field({ description: 'The contract name; empty when not known.' }) name!: string;
  @Field({ nullable: true }) description?: string;
  @Field({ nullable: true }) officialSite?: string;
  @Field({ nullable: true }) email?: string;
  @Field(() => ImageAsset, { nullable: true }) logoAsset?: ImageAsset;
  @Field(() => ImageAsset, { nullable: true }) bannerAsset?: ImageAsset;
  @Field({ nullable: true }) color?: string;
  @Field(() => [ResourceLink]) resourceLinks!: ResourceLink[];
  @Field(() => [String]) tags!: string[];
  @Field() address!: string;
  @Field(() => DeploymentDetails, {
    nullable: true,
    description: 'How it was deployed; absent for a contract whose deployment this service has not indexed.',
  })
  deploymentDetails?: DeploymentDetails;
  @Field({ description: 'ERC-20, ERC-721, ERC-1155 or UNKNOWN.' }) ercType!: string;
  /** The contract's chain; not a field: a collection's `tokens` field pages on it. */
  chainId?: bigint;
}

/** An ERC-20 contract of 4.15. */
@ObjectType({ implements: DeployedContract, simpleResolvers: true, description: 'A deployed ERC-20 contract.' })
export class Erc20Contract extends DeployedContract {
  @Field({ description: 'ERC-20.' })
  @Directive('@rest(enum: ["ERC-20"])')
  override ercType: 'ERC-20' = 'ERC-20';
  @Field({ nullable: true }) symbol?: string;
  @Field(() => Int, { description: 'The decimals of the token (18 when its contract does not say).' })
  decimals!: number;
  @Field(() => PricingProviders, { nullable: true, description: "Where the token's price comes from, when known." })
  pricingProviders?: PricingProviders;
}

/** An ERC-721 contract of 4.15. */
@ObjectType({ implements: DeployedContract, simpleResolvers: true, description: 'A deployed ERC-721 contract.' })
export class Erc721Contract extends DeployedContract {
  @Field({ description: 'ERC-721.' })
  @Directive('@rest(enum: ["ERC-721"])')
  override ercType: 'ERC-721' = 'ERC-721';
  @Field({ nullable: true }) symbol?: string;
}

/** An ERC-1155 contract of 4.15. */
@ObjectType({ implements: DeployedContract, simpleResolvers: true, description: 'A deployed ERC-1155 contract.' })
export class Erc1155Contract extends DeployedContract {
  @Field({ description: 'ERC-1155.' })
  @Directive('@rest(enum: ["ERC-1155"])')
  override ercType: 'ERC-1155' = 'ERC-1155';
  @Field({ nullable: true }) symbol?: string;
  @Field(() => PricingProviders, { nullable: true, description: "Where the token's price comes from, when known." })
  pricingProviders?: PricingProviders;
}

/** A contract of 4.15 that is none of the token standards. */
@ObjectType({
  implements: DeployedContract,
  simpleResolvers: true,
  description: 'A deployed contract of no token standard.',
})
export class UnknownContract extends DeployedContract {
  @Field({ description: 'UNKNOWN.' })
  @Directive('@rest(enum: ["UNKNOWN"])')
  override ercType: 'UNKNOWN' = 'UNKNOWN';
}

/** A page of deployed contracts (4.15). */
@ObjectType({ simpleResolvers: true })
export class ListContractDeploymentsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [DeployedContract]) contracts!: DeployedContract[];
}
