import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { XChainVertex as VertexRow } from '../../../prisma/generated/client';
import { NotFoundError } from '../../shared/errors';
import { fromDbNetwork, toDbNetwork } from '../../shared/network';
import { defaultSortOrder } from '../../shared/pageArgs';
import { bigintKey } from '../../shared/paging/keyCodecs';
import { paginate } from '../../shared/paging/paginate';
import { sortKey } from '../../shared/paging/sortKey';
import { resolvePrimaryChain } from '../../shared/params/primaryChain';
import type { PrimaryNetworkContext } from '../context';
import { formatChainInfo } from '../formatters/chainInfo';
import { formatVertex } from '../formatters/vertex';
import { GetVertexArgs, ListVerticesByHeightArgs } from '../types/network.args';
import { ListVerticesArgs } from '../types/primaryChain.args';
import { ListXChainVerticesResponse, XChainVertex } from '../types/vertex.type';

/**
 * By accepted index (unique per network): `x_chain_vertex(network, vertex_index)` for the latest
 * vertices, `(network, vertex_height, vertex_index)` for those at one height.
 */
const vertexOrder = [sortKey<VertexRow>('vertexIndex', bigintKey)];

@Resolver()
export class VertexResolver {
  @Query(() => ListXChainVerticesResponse, {
    description: "The X-Chain's vertices from before linearization (4.18), latest first.",
  })
  async listLatestXChainVertices(
    @Args() args: ListVerticesArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListXChainVerticesResponse> {
    const chain = resolvePrimaryChain(toDbNetwork(args.network), args.blockchainId, ['x-chain']);
    const page = await paginate(
      { list: 'vertices', args, signer: context.pageTokens, order: 'desc', keys: vertexOrder },
      { network: chain.network },
      (query) => context.prisma.xChainVertex.findMany(query),
    );
    return {
      nextPageToken: page.nextPageToken,
      vertices: page.items.map(formatVertex),
      chainInfo: formatChainInfo(chain),
    };
  }

  @Query(() => XChainVertex, {
    description: "A vertex of the X-Chain's DAG (before linearization) by ID; a vertex not indexed is a 404.",
  })
  async getVertexByHash(@Args() args: GetVertexArgs, @Ctx() context: PrimaryNetworkContext): Promise<XChainVertex> {
    const chain = resolvePrimaryChain(toDbNetwork(args.network), args.blockchainId, ['x-chain']);
    const row = await context.prisma.xChainVertex.findUnique({
      where: { network_vertexHash: { network: chain.network, vertexHash: args.vertexHash } },
    });
    if (!row)
      throw new NotFoundError(
        `vertex ${args.vertexHash} is not an X-Chain vertex of ${fromDbNetwork(chain.network)} this service indexes`,
      );
    return formatVertex(row);
  }

  @Query(() => ListXChainVerticesResponse, {
    description: 'The X-Chain vertices at one height, by accepted order (latest first by default).',
  })
  async getVertexByHeight(
    @Args() args: ListVerticesByHeightArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListXChainVerticesResponse> {
    const chain = resolvePrimaryChain(toDbNetwork(args.network), args.blockchainId, ['x-chain']);
    const page = await paginate(
      {
        list: 'verticesByHeight',
        args,
        signer: context.pageTokens,
        order: args.sortOrder ?? defaultSortOrder,
        keys: vertexOrder,
      },
      { network: chain.network, vertexHeight: args.vertexHeight },
      (query) => context.prisma.xChainVertex.findMany(query),
    );
    return {
      nextPageToken: page.nextPageToken,
      vertices: page.items.map(formatVertex),
      chainInfo: formatChainInfo(chain),
    };
  }
}
