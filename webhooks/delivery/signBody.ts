// The `x-signature` of a delivery, as the official SDK's verifier checks it (chainkit WebhookSecurity):
// base64 of HMAC-SHA256 over the exact body bytes, keyed by the UTF-8 bytes of the shared secret.
import { createHmac } from 'node:crypto';

/**
 * The signature of a body.
 * @param body the exact bytes POSTed (the stored body, UTF-8)
 * @param secret the owner's shared secret, used as the UTF-8 bytes of its text (not hex-decoded)
 * @returns base64
 * @example signBody('{"a":1}', secret) // 'q2b9...='
 */
export function signBody(body: string | Buffer, secret: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('base64');
}
