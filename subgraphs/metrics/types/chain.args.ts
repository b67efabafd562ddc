import { ArgsType, Field } from 'type-graphql';
import { IsOptional } from 'class-validator';
import { Network } from '../../shared/network';
import { EvmChainId } from '../../shared/params/chainId';

/** Arguments of the Metrics API's listChains: a page token and a network, no page size (pages of up to 10000). */
@ArgsType()
export class ListMetricsChainsArgs {
  @Field(() => String, {
    nullable: true,
    description: 'A nextPageToken from a previous response, to get the next page.',
  })
  @IsOptional()
  pageToken?: string;

  @Field(() => Network, {
    nullable: true,
    description: 'Only chains of this network (fuji and testnet alike); all when omitted.',
  })
  network?: Network;
}

/** Arguments of the Metrics API's getChain. */
@ArgsType()
export class GetMetricsChainArgs {
  @Field(() => EvmChainId, { description: 'A supported EVM chain ID (listChains lists them).' })
  chainId!: bigint;
}
