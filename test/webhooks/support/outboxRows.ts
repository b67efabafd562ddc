// Webhooks and outbox messages for the delivery tests, written as the data model's SQL and the
// outbox's one way in (enqueueMessages), with address_activity bodies the official SDK's model accepts.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../prisma/database';
import { enqueueMessages, type OutboxEvent } from '../../../webhooks/outbox/enqueueMessages';

/** Inserts an address_activity webhook of C-Chain mainnet; returns its ID. */
export async function insertWebhook(
  db: Database,
  { url, ownerKeyId = 'config-1', status = 'active' }: { url: string; ownerKeyId?: string; status?: string },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO webhook (id, owner_key_id, event_type, url, name, description, chain_id, network, status, metadata)
     VALUES ($1, $2, 'address_activity', $3, 'test', '', '43114', NULL, $4, '{"eventSignatures": []}')`,
    [id, ownerKeyId, url, status],
  );
  return id;
}

/** The `event` of an address_activity message: one transaction (WebhookAddressActivityResponse's TransactionEvent). */
export function transactionEvent(index: number): unknown {
  const hex = (n: number, width: number) => `0x${n.toString(16).padStart(width, '0')}`;
  return {
    transaction: {
      blockHash: hex(1000 + index, 64),
      blockNumber: String(1000 + index),
      from: hex(0xa11ce, 40),
      gas: '21000',
      gasPrice: '25000000000',
      maxFeePerGas: '25000000000',
      maxPriorityFeePerGas: '1000000000',
      txHash: hex(index + 1, 64),
      txStatus: '1',
      input: '0x',
      nonce: String(index),
      to: hex(0xb0b, 40),
      transactionIndex: 0,
      value: '1000000000000000000',
      type: 2,
      chainId: '43114',
      receiptCumulativeGasUsed: '21000',
      receiptGasUsed: '21000',
      receiptEffectiveGasPrice: '25000000000',
      receiptRoot: hex(0, 64),
      blockTimestamp: 1_767_225_600 + index,
      erc20Transfers: [],
      erc721Transfers: [],
      erc1155Transfers: [],
    },
    logs: [],
  };
}

/**
 * Adds `count` messages of a webhook to the outbox, written at `now` and due then, or at `dueAt`
 * (set in the same transaction, so a running deliverer never sees them due earlier), through
 * enqueueMessages.
 * @returns their messageIds, in order
 */
export async function enqueueTestMessages(
  db: Database,
  webhookId: string,
  count: number,
  now: Date,
  first = 0,
  dueAt?: Date,
): Promise<string[]> {
  const events: OutboxEvent[] = Array.from({ length: count }, (_, offset) => ({
    webhookId,
    eventType: 'address_activity',
    chainKey: 'evm:43114',
    blockHeight: BigInt(1000 + first + offset),
    cause: [`tx-${first + offset}`],
    event: transactionEvent(first + offset),
  }));
  const heights = [webhookId, 1000 + first, 1000 + first + count];
  const these = 'webhook_id = $1 AND block_height >= $2 AND block_height < $3';
  await db.transaction(async (tx) => {
    await enqueueMessages(tx, events, now);
    if (dueAt) await tx.query(`UPDATE webhook_message SET next_attempt_at = $4 WHERE ${these}`, [...heights, dueAt]);
  });
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM webhook_message WHERE ${these} ORDER BY block_height`,
    heights,
  );
  return rows.map((row) => row.id);
}

/** A message's row as the tests read it. */
export type MessageRow = {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  delivered_at: Date | null;
  last_error: string | null;
  body: string;
};

/** Reads one message. */
export async function readMessage(db: Database, id: string): Promise<MessageRow> {
  const [row] = await db.query<MessageRow>(
    'SELECT id, status, attempts, next_attempt_at, delivered_at, last_error, body FROM webhook_message WHERE id = $1',
    [id],
  );
  return row!;
}

/**
 * Polls until `check` holds (a row written by the deliverer), failing after `timeoutMs`.
 * @example await until(async () => (await readMessage(db, id)).attempts === 2)
 */
export async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
