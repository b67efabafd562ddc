import { toCb58Id } from '../../../avalanche/toCb58Id';
import { createParameterScalar } from './parameterScalar';

/**
 * A 32-byte primary-network ID in cb58 (or hex), in cb58.
 * @throws the rule when `input` is no such ID
 * @example parseCb58Id('11111111111111111111111111111111LpoYY')
 */
export function parseCb58Id(input: string | number): string {
  const id = toCb58Id(String(input));
  if (!id) throw new Error('must be a 32-byte ID in cb58 (or hex)');
  return id;
}

/** Transaction hashes, subnet and asset IDs of the primary network. */
export const Cb58Id = createParameterScalar({
  name: 'Cb58Id',
  description: 'A 32-byte primary-network ID (transaction hash, subnet, blockchain or asset ID) in cb58, or hex.',
  openApi: { type: 'string', example: '11111111111111111111111111111111LpoYY' },
  parse: parseCb58Id,
});
