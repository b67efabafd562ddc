// eth_getBlockByNumber / ByHash, eth_getHeaderByNumber / ByHash and the transaction counts.
import { blockOfTag, blockOrNull } from './blockAccess';
import { blockByHash, blockLogs, blockTransactions, type BlockRow } from './chainData';
import type { ChainContext } from './chainContext';
import { formatBlock } from './formatBlock';
import { quantity } from './hex';
import { ethMethod } from './methodSpec';
import { blockNumberArg, boolArg, hashArg } from './params';

async function render(ctx: ChainContext, block: BlockRow | undefined, full: boolean, withTransactions: boolean) {
  if (!block) return null;
  const chainId = ctx.chain.evmChainId!;
  const [transactions, logs] = await Promise.all([
    withTransactions && block.tx_count > 0 ? blockTransactions(ctx.db, chainId, block.number) : Promise.resolve([]),
    blockLogs(ctx.db, chainId, block.number),
  ]);
  return formatBlock(block, transactions, logs, chainId, full, withTransactions);
}

/** eth_getBlockByNumber(number, fullTx): the block with transaction hashes or objects; above the head an error. */
export const eth_getBlockByNumber = ethMethod({
  args: [blockNumberArg, boolArg],
  run: async ([tag, full], ctx) => render(ctx, await blockOfTag(ctx, tag), full, true),
});

/** eth_getBlockByHash(hash, fullTx): the block, or null for a hash the index does not hold. */
export const eth_getBlockByHash = ethMethod({
  args: [hashArg, boolArg],
  run: async ([hash, full], ctx) => render(ctx, await blockByHash(ctx.db, ctx.chain.evmChainId!, hash), full, true),
});

/** eth_getHeaderByNumber(number): the block's header members (no transactions, no uncles). */
export const eth_getHeaderByNumber = ethMethod({
  args: [blockNumberArg],
  run: async ([tag], ctx) => render(ctx, await blockOfTag(ctx, tag), false, false),
});

/** eth_getHeaderByHash(hash): the header, or null. */
export const eth_getHeaderByHash = ethMethod({
  args: [hashArg],
  run: async ([hash], ctx) => render(ctx, await blockByHash(ctx.db, ctx.chain.evmChainId!, hash), false, false),
});

/** eth_getBlockTransactionCountByNumber(number): the count, null above the head. */
export const eth_getBlockTransactionCountByNumber = ethMethod({
  args: [blockNumberArg],
  run: async ([tag], ctx) => {
    const block = await blockOrNull(ctx, tag);
    return block ? quantity(block.tx_count) : null;
  },
});

/** eth_getBlockTransactionCountByHash(hash): the count, or null. */
export const eth_getBlockTransactionCountByHash = ethMethod({
  args: [hashArg],
  run: async ([hash], ctx) => {
    const block = await blockByHash(ctx.db, ctx.chain.evmChainId!, hash);
    return block ? quantity(block.tx_count) : null;
  },
});
