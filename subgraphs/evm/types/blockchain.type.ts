import { Directive, Field, ObjectType } from 'type-graphql';
import { Network } from '../../shared/network';
import { EvmChain } from './evmChain.type';

/** The primary-network subgraph's Blockchain, extended here with its EVM chain. */
@ObjectType({ simpleResolvers: true })
@Directive('@key(fields: "network blockchainId")')
export class Blockchain {
  @Field(() => Network) network!: Network;
  @Field() blockchainId!: string;
  @Field(() => EvmChain, { nullable: true, description: 'The indexed EVM chain of this blockchain.' })
  @Directive('@rest(omit: true)')
  evmChain?: EvmChain;
}
