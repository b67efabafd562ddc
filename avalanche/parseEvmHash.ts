// A 32-byte EVM hash as users write it (any case), checked: the API parameters and the webhook rules
// (event signatures) read it alike.

/**
 * A 32-byte EVM hash (transaction, block, event signature), in lower case.
 * @throws the rule, as an Error's message, when `input` is no such hash
 * @example parseEvmHash('0xAB…') // '0xab…'
 */
export function parseEvmHash(input: string | number): string {
  const text = String(input);
  if (!/^0x[0-9a-fA-F]{64}$/.test(text)) throw new Error('must be a hash: 0x followed by 64 hex digits');
  return text.toLowerCase();
}
