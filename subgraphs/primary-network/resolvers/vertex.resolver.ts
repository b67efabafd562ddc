import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { XChainVertex as VertexRow } from '../../../prisma/generated/client';
import { toDbNetwork } from '../../shared/network';
import { bigintKey } from '../../shared/paging/keyCodecs';
import { paginate } from '../../shared/paging/paginate';
import { sortKey } from '../../shared/paging/sortKey';
import { resolvePrimaryChain } from '../../shared/params/primaryChain';
import type { PrimaryNetworkContext } from '../context';
import { formatChainInfo } from '../formatters/chainInfo';
import { formatVertex } from '../formatters/vertex';
import { ListVerticesArgs } from '../types/primaryChain.args';
import { ListXChainVerticesResponse } from '../types/vertex.type';

/** Latest first by accepted index (unique per network; `@@unique([network, vertexIndex])`). */
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
}
