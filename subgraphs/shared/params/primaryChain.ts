import { PUBLIC_NETWORKS, type PrimaryChainName } from '../../../avalanche/networks';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { BadRequestError } from '../errors';
import { fromDbNetwork } from '../network';
import type { BlockchainIdParam } from './blockchainId';

/** A primary-network chain of one network, as a `blockchainId` resolved to it. */
export type PrimaryChain = { blockchainId: string; chainName: PrimaryChainName; network: DbNetwork };

/**
 * The P-, X- or C-Chain of `network` a `blockchainId` parameter names. An ID of the other
 * network, or of any other chain, is a 400; so is a chain outside `allowed` (vertices: X only).
 *
 * @example resolvePrimaryChain('MAINNET', { alias: 'p-chain' }) // { blockchainId: '111…LpoYY', chainName: 'p-chain', network: 'MAINNET' }
 */
export function resolvePrimaryChain(
  network: DbNetwork,
  param: BlockchainIdParam,
  allowed: readonly PrimaryChainName[] = ['p-chain', 'x-chain', 'c-chain'],
): PrimaryChain {
  const chains = PUBLIC_NETWORKS[network].chains;
  const chainName =
    'alias' in param
      ? param.alias
      : (Object.keys(chains) as PrimaryChainName[]).find((name) => chains[name] === param.id);
  const names = allowed
    .map((name) => name.replace('-chain', '').toUpperCase())
    .join(', ')
    .replace(/, (\w)$/, ' or $1');
  if (!chainName || !allowed.includes(chainName)) {
    throw new BadRequestError(
      `blockchainId must be the ${names}-Chain of ${fromDbNetwork(network)} (its ID or ${allowed.join(', ')})`,
    );
  }
  return { blockchainId: chains[chainName], chainName, network };
}
