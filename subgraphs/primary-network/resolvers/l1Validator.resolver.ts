import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { Prisma } from '../../../prisma/generated/client';
import { dataModel } from '../../../prisma/generated/metadata';
import { readSql } from '../../../prisma/read/readSql';
import { toDbNetwork } from '../../shared/network';
import { defaultSortOrder } from '../../shared/pageArgs';
import { paginateSql } from '../../shared/paging/paginateSql';
import type { PrimaryNetworkContext } from '../context';
import { formatL1Validator } from '../formatters/l1Validator';
import { l1ValidatorSortKeys, listL1ValidatorsSql, type L1ValidatorListRow } from '../queries/listL1ValidatorsSql';
import { ListL1ValidatorsArgs } from '../types/l1Validator.args';
import { ListL1ValidatorsResponse } from '../types/l1Validator.type';

@Resolver()
export class L1ValidatorResolver {
  @Query(() => ListL1ValidatorsResponse, {
    description:
      'Lists the L1 validations (ACP-77) of a network: the active ones (balance left, not removed), or every one with includeInactiveL1Validators; by the block that added them, latest first.',
  })
  async listL1Validators(
    @Args() args: ListL1ValidatorsArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListL1ValidatorsResponse> {
    const network = toDbNetwork(args.network);
    const filter = {
      network,
      validationId: args.l1ValidationId,
      nodeId: args.nodeId,
      subnetId: args.subnetId,
      includeInactive: args.includeInactiveL1Validators ?? false,
    };
    const page = await paginateSql(
      { list: 'l1Validators', args, signer: context.pageTokens, order: defaultSortOrder, keys: l1ValidatorSortKeys },
      (keyset) => listL1ValidatorsSql(filter, keyset),
      (sql) => readSql<L1ValidatorListRow>(context.read, sql),
    );
    // An empty page has no row to carry the head's height: one more index step reads it.
    const head =
      page.items[0]?.headHeight ??
      (
        await readSql<{ height: bigint | null }>(
          context.read,
          Prisma.sql`SELECT MAX(block_number) AS height FROM primary_network_block
            WHERE network = CAST(${dataModel.enums.Network[network]} AS network) AND blockchain_id = ${PRIMARY_NETWORK_ID}`,
        )
      )[0]?.height;
    return {
      nextPageToken: page.nextPageToken,
      validators: page.items.map(formatL1Validator),
      blockHeight: String(head ?? 0),
    };
  }
}
