// What each transaction of a written block did, from the block's rows: its logs, token transfers and
// internal calls, its receipt's cumulative gas, and the addresses it touched (what an
// address_activity webhook watches). Pure: the rows are those the indexer is writing.
import type { RowOf, RowsByModel } from '../../../prisma/write';

/** One transaction of a block and what it did. */
export type TransactionActivity = {
  block: RowOf<'EvmBlock'>;
  transaction: RowOf<'EvmTransaction'>;
  /** Its logs, in log index order. */
  logs: RowOf<'EvmLog'>[];
  /** Its ERC-20/721/1155 transfers, in log order (a TransferBatch's items in their order). */
  transfers: RowOf<'EvmTokenTransfer'>[];
  /** The frames of its trace below the top-level call, depth first. */
  internals: RowOf<'EvmInternalTransaction'>[];
  /** Gas used by the block's transactions up to and with this one (the receipt's `cumulativeGasUsed`). */
  cumulativeGasUsed: bigint;
  /**
   * The addresses it touched, lower case: sender, recipient, the contract it created, the sender and
   * recipient of each token transfer and internal call, and each contract that emitted one of its
   * logs (the callee of an internal call; named from the logs too, so a chain indexed without
   * traces still sees the contracts that ran).
   */
  addresses: Set<string>;
};

/** A Decimal column's value as integer text (a Decimal object without exponent notation). */
export const integerText = (value: string | number | bigint | { toFixed(): string }): string =>
  typeof value === 'object' ? value.toFixed() : String(value);

const byKey = <T>(rows: readonly T[] | undefined, key: (row: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const row of rows ?? []) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
};

/**
 * The transactions of one block write, in block order, each with what it did.
 * @param rows the rows of one block (a BlockWrite's `rows`)
 * @returns one entry per transaction; none when the write holds no EVM block
 * @example for (const activity of transactionActivities(write.rows ?? {})) activity.addresses.has(watched)
 */
export function transactionActivities(rows: RowsByModel): TransactionActivity[] {
  const block = rows.EvmBlock?.[0];
  if (!block) return [];
  const logs = byKey(rows.EvmLog, (log) => log.txHash);
  const transfers = byKey(rows.EvmTokenTransfer, (transfer) => transfer.txHash);
  const internals = byKey(rows.EvmInternalTransaction, (frame) => frame.txHash);
  let cumulativeGasUsed = 0n;
  return [...(rows.EvmTransaction ?? [])]
    .sort((a, b) => a.blockIndex - b.blockIndex)
    .map((transaction) => {
      cumulativeGasUsed += BigInt(integerText(transaction.gasUsed));
      const activity: TransactionActivity = {
        block,
        transaction,
        logs: [...(logs.get(transaction.txHash) ?? [])].sort((a, b) => a.logIndex - b.logIndex),
        transfers: [...(transfers.get(transaction.txHash) ?? [])].sort(
          (a, b) => a.logIndex - b.logIndex || (a.batchIndex ?? 0) - (b.batchIndex ?? 0),
        ),
        internals: [...(internals.get(transaction.txHash) ?? [])].sort((a, b) => a.traceIndex - b.traceIndex),
        cumulativeGasUsed,
        addresses: new Set(),
      };
      const touched = activity.addresses;
      touched.add(transaction.from);
      if (transaction.to) touched.add(transaction.to);
      else if (transaction.contractAddress) touched.add(transaction.contractAddress);
      for (const transfer of activity.transfers) touched.add(transfer.from).add(transfer.to);
      for (const frame of activity.internals) touched.add(frame.from).add(frame.to);
      for (const log of activity.logs) touched.add(log.address);
      return activity;
    });
}
