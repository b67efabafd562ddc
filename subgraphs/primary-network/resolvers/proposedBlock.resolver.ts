import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { PrimaryNetworkBlock as BlockRow } from '../../../prisma/generated/client';
import { BadRequestError } from '../../shared/errors';
import { toDbNetwork } from '../../shared/network';
import { bigintKey } from '../../shared/paging/keyCodecs';
import { paginate } from '../../shared/paging/paginate';
import { sortKey } from '../../shared/paging/sortKey';
import { resolvePrimaryChain } from '../../shared/params/primaryChain';
import type { PrimaryNetworkContext } from '../context';
import { formatChainInfo } from '../formatters/chainInfo';
import { formatProposedBlock } from '../formatters/proposedBlock';
import { ListBlocksByNodeArgs } from '../types/primaryChain.args';
import { ListPrimaryNetworkBlocksResponse } from '../types/proposedBlock.type';

/** Newest first by block time, then height (unique per chain); index `primary_network_block(network, blockchain_id, proposer_node_id, block_timestamp, block_number)`. */
const blockOrder = [sortKey<BlockRow>('blockTimestamp', bigintKey), sortKey<BlockRow>('blockNumber', bigintKey)];

@Resolver()
export class ProposedBlockResolver {
  @Query(() => ListPrimaryNetworkBlocksResponse, {
    description:
      'Blocks of the P- or X-Chain proposed by a node (4.17), newest first, optionally within a time range (both ends inclusive).',
  })
  async listPrimaryNetworkBlocksByNodeId(
    @Args() args: ListBlocksByNodeArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListPrimaryNetworkBlocksResponse> {
    const chain = resolvePrimaryChain(toDbNetwork(args.network), args.blockchainId, ['p-chain', 'x-chain']);
    if (
      args.startTimestamp !== undefined &&
      args.endTimestamp !== undefined &&
      args.startTimestamp > args.endTimestamp
    ) {
      throw new BadRequestError('startTimestamp must not be after endTimestamp');
    }
    const blockTimestamp = {
      ...(args.startTimestamp !== undefined ? { gte: BigInt(args.startTimestamp) } : {}),
      ...(args.endTimestamp !== undefined ? { lte: BigInt(args.endTimestamp) } : {}),
    };
    const page = await paginate(
      { list: 'nodeBlocks', args, signer: context.pageTokens, order: 'desc', keys: blockOrder },
      { network: chain.network, blockchainId: chain.blockchainId, proposerNodeId: args.nodeId, blockTimestamp },
      (query) => context.prisma.primaryNetworkBlock.findMany(query),
    );
    return {
      nextPageToken: page.nextPageToken,
      blocks: page.items.map(formatProposedBlock),
      chainInfo: formatChainInfo(chain),
    };
  }
}
