import { createHmac, timingSafeEqual } from 'node:crypto';
import { BadRequestError } from '../errors';
import type { EncodedKey, KeyCodec } from './keyCodecs';

/** Signs page tokens; every process serving one address must share it (see server/pageTokenSecret.ts). */
export type PageTokenSigner = { secret: string };

const version = 2;

/** The one answer to any token this service did not issue for this query. */
const invalidToken = () => new BadRequestError('pageToken is invalid or belongs to another query');

/**
 * Encodes the sort key of the last row served as an opaque, signed `nextPageToken` bound to
 * `scope` (see tokenScope.ts).
 *
 * @returns base64url payload and signature separated by a dot
 * @example encodePageToken(signer, scope, [bigintKey, stringKey], [1699999999n, 'abc'])
 */
export function encodePageToken(
  signer: PageTokenSigner,
  scope: string,
  codecs: readonly KeyCodec<unknown>[],
  key: readonly unknown[],
): string {
  const encoded: EncodedKey[] = codecs.map((codec, i) => codec.encode(key[i]));
  const payload = Buffer.from(JSON.stringify([version, encoded])).toString('base64url');
  return `${payload}.${sign(signer, scope, payload)}`;
}

/**
 * Reads a `pageToken` back into typed key values. A token that is not signed for this scope, or
 * whose key does not decode with its column's codec, is a 400: nothing from a token reaches SQL
 * unchecked, whoever signed it.
 *
 * @returns the key values, one per codec
 * @throws BadRequestError for any other token
 * @example decodePageToken(signer, scope, [bigintKey, stringKey], token) // [1699999999n, 'abc']
 */
export function decodePageToken(
  signer: PageTokenSigner,
  scope: string,
  codecs: readonly KeyCodec<unknown>[],
  token: string,
): unknown[] {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0 || token.length > 4096) throw invalidToken();
  const expected = Buffer.from(sign(signer, scope, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidToken();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalidToken();
  }
  if (!Array.isArray(decoded) || decoded[0] !== version || !Array.isArray(decoded[1])) throw invalidToken();
  const encoded = decoded[1] as unknown[];
  if (encoded.length !== codecs.length) throw invalidToken();
  return codecs.map((codec, i) => {
    const value = codec.decode(encoded[i]);
    if (value === undefined) throw invalidToken();
    return value;
  });
}

function sign(signer: PageTokenSigner, scope: string, payload: string): string {
  return createHmac('sha256', signer.secret)
    .update(scope)
    .update('\0')
    .update(payload)
    .digest('base64url')
    .slice(0, 22);
}
