import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs, SortOrder } from '../../shared/pageArgs';

/** Arguments of 4.4 list subnets. */
@ArgsType()
export class ListSubnetsArgs extends PageArgs('subnets') {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => SortOrder, { nullable: true, description: 'Sort by creation time; newest first when omitted.' })
  sortOrder?: SortOrder;
}
