import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { NotFoundError } from '../../shared/errors';
import { fromDbNetwork, toDbNetwork } from '../../shared/network';
import { paginate } from '../../shared/paging/paginate';
import { paginateSql } from '../../shared/paging/paginateSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { readSql } from '../../../prisma/read/readSql';
import { resolvePrimaryChain } from '../../shared/params/primaryChain';
import type { PrimaryNetworkContext } from '../context';
import { formatChainInfo } from '../formatters/chainInfo';
import { formatProposedBlock } from '../formatters/proposedBlock';
import { blockTimeRange, latestBlocksSql, primaryBlockOrder, toBlockRow } from '../queries/primaryBlocks';
import { GetPrimaryBlockArgs, ListLatestPrimaryBlocksArgs } from '../types/network.args';
import { ListBlocksByNodeArgs } from '../types/primaryChain.args';
import { ListPrimaryNetworkBlocksResponse, PrimaryNetworkBlock } from '../types/proposedBlock.type';

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
    const blockTimestamp = blockTimeRange(args);
    const page = await paginate(
      { list: 'nodeBlocks', args, signer: context.pageTokens, order: 'desc', keys: primaryBlockOrder },
      { network: chain.network, blockchainId: chain.blockchainId, proposerNodeId: args.nodeId, blockTimestamp },
      (query) => context.prisma.primaryNetworkBlock.findMany(query),
    );
    return {
      nextPageToken: page.nextPageToken,
      blocks: page.items.map(formatProposedBlock),
      chainInfo: formatChainInfo(chain),
    };
  }

  @Query(() => PrimaryNetworkBlock, {
    description: 'A block of the P- or X-Chain by height or block ID; a block this service has not indexed is a 404.',
  })
  async getBlockById(
    @Args() args: GetPrimaryBlockArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<PrimaryNetworkBlock> {
    const chain = resolvePrimaryChain(toDbNetwork(args.network), args.blockchainId, ['p-chain', 'x-chain']);
    const { network, blockchainId } = chain;
    const row =
      'height' in args.blockId
        ? await context.prisma.primaryNetworkBlock.findUnique({
            where: { network_blockchainId_blockNumber: { network, blockchainId, blockNumber: args.blockId.height } },
          })
        : await context.prisma.primaryNetworkBlock.findUnique({
            where: { network_blockchainId_blockHash: { network, blockchainId, blockHash: args.blockId.blockId } },
          });
    if (!row) {
      const named = 'height' in args.blockId ? `at height ${args.blockId.height}` : args.blockId.blockId;
      throw new NotFoundError(
        `block ${named} is not a ${chain.chainName} block of ${fromDbNetwork(network)} this service indexes`,
      );
    }
    return formatProposedBlock(row);
  }

  @Query(() => ListPrimaryNetworkBlocksResponse, {
    description:
      'The latest blocks of the P- or X-Chain, newest first, optionally within a time range (both ends inclusive).',
  })
  async listLatestPrimaryNetworkBlocks(
    @Args() args: ListLatestPrimaryBlocksArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListPrimaryNetworkBlocksResponse> {
    const chain = resolvePrimaryChain(toDbNetwork(args.network), args.blockchainId, ['p-chain', 'x-chain']);
    const blockTimestamp = blockTimeRange(args);
    const page = await paginateSql(
      { list: 'primaryNetworkBlocks', args, signer: context.pageTokens, order: 'desc', keys: primaryBlockOrder },
      (k) => latestBlocksSql(chain, blockTimestamp, k),
      async (sql) => (await readSql<Record<string, unknown>>(context.read, sql, KEEP_PLAN)).map(toBlockRow),
    );
    return {
      nextPageToken: page.nextPageToken,
      blocks: page.items.map(formatProposedBlock),
      chainInfo: formatChainInfo(chain),
    };
  }
}
