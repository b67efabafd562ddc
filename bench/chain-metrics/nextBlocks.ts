import type { Database } from '../../prisma/database';
import { toHexRow } from '../../prisma/hexBytes';
import type { BlockWrite, RowOf } from '../../prisma/write';

/**
 * New blocks for a chain's tip, for timing the per-block rollup update: copies of its last `count`
 * blocks (transactions, transfers, frames) renumbered after the tip, with fresh hashes and times
 * shifted past the tip's, so they count as new blocks with the same shape as the data set's.
 * @param db the seeded database
 * @param chainId the chain
 * @param count number of blocks
 * @returns block writes in order, ready for writeBlock
 * @example const blocks = await nextBlocks(db, 43114n, 200)
 */
export async function nextBlocks(db: Database, chainId: bigint, count: number): Promise<BlockWrite[]> {
  const tip = (await db.prisma.evmBlock.findFirstOrThrow({ where: { chainId }, orderBy: { number: 'desc' } })).number;
  const from = tip - BigInt(count) + 1n;
  const range = { chainId, number: { gte: from } };
  // Bytes as rows carry them (0x hex), not as the client hands them.
  const blocks = (await db.prisma.evmBlock.findMany({ where: range, orderBy: { number: 'asc' } })).map(toHexRow);
  const txs = (await db.prisma.evmTransaction.findMany({ where: { chainId, blockNumber: { gte: from } } })).map(
    toHexRow,
  );
  const transfers = (await db.prisma.evmTokenTransfer.findMany({ where: { chainId, blockNumber: { gte: from } } })).map(
    toHexRow,
  );
  const frames = (
    await db.prisma.evmInternalTransaction.findMany({ where: { chainId, blockNumber: { gte: from } } })
  ).map(toHexRow);
  const shift = BigInt(count);
  const timeShift = blocks.at(-1)!.timestamp - blocks[0]!.timestamp + 2n;
  const rehash = (hash: string) => `0xbe${hash.slice(4)}`;
  return blocks.map((block) => {
    const number = block.number + shift;
    const of = <T extends { blockNumber: bigint; txHash: string }>(rows: T[]) =>
      rows
        .filter((row) => row.blockNumber === block.number)
        .map((row) => ({ ...row, blockNumber: number, txHash: rehash(row.txHash) }));
    return {
      cursor: { chainKey: `evm:${chainId}`, height: number, blockHash: rehash(block.hash) },
      rows: {
        EvmBlock: [
          {
            ...block,
            number,
            hash: rehash(block.hash),
            parentHash: rehash(block.parentHash),
            timestamp: block.timestamp + timeShift,
          },
        ],
        // Rows read back are written back as they are (JSON columns included).
        EvmTransaction: of(txs) as unknown as RowOf<'EvmTransaction'>[],
        EvmTokenTransfer: of(transfers),
        EvmInternalTransaction: of(frames),
      },
    };
  });
}
