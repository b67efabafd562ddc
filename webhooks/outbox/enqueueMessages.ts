// The outbox's one way in: a block's events, inserted in the block's own write transaction.
import { canonicalize } from 'json-canonicalize';
import type { SqlExecutor } from '../../prisma/sqlExecutor';
import { insertRows } from '../../prisma/write';
import { messageIdOf } from '../messageId';

/** One event of a block for one webhook, before it is serialized. */
export type OutboxEvent = {
  webhookId: string;
  /** The webhook's event type: the payload's `eventType`. */
  eventType: string;
  /** The chain (`sync_state.chain_key`) and height of the block that caused it. */
  chainKey: string;
  blockHeight: bigint;
  /** What makes the event unique within the webhook (block hash, transaction, sub-event, ...): its messageId. */
  cause: readonly string[];
  /** The payload's `event` member. */
  event: unknown;
};

/**
 * The exact body of an event: `{webhookId, eventType, messageId, event}` in JSON canonical form
 * (RFC 8785), so a receiver that parses and re-canonicalizes it hashes the same bytes it got.
 * @example bodyOf({ webhookId, eventType: 'address_activity', ... }, messageId)
 */
export function bodyOf(event: OutboxEvent, messageId: string): string {
  return canonicalize({ webhookId: event.webhookId, eventType: event.eventType, messageId, event: event.event });
}

/**
 * Adds a block's events to the outbox, due now. Call it inside the block's write transaction (a
 * `beforeRows` hook of writeBlocks): they commit with the rows that caused them. An event already
 * there (the same block written again) is kept as it is.
 * @param tx the block write's transaction
 * @param events the events
 * @param now the instant their first attempt is due
 * @example await enqueueMessages(tx, events, new Date())
 */
export async function enqueueMessages(tx: SqlExecutor, events: readonly OutboxEvent[], now: Date): Promise<void> {
  if (events.length === 0) return;
  await insertRows(
    tx,
    'WebhookMessage',
    events.map((event) => {
      const id = messageIdOf(event.webhookId, [event.chainKey, ...event.cause]);
      return {
        id,
        webhookId: event.webhookId,
        chainKey: event.chainKey,
        blockHeight: event.blockHeight,
        body: bodyOf(event, id),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
      };
    }),
    { onConflict: 'skip' },
  );
}
