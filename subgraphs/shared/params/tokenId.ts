import { createParameterScalar } from './parameterScalar';

/** uint256: the largest token ID an ERC-721 or ERC-1155 contract can hold. */
const maxTokenId = 2n ** 256n - 1n;

/**
 * An NFT's token ID: a decimal integer from 0 to 2^256−1 (leading zeros allowed, as clients copy
 * IDs from explorers), as bigint.
 * @example parseTokenId('0042') // 42n
 */
export function parseTokenId(input: string | number): bigint {
  const text = typeof input === 'number' ? (Number.isSafeInteger(input) ? String(input) : '') : input.trim();
  if (!/^\d{1,80}$/.test(text)) throw new Error('must be a token ID (a decimal integer of at least 0)');
  const value = BigInt(text);
  if (value > maxTokenId) throw new Error(`must be a token ID of at most ${maxTokenId} (2^256-1)`);
  return value;
}

/** `tokenId` path parameter of 4.20. */
export const TokenId = createParameterScalar({
  name: 'TokenId',
  description: 'An NFT token ID: a decimal integer from 0 to 2^256-1.',
  openApi: { type: 'string', pattern: '^[0-9]+$', example: '42' },
  parse: parseTokenId,
  serialize: (value) => value.toString(),
});
