import { Directive, Field, ObjectType } from 'type-graphql';
import { Network } from '../../shared/network';
import { SafeInt } from '../../shared/scalars';
import { GenesisData } from './genesisData.type';

/** A blockchain of a subnet (spec 2.4 Blockchain). Entity: other subgraphs join on it. */
@ObjectType({ simpleResolvers: true, description: 'A blockchain created on the P-Chain (CreateChainTx).' })
@Directive('@key(fields: "network blockchainId")')
export class Blockchain {
  @Field(() => SafeInt) createBlockTimestamp!: number;
  @Field() createBlockNumber!: string;
  @Field() blockchainId!: string;
  @Field() vmId!: string;
  @Field() subnetId!: string;
  @Field() blockchainName!: string;
  @Field(() => SafeInt, { nullable: true }) evmChainId?: number;
  @Field(() => GenesisData, { nullable: true }) genesisData?: GenesisData;
  @Field(() => Network, { description: 'The network of the blockchain.' })
  @Directive('@rest(omit: true)')
  network!: Network;
}
