// What one block's Teleporter events change in teleporter_message: a send or a delivery writes its
// side of the message (an upsert of that side's columns, so the other side stays as stored); an
// execution outside its delivery's block (a retry) and a receipt coming back are column updates of
// the stored message. Shared by the EVM indexer's write path and the demo data generator.
import type { Network } from '../prisma/generated/enums';
import type { RowOf, RowUpdate } from '../prisma/write';
import type { TeleporterEvent, TeleporterMessageBody } from './teleporterEvents';

/** The block the events come from. */
export type TeleporterBlock = {
  number: bigint;
  timestamp: bigint;
  /** Network of the chain. */
  network: Network;
  /** Gas used by a transaction of the block. */
  gasUsed: (txHash: string) => string | null;
};

/** The block's changes to teleporter_message. */
export type TeleporterWrites = {
  upserts: RowOf<'TeleporterMessage'>[];
  updates: Extract<RowUpdate, { model: 'TeleporterMessage' }>[];
};

/** The source transaction of a message whose send is not indexed yet: empty bytes. */
const NO_SOURCE = '0x';

const bodyColumns = (body: TeleporterMessageBody, contract: string) => ({
  icmContractAddress: contract,
  messageNonce: body.messageNonce,
  originSenderAddress: body.originSenderAddress,
  destinationAddress: body.destinationAddress,
  requiredGasLimit: body.requiredGasLimit,
  messageData: body.message.toLowerCase(),
  receipts: body.receipts,
});

/**
 * The block's changes to teleporter_message.
 * @param events the block's Teleporter events
 * @param block its number, time, network and transactions' gas
 * @param sentBefore whether the message's send is stored or written by an earlier block of the batch
 * @returns upserts (one row per message) and updates
 * @example teleporterWrites(decoded.teleporter, block, (id) => stored.has(id))
 */
export function teleporterWrites(
  events: readonly TeleporterEvent[],
  block: TeleporterBlock,
  sentBefore: (messageId: string) => boolean,
): TeleporterWrites {
  const rows = new Map<string, RowOf<'TeleporterMessage'>>();
  const updates: TeleporterWrites['updates'] = [];
  // Sides first, then what changes them: a delivery's execution events may precede its receive log.
  const sides = events.filter((e) => e.kind === 'send' || e.kind === 'receive');
  const changes = events.filter((e) => e.kind !== 'send' && e.kind !== 'receive');
  for (const e of [...sides, ...changes]) {
    const row = rows.get(e.messageId);
    const key = {
      teleporterMessageId: e.messageId,
      sourceBlockchainId: e.sourceBlockchainId,
      destinationBlockchainId: e.destinationBlockchainId,
    };
    if (e.kind === 'send') {
      rows.set(e.messageId, {
        ...row,
        ...key,
        network: block.network,
        ...bodyColumns(e.body, e.contract),
        sourceTxHash: e.txHash,
        timestamp: block.timestamp,
        sourceBlockNumber: block.number,
        sourceTimestamp: block.timestamp,
        sourceGasUsed: block.gasUsed(e.txHash),
        feeTokenAddress: e.feeTokenAddress,
        feeAmount: e.feeAmount,
      });
    } else if (e.kind === 'receive') {
      // While the send is not indexed the delivery orders the message and the source is empty.
      const unsent = (row?.sourceTxHash ?? NO_SOURCE) === NO_SOURCE && !sentBefore(e.messageId);
      rows.set(e.messageId, {
        ...(unsent ? { sourceTxHash: NO_SOURCE, timestamp: block.timestamp } : {}),
        ...row,
        ...key,
        network: block.network,
        ...bodyColumns(e.body, e.contract),
        destinationTxHash: e.txHash,
        destinationBlockNumber: block.number,
        destinationTimestamp: block.timestamp,
        destinationGasUsed: block.gasUsed(e.txHash),
        delivererAddress: e.deliverer,
        rewardRedeemer: e.rewardRedeemer,
        executionFailed: false,
      } as RowOf<'TeleporterMessage'>);
    } else if (e.kind === 'executed' || e.kind === 'executionFailed') {
      const set =
        e.kind === 'executed'
          ? { executionTxHash: e.txHash, executionBlockNumber: block.number, executionFailed: false }
          : { executionFailed: true };
      if (row?.destinationTxHash) Object.assign(row, set);
      else updates.push({ model: 'TeleporterMessage', where: { teleporterMessageId: e.messageId }, set });
    } else {
      updates.push({
        model: 'TeleporterMessage',
        where: { teleporterMessageId: e.messageId },
        set: { receiptTxHash: e.txHash, receiptBlockNumber: block.number },
      });
    }
  }
  return { upserts: [...rows.values()], updates };
}
