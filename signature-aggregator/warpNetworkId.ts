import { Network } from '../prisma/generated/enums';

/**
 * The network ID Warp messages of a stored network carry (avalanchego utils/constants).
 * @param network MAINNET or FUJI
 * @returns 1 or 5
 * @example warpNetworkId('FUJI') // 5
 */
export function warpNetworkId(network: Network): number {
  return network === Network.MAINNET ? 1 : 5;
}
