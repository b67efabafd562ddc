// Proposer details of P- and X-Chain blocks from the node's index API (/ext/index/<chain>/block,
// present when the node runs with --index-enabled): the container at a block's accept index is the
// proposervm block wrapping it. The accept index is the block height minus a constant offset, found
// once from the last accepted container; each container is checked to wrap the very block (same
// bytes) before its fields are used. A node without the index gives blocks without proposer details.
import type { Logger } from '../../../logging/createLoggerFactory';
import { sha256 } from '@noble/hashes/sha2.js';
import { cb58Encode } from '../../../avalanche/cb58';
import { NodeCallError } from '../../../shared/jsonRpc/rpcErrors';
import { decodeProposerBlock, type ProposerFields } from '../codec/decodeProposerBlock';
import type { PrimaryBlock } from '../codec/decodePrimaryBlock';
import type { NodeApi } from '../rpc/createNodeApi';

/** Proposer details by block. */
export type ProposerSource = {
  proposerOf(block: PrimaryBlock, readHeight: (inner: Uint8Array) => bigint): Promise<ProposerFields | null>;
};

/**
 * Creates the source of one chain.
 * @param api the node
 * @param chain P or X
 * @param logger for the one line saying the index is unavailable
 * @returns the source
 * @example const proposers = createProposerSource(api, 'P', logger); await proposers.proposerOf(block, (b) => decodePChainBlock(b).height)
 */
export function createProposerSource(
  api: Pick<NodeApi, 'indexContainer' | 'indexLastAccepted'>,
  chain: 'P' | 'X',
  logger: Logger,
): ProposerSource {
  const path = chain === 'P' ? 'P/block' : 'X/block';
  let offset: bigint | null = null;
  let disabled = false;
  const disable = (why: string) => {
    if (disabled) return; // blocks fetched ahead in parallel fail together
    disabled = true;
    logger.warn(`${chain}-Chain: blocks are indexed without proposer details: ${why}`, { chain });
  };
  return {
    async proposerOf(block, readHeight) {
      if (disabled) return null;
      try {
        if (offset === null) {
          const last = await api.indexLastAccepted(path);
          const wrapped = decodeProposerBlock(last.bytes);
          offset = readHeight(wrapped ? wrapped.inner : last.bytes) - last.index;
        }
        const index = block.height - offset;
        if (index < 0n) return null;
        const wrapped = decodeProposerBlock((await api.indexContainer(path, index)).bytes);
        // Only a container that wraps this very block describes it (pre-fork blocks are stored unwrapped).
        return wrapped && cb58Encode(sha256(wrapped.inner)) === block.blockId ? wrapped.proposer : null;
      } catch (error) {
        // No index on this node (HTTP 404): said once, then no more asks. An index that does not
        // cover this block (started later): this block has no details.
        if (error instanceof NodeCallError && error.code === 'HTTP_STATUS') {
          disable((error as Error).message);
          return null;
        }
        if (error instanceof NodeCallError && error.code === 'NODE_ERROR') return null;
        throw error;
      }
    },
  };
}
