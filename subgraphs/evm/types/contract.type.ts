import { Field, ObjectType } from 'type-graphql';

/** An image of a contract's profile. */
@ObjectType({ simpleResolvers: true })
export class ImageAsset {
  @Field({ nullable: true }) assetId?: string;
  @Field() imageUri!: string;
}

/** A link of a contract's profile. */
@ObjectType({ simpleResolvers: true })
export class ResourceLink {
  @Field({ description: 'Website, Twitter, CoinGecko, …' }) type!: string;
  @Field() url!: string;
}

/** How a contract was deployed. */
@ObjectType({ simpleResolvers: true })
export class DeploymentDetails {
  @Field() txHash!: string;
  @Field({ description: 'The account that sent the deployment transaction.' }) deployerAddress!: string;
  @Field({ nullable: true, description: 'The factory contract that created it, for deployments through a factory.' }) deployerContractAddress?: string;
}

/** A deployed contract with its metadata (4.15, 2.14). */
@ObjectType({ simpleResolvers: true })
export class DeployedContract {
  @Field() name!: string;
  @Field({ nullable: true }) description?: string;
  @Field({ nullable: true }) officialSite?: string;
  @Field({ nullable: true }) email?: string;
  @Field({ nullable: true }) color?: string;
  @Field() address!: string;
  @Field({ nullable: true }) symbol?: string;
  @Field(() => ImageAsset, { nullable: true }) logoAsset?: ImageAsset;
  @Field(() => ImageAsset, { nullable: true }) bannerAsset?: ImageAsset;
  @Field(() => [ResourceLink]) resourceLinks!: ResourceLink[];
  @Field(() => [String]) tags!: string[];
  @Field(() => DeploymentDetails) deploymentDetails!: DeploymentDetails;
  @Field({ description: 'ERC-20, ERC-721, ERC-1155 or UNKNOWN.' }) ercType!: string;
}

/** A page of deployed contracts (4.15). */
@ObjectType({ simpleResolvers: true })
export class ListContractDeploymentsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' }) nextPageToken?: string;
  @Field(() => [DeployedContract]) contracts!: DeployedContract[];
}
