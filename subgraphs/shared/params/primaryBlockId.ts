import { parseCb58Id } from './cb58Id';
import { createParameterScalar } from './parameterScalar';

/** A P- or X-Chain block named by height or by block ID. */
export type PrimaryBlockIdParam = { height: bigint } | { blockId: string };

/** Largest height a block can have (heights are stored as int8). */
const maxHeight = 2n ** 63n - 1n;

/**
 * Reads a `blockId` of a P- or X-Chain block: decimal digits are a height, anything else must be a
 * 32-byte block ID in cb58 (or hex).
 * @throws the rule when `input` is neither
 * @example parsePrimaryBlockId('1200') // { height: 1200n }
 */
export function parsePrimaryBlockId(input: string | number): PrimaryBlockIdParam {
  const text = String(input);
  if (/^\d{1,19}$/.test(text) && BigInt(text) <= maxHeight) return { height: BigInt(text) };
  try {
    return { blockId: parseCb58Id(text) };
  } catch {
    throw new Error('must be a block height or a block ID (32 bytes in cb58)');
  }
}

/** `blockId` path parameter of a primary-network block. */
export const PrimaryBlockId = createParameterScalar<PrimaryBlockIdParam>({
  name: 'PrimaryBlockId',
  description: 'A P- or X-Chain block: its height, or its block ID in cb58.',
  openApi: { type: 'string', example: '1000' },
  parse: parsePrimaryBlockId,
  serialize: (value) => ('height' in value ? value.height.toString() : value.blockId),
});
