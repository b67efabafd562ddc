import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs, SortOrder } from '../../shared/pageArgs';
import { NodeIdList } from '../../shared/params/nodeId';
import { PrimaryAddressList, type PrimaryAddress } from '../../shared/params/primaryAddresses';

/** Arguments of 4.14 list pending rewards; at least one of `addresses` and `nodeIds` is required. */
@ArgsType()
export class ListPendingRewardsArgs extends PageArgs('pendingRewards') {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => PrimaryAddressList, {
    nullable: true,
    description: 'Rewards going to these addresses (at most 64). addresses or nodeIds is required.',
  })
  addresses?: PrimaryAddress[];

  @Field(() => NodeIdList, {
    nullable: true,
    description: 'Rewards of stakes on these nodes (at most 64). With addresses, rewards matching both.',
  })
  nodeIds?: string[];

  @Field(() => SortOrder, { nullable: true, description: 'By staking start; desc (latest first) when omitted.' })
  sortOrder?: SortOrder;
}
