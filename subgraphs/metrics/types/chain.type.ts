import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';

/** The network of a Metrics API chain, as the official `NetworkType` names it. */
export enum NetworkType {
  mainnet = 'mainnet',
  testnet = 'testnet',
}
registerEnumType(NetworkType, { name: 'NetworkType', description: 'mainnet, or testnet (Fuji).' });

/** An EVM chain the Metrics API has metrics of (the official `Chain`). */
@ObjectType('MetricsChain', { simpleResolvers: true })
export class MetricsChain {
  @Field(() => SafeInt, { description: 'EVM chain ID of the blockchain.' }) evmChainId!: number;

  @Field({
    description:
      "Blockchain alias: the P-Chain name of the blockchain in lower case, with '_' between its words (c_chain).",
  })
  chainName!: string;

  @Field({ description: 'Blockchain ID (cb58).' }) blockchainId!: string;

  @Field({ description: 'ID of the subnet the blockchain belongs to.' }) subnetId!: string;

  @Field(() => NetworkType) network!: NetworkType;
}

/** A page of Metrics API chains (the official `ListChainsResponse` of the Metrics API). */
@ObjectType({ simpleResolvers: true })
export class MetricsListChainsResponse {
  @Field({ nullable: true }) nextPageToken?: string;

  @Field(() => [MetricsChain], { description: 'The chains whose metrics this service serves, by EVM chain ID.' })
  chains!: MetricsChain[];
}
