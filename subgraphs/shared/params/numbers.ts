import { createParameterScalar } from './parameterScalar';

const int8Max = 2n ** 63n - 1n;

/**
 * A non-negative integer from a query string or JSON (number or decimal text), as bigint.
 * @param max the largest accepted value
 * @param rule the rule's wording, e.g. 'a block number'
 */
function parseUnsigned(input: string | number, max: bigint, rule: string): bigint {
  const text = typeof input === 'number' ? (Number.isSafeInteger(input) ? String(input) : '') : input.trim();
  if (!/^\d{1,80}$/.test(text)) throw new Error(`must be ${rule} (an integer of at least 0)`);
  const value = BigInt(text);
  if (value > max) throw new Error(`must be ${rule} of at most ${max}`);
  return value;
}

/** Block numbers and heights: `startBlock`, `endBlock`, `blockNumber`. */
export const BlockNumber = createParameterScalar({
  name: 'BlockNumber',
  description: 'A block number (height), an integer of at least 0.',
  openApi: { type: 'integer', format: 'int64', example: 1000 },
  parse: (input) => parseUnsigned(input, int8Max, 'a block number'),
  serialize: (value) => value.toString(),
});

/** Unix times in seconds: `startTimestamp`, `endTimestamp`, `blockTimestamp`. */
export const UnixSeconds = createParameterScalar({
  name: 'UnixSeconds',
  description: 'A Unix time in seconds, an integer of at least 0.',
  openApi: { type: 'integer', format: 'int64', example: 1700000000 },
  parse: (input) => Number(parseUnsigned(input, BigInt(Number.MAX_SAFE_INTEGER), 'a Unix time in seconds')),
});

/**
 * Amounts in a token's smallest unit, exact above 2^53: `minDelegationCapacity`,
 * `minUtxoAmount`, `threshold`. Bounds per parameter with `@BigIntRange` (bigIntRange.ts).
 */
export const Amount = createParameterScalar({
  name: 'Amount',
  description: "An amount in the token's smallest unit: a non-negative integer, as a decimal string.",
  openApi: { type: 'string', pattern: '^[0-9]+$', example: '1000000000' },
  // uint256 is the largest amount any chain has.
  parse: (input) => parseUnsigned(input, 2n ** 256n - 1n, 'an amount in the smallest unit'),
  serialize: (value) => value.toString(),
});
