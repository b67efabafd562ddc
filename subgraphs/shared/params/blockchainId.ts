import type { PrimaryChainName } from '../../../avalanche/networks';
import { toCb58Id } from '../../../avalanche/toCb58Id';
import { createParameterScalar } from './parameterScalar';

/** A `blockchainId` path parameter before it is resolved against the network (primaryChain.ts). */
export type BlockchainIdParam = { alias: PrimaryChainName } | { id: string };

const aliases = new Set<string>(['p-chain', 'x-chain', 'c-chain']);

/**
 * The primary-network chain of a path: a blockchain ID in cb58 (or hex), or an alias.
 * @example parseBlockchainId('X-Chain') // { alias: 'x-chain' }
 */
export function parseBlockchainId(input: string | number): BlockchainIdParam {
  const text = String(input);
  if (aliases.has(text.toLowerCase())) return { alias: text.toLowerCase() as PrimaryChainName };
  const id = toCb58Id(text);
  if (!id) throw new Error('must be p-chain, x-chain, c-chain or a blockchain ID in cb58');
  return { id };
}

/** `blockchainId` of the primary-network endpoints (4.6, 4.7, 4.17, 4.18). */
export const BlockchainId = createParameterScalar({
  name: 'BlockchainId',
  description: 'A primary-network chain: its blockchain ID (cb58), or p-chain, x-chain, c-chain.',
  openApi: { type: 'string', example: 'p-chain' },
  parse: parseBlockchainId,
  serialize: (value) => ('alias' in value ? value.alias : value.id),
});
