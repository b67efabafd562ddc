import type { EvmContext } from '../context';
import { formatEvmChain } from '../formatters/evmChain';

/** Resolves an EvmChain entity for the gateway (`_entities`), through the loader. */
export async function resolveEvmChainReference(reference: { chainId: string }, context: EvmContext) {
  if (!/^\d{1,20}$/.test(reference.chainId)) return null;
  const row = await context.loaders.evmChain.load(BigInt(reference.chainId));
  return row ? formatEvmChain(row) : null;
}
