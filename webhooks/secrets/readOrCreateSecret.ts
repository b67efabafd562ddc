// The shared secret of an API key's webhooks, made on first use: the deliverer signs with it, and the
// key reads it (getSharedSecret) or replaces it (generateOrRotateSharedSecret).
import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../../prisma/sqlExecutor';

/**
 * A new shared secret: 32 random bytes, hex (64 characters).
 * @example newSecret() // '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'
 */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The key's secret, stored first when it has none. Two callers racing for one key agree: the loser's
 * insert does nothing and it reads the winner's secret.
 * @param tx a connection or transaction
 * @param ownerKeyId the API key (`webhook.owner_key_id`)
 * @returns the secret
 * @example const secret = await readOrCreateSecret(tx, webhook.ownerKeyId)
 */
export async function readOrCreateSecret(tx: SqlExecutor, ownerKeyId: string): Promise<string> {
  const select = 'SELECT secret FROM webhook_secret WHERE owner_key_id = $1';
  const [found] = await tx.query<{ secret: string }>(select, [ownerKeyId]);
  if (found) return found.secret;
  await tx.query('INSERT INTO webhook_secret (owner_key_id, secret) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    ownerKeyId,
    newSecret(),
  ]);
  const [stored] = await tx.query<{ secret: string }>(select, [ownerKeyId]);
  return stored!.secret;
}
