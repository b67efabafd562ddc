// The shared secret of an API key: the HMAC key of its webhooks' `x-signature`.
import { randomBytes } from 'node:crypto';
import type { WebhookStore } from './webhookStore';

/** A new secret: 32 random bytes, in hex (64 characters); its UTF-8 text is the HMAC key. */
function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The key's shared secret, made on first use (two first requests at once get the same one).
 * @param store the database
 * @param ownerKeyId the caller's key ID
 * @returns the secret
 * @example await getSharedSecret(store, 'key_…') // '3f9c…' (64 hex digits)
 */
export async function getSharedSecret(store: Pick<WebhookStore, 'prisma'>, ownerKeyId: string): Promise<string> {
  const known = await store.prisma.webhookSecret.findUnique({ where: { ownerKeyId } });
  if (known) return known.secret;
  await store.prisma.webhookSecret.createMany({ data: [{ ownerKeyId, secret: newSecret() }], skipDuplicates: true });
  return (await store.prisma.webhookSecret.findUniqueOrThrow({ where: { ownerKeyId } })).secret;
}

/**
 * A new shared secret for the key, replacing the one it had (generateOrRotateSharedSecret):
 * deliveries from then on are signed with it.
 * @param store the database
 * @param ownerKeyId the caller's key ID
 * @returns the new secret
 * @example await rotateSharedSecret(store, 'key_…')
 */
export async function rotateSharedSecret(store: Pick<WebhookStore, 'prisma'>, ownerKeyId: string): Promise<string> {
  const secret = newSecret();
  await store.prisma.webhookSecret.upsert({
    where: { ownerKeyId },
    create: { ownerKeyId, secret },
    update: { secret, createdAt: new Date() },
  });
  return secret;
}
