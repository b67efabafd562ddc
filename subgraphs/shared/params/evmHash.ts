import { parseEvmHash } from '../../../avalanche/parseEvmHash';
import { createParameterScalar } from './parameterScalar';

/** `txHash` of the EVM endpoints. */
export const EvmHash = createParameterScalar({
  name: 'EvmHash',
  description: 'A transaction or block hash: 0x followed by 64 hex digits.',
  openApi: { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' },
  parse: parseEvmHash,
});
