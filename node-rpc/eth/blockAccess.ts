// How block references resolve against the index, with the node's errors: tags mean the last
// accepted block (the index head), a number above it is "cannot query unfinalized data", a hash the
// index does not hold is unknown. A block below the indexed range exists on the chain but not here:
// NotIndexedError, which the dispatcher forwards to the upstream node when one is configured.
import { JsonRpcError, RPC_CODES, serverError } from '../envelope/jsonRpcError';
import { blockByHash, blockByNumber, indexedRange, type BlockRow } from './chainData';
import type { ChainContext } from './chainContext';
import type { BlockRef, BlockTag } from './params';

/** A question about blocks the index does not hold. */
export class NotIndexedError extends JsonRpcError {
  override name = 'NotIndexedError';
  constructor(what: string) {
    super(RPC_CODES.server, `${what} is not in this service's index`);
  }
}

/** The indexed range of a chain: `from` is 0 for chains indexed from their first block. */
export type IndexedRange = { from: bigint; head: bigint } | undefined;

/**
 * The chain's indexed range.
 * @param ctx chain context
 * @returns `{from, head}`, undefined when no block is indexed
 * @example const range = await rangeOf(ctx)
 */
export async function rangeOf(ctx: ChainContext): Promise<IndexedRange> {
  const { first, head } = await indexedRange(ctx.db, ctx.chain.evmChainId!);
  if (first === null || head === null) return undefined;
  // Block 0 is the genesis: a chain indexed from block 1 is indexed from the start.
  return { from: first <= 1n ? 0n : first, head };
}

/**
 * The block number a tag or number means (BlockByNumber's rules).
 * @param ctx chain context
 * @param tag the reference
 * @returns the number
 * @throws JsonRpcError `cannot query unfinalized data` above the head; NotIndexedError below the range
 * @example await numberOf(ctx, { kind: 'tag', tag: 'latest' })
 */
export async function numberOf(ctx: ChainContext, tag: BlockTag): Promise<bigint> {
  const range = await rangeOf(ctx);
  if (!range) throw new NotIndexedError('this chain');
  if (tag.kind === 'tag') return range.head;
  if (tag.number > range.head) throw serverError('cannot query unfinalized data');
  if (tag.number < range.from) throw new NotIndexedError(`block ${tag.number}`);
  return tag.number;
}

/**
 * The stored block a tag or number means.
 * @throws as {@link numberOf}; NotIndexedError for a block inside the range the index lacks (block 0
 * of a chain indexed from block 1: the genesis block is not stored)
 * @example await blockOfTag(ctx, { kind: 'number', number: 10n })
 */
export async function blockOfTag(ctx: ChainContext, tag: BlockTag): Promise<BlockRow> {
  const number = await numberOf(ctx, tag);
  const block = await blockByNumber(ctx.db, ctx.chain.evmChainId!, number);
  if (!block) throw new NotIndexedError(`block ${number}`);
  return block;
}

/**
 * The header a BlockNumberOrHash means (HeaderByNumberOrHash's rules and errors).
 * @throws JsonRpcError `header for hash not found`, `invalid arguments; neither block nor hash specified`, or as {@link numberOf}
 * @example await headerOfRef(ctx, { kind: 'hash', hash })
 */
export async function headerOfRef(ctx: ChainContext, ref: BlockRef): Promise<BlockRow> {
  if (ref.kind === 'none') throw serverError('invalid arguments; neither block nor hash specified');
  if (ref.kind === 'hash') {
    const block = await blockByHash(ctx.db, ctx.chain.evmChainId!, ref.hash);
    if (!block) throw serverError('header for hash not found');
    return block;
  }
  return blockOfTag(ctx, ref);
}

/**
 * BlockByNumber as the methods that ignore its error use it (`if block, _ := …; block != nil`): a
 * block above the head is null. A block the index lacks still fails (it exists on the chain).
 * @example const block = await blockOrNull(ctx, tag) // undefined above the head
 */
export async function blockOrNull(ctx: ChainContext, tag: BlockTag): Promise<BlockRow | undefined> {
  try {
    return await blockOfTag(ctx, tag);
  } catch (error) {
    if (
      error instanceof JsonRpcError &&
      !(error instanceof NotIndexedError) &&
      error.message === 'cannot query unfinalized data'
    )
      return undefined;
    throw error;
  }
}
