import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { BadRequestError } from '../../shared/errors';
import { toDbNetwork } from '../../shared/network';
import { defaultSortOrder } from '../../shared/pageArgs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { addressesOfNetwork } from '../../shared/params/primaryAddresses';
import type { PrimaryNetworkContext } from '../context';
import { formatPendingReward } from '../formatters/pendingReward';
import {
  listPendingRewardsSql,
  pendingRewardSortKeys,
  type PendingRewardListRow,
} from '../queries/listPendingRewardsSql';
import { ListPendingRewardsArgs } from '../types/pendingReward.args';
import { ListPendingRewardsResponse } from '../types/pendingReward.type';
import { readSql } from '../../../prisma/read/readSql';

@Resolver()
export class PendingRewardResolver {
  @Query(() => ListPendingRewardsResponse, {
    description:
      'Rewards not paid yet (4.14) of stakes by addresses or on nodes (at least one of the two; both: rewards matching both), by staking start, latest first by default.',
  })
  async listPendingPrimaryNetworkRewards(
    @Args() args: ListPendingRewardsArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListPendingRewardsResponse> {
    if (!args.addresses && !args.nodeIds)
      throw new BadRequestError('addresses or nodeIds must be given (at least one of them)');
    const network = toDbNetwork(args.network);
    const filter = {
      network,
      addresses: args.addresses ? addressesOfNetwork(network, args.addresses) : undefined,
      nodeIds: args.nodeIds,
    };
    const now = context.clock();
    const page = await paginateSql(
      {
        list: 'pendingRewards',
        args,
        signer: context.pageTokens,
        order: args.sortOrder ?? defaultSortOrder,
        keys: pendingRewardSortKeys,
      },
      (keyset) => listPendingRewardsSql(filter, keyset),
      (sql) => readSql<PendingRewardListRow>(context.read, sql),
    );
    return {
      nextPageToken: page.nextPageToken,
      pendingRewards: page.items.map((row) => formatPendingReward(row, now)),
    };
  }
}
