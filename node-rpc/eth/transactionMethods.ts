// eth_getTransactionByHash, eth_getTransactionBy*AndIndex, eth_getTransactionReceipt, eth_getBlockReceipts.
import { serverError } from '../envelope/jsonRpcError';
import { blockOfTag, blockOrNull } from './blockAccess';
import { blockByHash, blockLogs, blockTransactions, transactionByHash, type BlockRow } from './chainData';
import type { ChainContext } from './chainContext';
import { formatReceipt } from './formatReceipt';
import { formatTransaction } from './formatTransaction';
import { ethMethod } from './methodSpec';
import { blockNumberArg, blockRefArg, hashArg, uintArg, type BlockRef } from './params';

/** eth_getTransactionByHash(hash): the mined transaction, or null. */
export const eth_getTransactionByHash = ethMethod({
  args: [hashArg],
  run: async ([hash], ctx) => {
    const tx = await transactionByHash(ctx.db, ctx.chain.evmChainId!, hash);
    return tx
      ? formatTransaction(tx, { hash: tx.block_hash, timestamp: tx.block_timestamp }, ctx.chain.evmChainId!)
      : null;
  },
});

/** eth_getTransactionReceipt(hash): the receipt, or null. */
export const eth_getTransactionReceipt = ethMethod({
  args: [hashArg],
  run: async ([hash], ctx) => {
    const chainId = ctx.chain.evmChainId!;
    const tx = await transactionByHash(ctx.db, chainId, hash);
    if (!tx) return null;
    const logs = await blockLogs(ctx.db, chainId, tx.block_number, tx.block_index);
    return formatReceipt(tx, tx.block_hash, BigInt(tx.cumulative_gas_used), logs);
  },
});

async function transactionAt(ctx: ChainContext, block: BlockRow | undefined, index: bigint) {
  if (!block || index >= BigInt(block.tx_count)) return null;
  const transactions = await blockTransactions(ctx.db, ctx.chain.evmChainId!, block.number);
  const tx = transactions[Number(index)];
  return tx ? formatTransaction(tx, block, ctx.chain.evmChainId!) : null;
}

/** eth_getTransactionByBlockNumberAndIndex(number, index): the transaction, or null. */
export const eth_getTransactionByBlockNumberAndIndex = ethMethod({
  args: [blockNumberArg, uintArg],
  run: async ([tag, index], ctx) => transactionAt(ctx, await blockOrNull(ctx, tag), index),
});

/** eth_getTransactionByBlockHashAndIndex(hash, index): the transaction, or null. */
export const eth_getTransactionByBlockHashAndIndex = ethMethod({
  args: [hashArg, uintArg],
  run: async ([hash, index], ctx) => transactionAt(ctx, await blockByHash(ctx.db, ctx.chain.evmChainId!, hash), index),
});

/** eth_getBlockReceipts(block number or hash): the block's receipts in order, or null. */
export const eth_getBlockReceipts = ethMethod({
  args: [blockRefArg],
  run: async ([ref], ctx) => {
    const chainId = ctx.chain.evmChainId!;
    const r = ref as BlockRef;
    if (r.kind === 'none') throw serverError('invalid arguments; neither block nor hash specified');
    const block = r.kind === 'hash' ? await blockByHash(ctx.db, chainId, r.hash) : await blockOfTag(ctx, r);
    if (!block) return null;
    const [transactions, logs] = await Promise.all([
      blockTransactions(ctx.db, chainId, block.number),
      blockLogs(ctx.db, chainId, block.number),
    ]);
    let cumulative = 0n;
    return transactions.map((tx) => {
      cumulative += BigInt(tx.gas_used);
      return formatReceipt(
        tx,
        block.hash,
        cumulative,
        logs.filter((l) => l.tx_index === tx.block_index),
      );
    });
  },
});
