import { createParameterScalar } from './parameterScalar';

/**
 * A 32-byte EVM hash (transaction or block), in lower case.
 * @example parseEvmHash('0xAB…') // '0xab…'
 */
export function parseEvmHash(input: string | number): string {
  const text = String(input);
  if (!/^0x[0-9a-fA-F]{64}$/.test(text)) throw new Error('must be a hash: 0x followed by 64 hex digits');
  return text.toLowerCase();
}

/** `txHash` of the EVM endpoints. */
export const EvmHash = createParameterScalar({
  name: 'EvmHash',
  description: 'A transaction or block hash: 0x followed by 64 hex digits.',
  openApi: { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' },
  parse: parseEvmHash,
});
