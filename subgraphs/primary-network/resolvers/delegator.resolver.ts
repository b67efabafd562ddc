import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { readSql } from '../../../prisma/read/readSql';
import { toDbNetwork } from '../../shared/network';
import { defaultSortOrder } from '../../shared/pageArgs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { addressesOfNetwork } from '../../shared/params/primaryAddresses';
import type { PrimaryNetworkContext } from '../context';
import { formatDelegator } from '../formatters/delegator';
import { delegatorSortKeys, listDelegatorsSql, type DelegatorListRow } from '../queries/listDelegatorsSql';
import { ListDelegatorsArgs } from '../types/delegator.args';
import { Delegator, ListDelegatorsResponse } from '../types/delegator.type';

@Resolver()
export class DelegatorResolver {
  @Query(() => ListDelegatorsResponse, {
    description:
      'Lists the delegations of a network to primary-network validators, each in the variant of its status at the time of the request, by block index, latest first by default.',
  })
  async listDelegators(
    @Args() args: ListDelegatorsArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListDelegatorsResponse> {
    const network = toDbNetwork(args.network);
    const filter = {
      network,
      rewardAddresses: args.rewardAddresses ? addressesOfNetwork(network, args.rewardAddresses) : undefined,
      nodeIds: args.nodeIds,
      status: args.delegationStatus,
    };
    const now = context.clock();
    const page = await paginateSql(
      {
        list: 'delegators',
        args,
        signer: context.pageTokens,
        order: args.sortOrder ?? defaultSortOrder,
        keys: delegatorSortKeys,
      },
      (keyset) => listDelegatorsSql(filter, now, keyset),
      (sql) => readSql<DelegatorListRow>(context.read, sql),
    );
    return {
      nextPageToken: page.nextPageToken,
      delegators: page.items.map((row) => formatDelegator(row, now)) as Delegator[],
    };
  }
}
