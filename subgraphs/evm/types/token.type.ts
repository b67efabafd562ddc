import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { CurrencyCode, NftIndexStatus } from './evmEnums';

/** A price or value in a currency (2.1 Price). */
@ObjectType({ simpleResolvers: true, description: 'An amount of money: a currency and a decimal value.' })
@Directive('@shareable')
export class Price {
  @Field(() => CurrencyCode) currencyCode!: CurrencyCode;
  @Field({ description: 'Decimal amount: exact text in GraphQL, a JSON number in REST.' })
  @Directive('@rest(number: true)')
  value!: string;
}

/** An EVM account reference (2.8): an address, with token metadata when it is a known contract. */
@ObjectType({ simpleResolvers: true, description: 'An address, with the name, symbol, decimals and logo of the contract at it when known.' })
export class EvmAccountReference {
  @Field({ nullable: true }) name?: string;
  @Field({ nullable: true }) symbol?: string;
  @Field(() => Int, { nullable: true }) decimals?: number;
  @Field({ nullable: true }) logoUri?: string;
  @Field({ description: 'Lower-case address.' }) address!: string;
}

/** An ERC-20 token as transfers and balances describe it (2.9 erc20Token). */
@ObjectType({ simpleResolvers: true })
export class Erc20TokenDetails {
  @Field() address!: string;
  @Field() name!: string;
  @Field() symbol!: string;
  @Field(() => Int) decimals!: number;
  @Field({ nullable: true }) logoUri?: string;
  @Field({ description: 'ERC-20.' }) ercType!: string;
  @Field(() => Price, { nullable: true, description: 'Current price in usd, when the token has a market price.' }) price?: Price;
}

/** Fetched metadata of an NFT (2.10): ERC-721 tokens have `attributes`, ERC-1155 tokens `properties` and `decimals`. */
@ObjectType({ simpleResolvers: true })
export class NftTokenMetadata {
  @Field(() => NftIndexStatus) indexStatus!: NftIndexStatus;
  @Field(() => SafeInt, { nullable: true }) metadataLastUpdatedTimestamp?: number;
  @Field({ nullable: true }) name?: string;
  @Field({ nullable: true }) symbol?: string;
  @Field({ nullable: true }) imageUri?: string;
  @Field({ nullable: true }) description?: string;
  @Field({ nullable: true }) animationUri?: string;
  @Field({ nullable: true }) externalUrl?: string;
  @Field({ nullable: true }) background?: string;
  @Field({ nullable: true, description: 'ERC-721: the attributes, JSON text as served by the token URI.' }) attributes?: string;
  @Field({ nullable: true, description: 'ERC-1155: the properties, JSON text as served by the token URI.' }) properties?: string;
  @Field(() => Int, { nullable: true, description: 'ERC-1155: the decimals of the metadata.' }) decimals?: number;
}

/** An NFT (2.10): the ERC-721 token of transfers, and any NFT of 4.20. */
@ObjectType({ simpleResolvers: true, description: 'An NFT: its collection, ID, URI, fetched metadata and (ERC-721) owner.' })
export class NftToken {
  @Field({ description: 'The collection contract.' }) address!: string;
  @Field({ nullable: true }) name?: string;
  @Field({ nullable: true }) symbol?: string;
  @Field({ description: 'ERC-721 (ERC-1155 for such tokens of 4.20).' }) ercType!: string;
  @Field() tokenId!: string;
  @Field({ nullable: true }) tokenUri?: string;
  @Field(() => NftTokenMetadata) metadata!: NftTokenMetadata;
  @Field({ nullable: true, description: 'Current owner (ERC-721).' }) ownerAddress?: string;
}

/** An ERC-1155 token of transfers (2.9 erc1155Token). */
@ObjectType({ simpleResolvers: true })
export class Erc1155Token {
  @Field() address!: string;
  @Field({ description: 'ERC-1155.' }) ercType!: string;
  @Field() tokenId!: string;
  @Field({ nullable: true }) tokenUri?: string;
  @Field(() => NftTokenMetadata) metadata!: NftTokenMetadata;
}
