import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { Network } from '../../shared/network';

/** The native token of an EVM chain. */
@ObjectType({ simpleResolvers: true })
export class NetworkToken {
  @Field() name!: string;
  @Field() symbol!: string;
  @Field(() => Int) decimals!: number;
  @Field() logoUri!: string;
  @Field() description!: string;
}

/** An indexed EVM chain (C-Chain or an L1). Entity: the metrics subgraph adds its metrics. */
@ObjectType({ simpleResolvers: true, description: 'An EVM chain this service indexes.' })
@Directive('@key(fields: "chainId")')
export class EvmChain {
  @Field({ description: 'EVM chain ID, decimal.' }) chainId!: string;
  @Field() blockchainId!: string;
  @Field(() => Network) network!: Network;
  @Field() chainName!: string;
  @Field() description!: string;
  @Field(() => NetworkToken) networkToken!: NetworkToken;
}
