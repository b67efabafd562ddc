// JSON-RPC blocks for the scripted EVM nodes of the indexer tests: a chain of empty blocks whose
// hashes are their numbers + 1, so a test names any block's hash or parent by arithmetic.
export const BLOCK_MINER = `0x${'11'.repeat(20)}`;

/** The 32-byte hash of a number. */
export const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/**
 * Block n as eth_getBlockByNumber answers it (without full transactions), with members overridden.
 * @example emptyBlock(2, { transactions: [tx] })
 */
export const emptyBlock = (n: number, extra: Record<string, unknown> = {}) => ({
  number: `0x${n.toString(16)}`,
  hash: hash(n + 1),
  parentHash: hash(n),
  timestamp: '0x10',
  gasLimit: '0x1000',
  gasUsed: '0x0',
  miner: BLOCK_MINER,
  transactions: [],
  ...extra,
});
