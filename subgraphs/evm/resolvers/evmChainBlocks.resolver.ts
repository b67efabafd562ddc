import { Arg, Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { BlockId, type BlockIdParam } from '../../shared/params/blockId';
import type { EvmContext } from '../context';
import { findBlock, listChainBlocks } from '../queries/listBlocks';
import { EvmChainBlocksArgs } from '../types/chainsAndBlocks.args';
import { EvmChain } from '../types/evmChain.type';
import { EvmBlock, ListEvmBlocksResponse } from '../types/evmBlock.type';

/** A chain's blocks on the EvmChain entity: the same pages and blocks as getLatestBlocks and getBlock. */
@Resolver(() => EvmChain)
export class EvmChainBlocksResolver {
  @FieldResolver(() => ListEvmBlocksResponse, { description: "The chain's indexed blocks, newest first." })
  async blocks(
    @Root() chain: EvmChain,
    @Args() args: EvmChainBlocksArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListEvmBlocksResponse> {
    const row = await context.loaders.evmChain.load(BigInt(chain.chainId));
    if (!row) throw new Error(`chain ${chain.chainId} vanished while answering`);
    return listChainBlocks(context, { chain: row, pageSize: args.pageSize, pageToken: args.pageToken });
  }

  @FieldResolver(() => EvmBlock, {
    nullable: true,
    description: 'One indexed block, by number or hash; null when the chain has no such block (yet).',
  })
  async block(
    @Root() chain: EvmChain,
    @Arg('blockId', () => BlockId) blockId: BlockIdParam,
    @Ctx() context: EvmContext,
  ): Promise<EvmBlock | undefined> {
    const row = await context.loaders.evmChain.load(BigInt(chain.chainId));
    if (!row) throw new Error(`chain ${chain.chainId} vanished while answering`);
    return findBlock(context, { chain: row, blockId });
  }
}
