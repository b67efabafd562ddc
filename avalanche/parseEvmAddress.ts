// An EVM address as users write it (any case), checked: the API parameters and the webhook rules read it alike.

/**
 * An EVM address in any case (checksummed or not), stored and answered in lower case.
 * @throws the rule, as an Error's message, when `input` is no EVM address
 * @example parseEvmAddress('0xAbC...') // '0xabc...'
 */
export function parseEvmAddress(input: string | number): string {
  const text = String(input);
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) throw new Error('must be an EVM address: 0x followed by 40 hex digits');
  return text.toLowerCase();
}
