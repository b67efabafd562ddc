import { Directive, Field, ObjectType } from 'type-graphql';
import { Network } from '../../shared/network';

/**
 * A P-, X- or C-Chain address (bech32 without chain prefix) of a network. Entity: explorers join
 * validators' reward addresses and other lists to it. Its `balances` field is resolved per chain
 * by AddressResolver, through a loader (one statement for all addresses of a request).
 */
@ObjectType({ simpleResolvers: true, description: 'A primary-network address and its balances.' })
@Directive('@key(fields: "network address")')
export class Address {
  @Field(() => Network) network!: Network;
  @Field({ description: 'Bech32 without chain prefix, e.g. avax1…' }) address!: string;
}
