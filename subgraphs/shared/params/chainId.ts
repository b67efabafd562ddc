import { toCb58Id } from '../../../avalanche/toCb58Id';
import { createParameterScalar } from './parameterScalar';

/** Largest chain ID the database can hold (PostgreSQL bigint); none larger is indexed. */
const maxChainId = 2n ** 63n - 1n;

/** An EVM chain named by its EVM chain ID or by its blockchain ID (resolved by the EVM subgraph). */
export type ChainIdParam = { evmChainId: bigint } | { blockchainId: string };

/**
 * An EVM chain ID: a positive decimal integer the database can hold.
 * @example parseEvmChainId('43114') // 43114n
 */
export function parseEvmChainId(input: string | number): bigint {
  const text = String(input);
  if (!/^\d{1,30}$/.test(text) || BigInt(text) === 0n) throw new Error('must be an EVM chain ID (a positive integer)');
  const value = BigInt(text);
  if (value > maxChainId) throw new Error(`must be an EVM chain ID of at most ${maxChainId}`);
  return value;
}

/**
 * `chainId` of the EVM endpoints: an EVM chain ID or the chain's blockchain ID (4.0).
 * @example parseChainId('43114') // { evmChainId: 43114n }
 */
export function parseChainId(input: string | number): ChainIdParam {
  const text = String(input);
  if (/^\d+$/.test(text)) return { evmChainId: parseEvmChainId(text) };
  const blockchainId = toCb58Id(text);
  if (!blockchainId) throw new Error('must be an EVM chain ID or a blockchain ID (cb58)');
  return { blockchainId };
}

/** `chainId` path parameter of the /v1 EVM endpoints. */
export const ChainId = createParameterScalar({
  name: 'ChainId',
  description: 'An EVM chain ID (e.g. 43114), or the blockchain ID of the chain (cb58).',
  openApi: { type: 'string', example: '43114' },
  parse: parseChainId,
  serialize: (value) => ('evmChainId' in value ? value.evmChainId.toString() : value.blockchainId),
});

/** `chainId` of 4.19, which takes EVM chain IDs only. */
export const EvmChainId = createParameterScalar({
  name: 'EvmChainId',
  description: 'An EVM chain ID, e.g. 43114.',
  openApi: { type: 'string', pattern: '^[0-9]+$', example: '43114' },
  parse: parseEvmChainId,
  serialize: (value) => value.toString(),
});

/** A metrics scope: one EVM chain, or the chains of a network, or all. */
export type MetricsChain = { evmChainId: bigint } | { scope: 'total' | 'mainnet' | 'testnet' };

/** `chainId` of 4.3: an EVM chain ID, or `total`, `mainnet`, `testnet`. */
export const MetricsChainId = createParameterScalar<MetricsChain>({
  name: 'MetricsChainId',
  description: 'An EVM chain ID, or total (every chain), mainnet or testnet (the chains of that network).',
  openApi: { type: 'string', example: '43114' },
  parse: (input) => {
    const text = String(input);
    if (text === 'total' || text === 'mainnet' || text === 'testnet') return { scope: text };
    if (!/^\d+$/.test(text)) throw new Error('must be an EVM chain ID, total, mainnet or testnet');
    return { evmChainId: parseEvmChainId(text) };
  },
  serialize: (value) => ('evmChainId' in value ? value.evmChainId.toString() : value.scope),
});
