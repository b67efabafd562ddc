import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { toDbNetwork } from '../../shared/network';
import { decodePageToken, encodePageToken, cutPage } from '../../shared/paging';
import { keysetAfter, keysetOrder } from '../../shared/keyset';
import { defaultSortOrder } from '../../shared/pageArgs';
import type { PrimaryNetworkContext } from '../context';
import { formatBlockchain } from '../formatters/blockchain';
import { formatSubnet, type SubnetValue } from '../formatters/subnet';
import { Blockchain } from '../types/blockchain.type';
import { ListSubnetsArgs } from '../types/subnet.args';
import { ListSubnetsResponse, Subnet } from '../types/subnet.type';

/** Keyset order of list subnets: creation time, then ID for a total order. */
const subnetOrder = ['createBlockTimestamp', 'subnetId'] as const;

@Resolver(() => Subnet)
export class SubnetResolver {
  @Query(() => ListSubnetsResponse, {
    description: 'Lists subnets and L1s of a network with their blockchains (4.4), newest first by default.',
  })
  async listSubnets(@Args() args: ListSubnetsArgs, @Ctx() context: PrimaryNetworkContext): Promise<ListSubnetsResponse> {
    const network = toDbNetwork(args.network);
    const order = args.sortOrder ?? defaultSortOrder;
    const scope = `subnets|${network}|${order}`;
    const after = args.pageToken
      ? decodePageToken(context.pageTokens, scope, args.pageToken, ['string', 'string'])
      : undefined;
    const rows = await context.prisma.subnet.findMany({
      where: { network, ...(after ? keysetAfter(subnetOrder, [BigInt(after[0] as string), after[1]], order) : {}) },
      orderBy: keysetOrder(subnetOrder, order),
      take: args.pageSize + 1,
    });
    const page = cutPage(
      rows,
      args.pageSize,
      (row) => [row.createBlockTimestamp.toString(), row.subnetId],
      (key) => encodePageToken(context.pageTokens, scope, key),
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
}
