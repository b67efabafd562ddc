import { Directive, Field, Int, InterfaceType, ObjectType } from 'type-graphql';
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
@ObjectType({
  simpleResolvers: true,
  description: 'An address, with the name, symbol, decimals and logo of the contract at it when known.',
})
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
  @Field({ description: 'ERC-20.' })
  @Directive('@rest(enum: ["ERC-20"])')
  ercType!: 'ERC-20';
  @Field(() => Price, { nullable: true, description: 'Current price in usd, when the token has a market price.' })
  price?: Price;
}

/** What the fetched metadata of any NFT holds (2.10). */
@ObjectType({ simpleResolvers: true })
abstract class NftMetadataFields {
  @Field(() => NftIndexStatus) indexStatus!: NftIndexStatus;
  @Field(() => SafeInt, { nullable: true }) metadataLastUpdatedTimestamp?: number;
  @Field({ nullable: true }) name?: string;
  @Field({ nullable: true }) symbol?: string;
  @Field({ nullable: true }) imageUri?: string;
  @Field({ nullable: true }) description?: string;
  @Field({ nullable: true }) animationUri?: string;
  @Field({ nullable: true }) externalUrl?: string;
  @Field({ nullable: true }) background?: string;
}

/** Fetched metadata of an ERC-721 token (2.10). */
@ObjectType({ simpleResolvers: true, description: 'Fetched metadata of an ERC-721 token.' })
export class Erc721TokenMetadata extends NftMetadataFields {
  @Field({ nullable: true, description: 'The attributes, JSON text as served by the token URI.' }) attributes?: string;
}

/** Fetched metadata of an ERC-1155 token (2.10): `decimals` and `properties` where ERC-721 has `attributes`. */
@ObjectType({ simpleResolvers: true, description: 'Fetched metadata of an ERC-1155 token.' })
export class Erc1155TokenMetadata extends NftMetadataFields {
  @Field(() => Int, { nullable: true, description: 'The decimals of the metadata.' }) decimals?: number;
  @Field({ nullable: true, description: 'The properties, JSON text as served by the token URI.' }) properties?: string;
}

/** The variant of an NFT by its ercType. */
const nftVariants: Record<'ERC-721' | 'ERC-1155', string> = { 'ERC-721': 'Erc721Token', 'ERC-1155': 'Erc1155Token' };

/**
 * The variant of an NFT value, by its ercType (the subgraph's `__resolveType` of NftToken).
 * @example resolveNftTokenType({ ercType: 'ERC-1155' }) // 'Erc1155Token'
 */
export function resolveNftTokenType(value: { ercType: 'ERC-721' | 'ERC-1155' }): string {
  return nftVariants[value.ercType];
}

/** An NFT of 4.20: an ERC-721 or an ERC-1155 token (the official `Erc721Token | Erc1155Token`, told apart by ercType). */
@InterfaceType({
  description: 'An NFT: an Erc721Token or an Erc1155Token, told apart by ercType.',
  resolveType: resolveNftTokenType,
})
@Directive('@rest(discriminator: "ercType")')
export abstract class NftToken {
  @Field({ description: 'The collection contract.' }) address!: string;
  @Field({ description: 'ERC-721 or ERC-1155.' }) ercType!: string;
  @Field() tokenId!: string;
  @Field({ description: 'The token URI; empty when the token has none or it is not known yet.' }) tokenUri!: string;
}

/** An ERC-721 token (2.10): of transfers, and of 4.20. Members in the spec's order. */
@ObjectType({
  implements: NftToken,
  simpleResolvers: true,
  description: 'An ERC-721 token: its collection, ID, URI, fetched metadata and owner.',
})
export class Erc721Token implements NftToken {
  @Field({ description: 'The collection contract.' }) address!: string;
  @Field({ description: 'Name of the collection; empty when not known.' }) name!: string;
  @Field({ description: 'Symbol of the collection; empty when not known.' }) symbol!: string;
  @Field({ description: 'ERC-721.' })
  @Directive('@rest(enum: ["ERC-721"])')
  ercType!: 'ERC-721';
  @Field() tokenId!: string;
  @Field({ description: 'The token URI; empty when the token has none or it is not known yet.' }) tokenUri!: string;
  @Field(() => Erc721TokenMetadata) metadata!: Erc721TokenMetadata;
  @Field({ nullable: true, description: 'Current owner.' }) ownerAddress?: string;
}

/** An ERC-1155 token (2.9 erc1155Token, and 4.20). */
@ObjectType({
  implements: NftToken,
  simpleResolvers: true,
  description: 'An ERC-1155 token: its collection, ID, URI and fetched metadata.',
})
export class Erc1155Token implements NftToken {
  @Field({ description: 'The collection contract.' }) address!: string;
  @Field({ description: 'ERC-1155.' })
  @Directive('@rest(enum: ["ERC-1155"])')
  ercType!: 'ERC-1155';
  @Field() tokenId!: string;
  @Field({ description: 'The token URI; empty when the token has none or it is not known yet.' }) tokenUri!: string;
  @Field(() => Erc1155TokenMetadata) metadata!: Erc1155TokenMetadata;
}
