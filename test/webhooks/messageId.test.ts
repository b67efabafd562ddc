import { createHash } from 'node:crypto';
import { messageIdOf } from '../../webhooks/messageId';

describe('messageIdOf', () => {
  const webhookId = '401da7d9-d6d7-46c8-b431-72ff1e1543f4';

  it('is a version-5 UUID of the webhook and the cause', () => {
    const id = messageIdOf(webhookId, ['evm:43114', '0xabc', '0xdef']);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The first 16 bytes of the SHA-1, version and variant bits set (RFC 9562 section 5.5).
    const digest = createHash('sha1').update(`${webhookId}\0evm:43114\u00000xabc\u00000xdef`).digest('hex');
    expect(id.replace(/-/g, '').slice(0, 12)).toBe(digest.slice(0, 12));
    expect(id.replace(/-/g, '').slice(13, 16)).toBe(digest.slice(13, 16));
  });

  it('names the same event the same way, whatever the webhook ID case', () => {
    expect(messageIdOf(webhookId.toUpperCase(), ['a', 'b'])).toBe(messageIdOf(webhookId, ['a', 'b']));
  });

  it('tells apart events that differ in any part of their cause, or in their webhook', () => {
    const ids = new Set([
      messageIdOf(webhookId, ['a', 'b']),
      messageIdOf(webhookId, ['a', 'c']),
      messageIdOf(webhookId, ['ab']),
      messageIdOf(webhookId, ['a', 'b', '']),
      messageIdOf('00000000-0000-4000-8000-000000000000', ['a', 'b']),
    ]);
    expect(ids.size).toBe(5);
  });
});
