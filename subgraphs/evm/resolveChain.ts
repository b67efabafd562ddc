import type { EvmChain } from '../../prisma/generated/client';
import { NotFoundError } from '../shared/errors';
import type { ChainIdParam } from '../shared/params/chainId';
import type { EvmContext } from './context';

/**
 * The indexed EVM chain a `chainId` parameter names (4.0): an EVM chain ID, or the blockchain ID
 * of the chain as the primary network knows it. Every EVM resolver starts here; the loader makes it
 * one lookup per request, however many fields ask.
 *
 * @param context the request's context
 * @param chainId the parsed parameter
 * @returns the chain
 * @throws NotFoundError when no indexed chain has that ID
 * @example const chain = await resolveChain(context, args.chainId)
 */
export async function resolveChain(context: EvmContext, chainId: ChainIdParam): Promise<EvmChain> {
  const chain = await context.loaders.chain.load(chainId);
  if (!chain) {
    const shown = 'evmChainId' in chainId ? chainId.evmChainId.toString() : chainId.blockchainId;
    throw new NotFoundError(`chainId ${shown} is not a chain this service indexes`);
  }
  return chain;
}
