import { Args, Ctx, Directive, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Subnet as SubnetRow } from '../../../prisma/generated/client';
import { toDbNetwork } from '../../shared/network';
import { bigintKey, stringKey } from '../../shared/paging/keyCodecs';
import { paginate } from '../../shared/paging/paginate';
import { sortKey } from '../../shared/paging/sortKey';
import { defaultSortOrder } from '../../shared/pageArgs';
import type { PrimaryNetworkContext } from '../context';
import { formatBlockchain } from '../formatters/blockchain';
import { formatSubnet, type SubnetValue } from '../formatters/subnet';
import { formatValidator } from '../formatters/validator';
import { Blockchain } from '../types/blockchain.type';
import { ListSubnetsArgs } from '../types/subnet.args';
import { ListSubnetsResponse, Subnet } from '../types/subnet.type';
import { SubnetValidatorsArgs } from '../types/validator.args';
import { Validator } from '../types/validator.type';

/** Keyset order of list subnets: creation time, then ID for a total order (index `subnet(network, create_block_timestamp, subnet_id)`). */
const subnetOrder = [sortKey<SubnetRow>('createBlockTimestamp', bigintKey), sortKey<SubnetRow>('subnetId', stringKey)];

@Resolver(() => Subnet)
export class SubnetResolver {
  @Query(() => ListSubnetsResponse, {
    description: 'Lists subnets and L1s of a network with their blockchains (4.4), newest first by default.',
  })
  async listSubnets(
    @Args() args: ListSubnetsArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListSubnetsResponse> {
    const page = await paginate(
      {
        list: 'subnets',
        args,
        signer: context.pageTokens,
        order: args.sortOrder ?? defaultSortOrder,
        keys: subnetOrder,
      },
      { network: toDbNetwork(args.network) },
      (query) => context.prisma.subnet.findMany(query),
    );
    return { nextPageToken: page.nextPageToken, subnets: page.items.map(formatSubnet) as Subnet[] };
  }

  @FieldResolver(() => [Blockchain])
  async blockchains(@Root() subnet: SubnetValue, @Ctx() context: PrimaryNetworkContext): Promise<Blockchain[]> {
    const rows = await context.loaders.blockchainsOfSubnet.load({
      network: toDbNetwork(subnet.network),
      subnetId: subnet.subnetId,
    });
    return rows.map(formatBlockchain);
  }

  @FieldResolver(() => [Validator], {
    description:
      'The latest validations of the subnet (newest first by block index), optionally those with a status now; one statement for every subnet of the request.',
  })
  @Directive('@rest(omit: true)')
  async validators(
    @Root() subnet: SubnetValue,
    @Args() args: SubnetValidatorsArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<Validator[]> {
    const at = context.clock();
    const rows = await context.loaders.validatorsOfSubnet.load({
      network: toDbNetwork(subnet.network),
      subnetId: subnet.subnetId,
      status: args.validationStatus,
      first: args.first,
      at,
    });
    return rows.map((row) => formatValidator(row, at) as Validator);
  }
}
