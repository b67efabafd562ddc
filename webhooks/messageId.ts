import { createHash } from 'node:crypto';

/**
 * The `messageId` of an event: a name-based UUID (RFC 9562 version 5 layout) of the webhook and
 * what caused the event, so the same block written again names the same message (the outbox skips
 * it) and a receiver can drop a retry it already handled.
 * @param webhookId the webhook the message goes to
 * @param cause what makes the event unique within it: chain, block hash, transaction, sub-event, ...
 * @example messageIdOf(webhookId, ['evm:43114', blockHash, txHash]) // 'b3c1…-…'
 */
export function messageIdOf(webhookId: string, cause: readonly string[]): string {
  const digest = createHash('sha1').update(webhookId.toLowerCase()).update('\0').update(cause.join('\0')).digest();
  const bytes = digest.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
