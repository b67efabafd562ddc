import { parseEvmHash } from '../../../avalanche/parseEvmHash';
import { createParameterScalar } from './parameterScalar';

/** A block named by number or by hash (4.13 `blockId`). */
export type BlockIdParam = { number: bigint } | { hash: string };

/** `blockId` path parameter: a block number or a block hash. */
export const BlockId = createParameterScalar<BlockIdParam>({
  name: 'BlockId',
  description: 'A block number, or a block hash (0x followed by 64 hex digits).',
  openApi: { type: 'string', example: '1000' },
  parse: (input) => {
    const text = String(input);
    if (/^\d{1,19}$/.test(text) && BigInt(text) <= 2n ** 63n - 1n) return { number: BigInt(text) };
    if (text.startsWith('0x')) return { hash: parseEvmHash(text) };
    throw new Error('must be a block number or a block hash (0x followed by 64 hex digits)');
  },
  serialize: (value) => ('number' in value ? value.number.toString() : value.hash),
});
