// eth_getBalance where the index knows it: the last native balance change at or before the block.
// An address without one has balance 0 on a chain indexed from its genesis (every change is
// recorded), and an unknown balance otherwise (NotIndexedError: the upstream node, or an error).
import { NotIndexedError, headerOfRef, rangeOf } from './blockAccess';
import { nativeBalanceAt } from './chainData';
import { quantity } from './hex';
import { ethMethod } from './methodSpec';
import { addressArg, blockRefArg, type BlockRef } from './params';

/** eth_getBalance(address, block): the native balance after the block, where the index knows it. */
export const eth_getBalance = ethMethod({
  args: [addressArg, blockRefArg],
  run: async ([address, ref], ctx) => {
    const header = await headerOfRef(ctx, ref as BlockRef);
    const balance = await nativeBalanceAt(ctx.db, ctx.chain.evmChainId!, address, header.number);
    if (balance !== undefined) return quantity(balance);
    const range = await rangeOf(ctx);
    if (range && range.from === 0n) return '0x0';
    throw new NotIndexedError(`the balance of ${address} at block ${header.number}`);
  },
});
