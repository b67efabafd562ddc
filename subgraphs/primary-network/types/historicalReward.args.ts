import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs, SortOrder } from '../../shared/pageArgs';
import { NodeIdList } from '../../shared/params/nodeId';
import { PrimaryAddressList, type PrimaryAddress } from '../../shared/params/primaryAddresses';
import { CurrencyCode } from '../../evm/types/evmEnums';

/** Arguments of listHistoricalPrimaryNetworkRewards; at least one of `addresses` and `nodeIds` is required. */
@ArgsType()
export class ListHistoricalRewardsArgs extends PageArgs('historicalRewards') {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => PrimaryAddressList, {
    nullable: true,
    description: 'Rewards paid to these addresses (at most 64). addresses or nodeIds is required.',
  })
  addresses?: PrimaryAddress[];

  @Field(() => NodeIdList, {
    nullable: true,
    description: 'Rewards of stakes on these nodes (at most 64). With addresses, rewards matching both.',
  })
  nodeIds?: string[];

  @Field(() => SortOrder, {
    nullable: true,
    description: 'By the time the reward was paid; desc (latest first) when omitted.',
  })
  sortOrder?: SortOrder;

  @Field(() => CurrencyCode, {
    nullable: true,
    defaultValue: CurrencyCode.usd,
    description: 'The currency of historicalPrice; usd when omitted.',
  })
  currency: CurrencyCode = CurrencyCode.usd;
}
