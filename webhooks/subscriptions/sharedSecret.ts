// The shared secret of an API key: the HMAC key of its webhooks' `x-signature`.
import { newSecret, readOrCreateSecret } from '../secrets/readOrCreateSecret';
import type { WebhookStore } from './webhookStore';

/**
 * The key's shared secret, made on first use (two first requests at once get the same one).
 * @param store the database
 * @param ownerKeyId the caller's key ID
 * @returns the secret
 * @example await getSharedSecret(store, 'key_…') // '3f9c…' (64 hex digits)
 */
export async function getSharedSecret(store: Pick<WebhookStore, 'transaction'>, ownerKeyId: string): Promise<string> {
  return store.transaction((tx) => readOrCreateSecret(tx, ownerKeyId));
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
