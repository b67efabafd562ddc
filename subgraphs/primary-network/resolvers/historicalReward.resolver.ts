import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { readSql } from '../../../prisma/read/readSql';
import { BadRequestError } from '../../shared/errors';
import { toDbNetwork } from '../../shared/network';
import { defaultSortOrder } from '../../shared/pageArgs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { addressesOfNetwork } from '../../shared/params/primaryAddresses';
import type { PrimaryNetworkContext } from '../context';
import { formatHistoricalReward } from '../formatters/historicalReward';
import {
  historicalRewardSortKeys,
  listHistoricalRewardsSql,
  type HistoricalRewardListRow,
} from '../queries/listHistoricalRewardsSql';
import { ListHistoricalRewardsArgs } from '../types/historicalReward.args';
import { ListHistoricalRewardsResponse } from '../types/historicalReward.type';

@Resolver()
export class HistoricalRewardResolver {
  @Query(() => ListHistoricalRewardsResponse, {
    description:
      'Rewards the P-Chain paid (reward UTXOs) to addresses or for stakes on nodes (at least one of the two; both: rewards matching both), by payment time, latest first by default, with the price of the asset then.',
  })
  async listHistoricalPrimaryNetworkRewards(
    @Args() args: ListHistoricalRewardsArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListHistoricalRewardsResponse> {
    if (!args.addresses && !args.nodeIds)
      throw new BadRequestError('addresses or nodeIds must be given (at least one of them)');
    const network = toDbNetwork(args.network);
    const filter = {
      network,
      addresses: args.addresses ? addressesOfNetwork(network, args.addresses) : undefined,
      nodeIds: args.nodeIds,
      currency: args.currency,
    };
    const page = await paginateSql(
      {
        list: 'historicalRewards',
        args,
        signer: context.pageTokens,
        order: args.sortOrder ?? defaultSortOrder,
        keys: historicalRewardSortKeys,
      },
      (keyset) => listHistoricalRewardsSql(filter, keyset),
      (sql) => readSql<HistoricalRewardListRow>(context.read, sql),
    );
    return {
      nextPageToken: page.nextPageToken,
      historicalRewards: page.items.map((row) => formatHistoricalReward(row, args.currency)),
    };
  }
}
