import { registerEnumType } from 'type-graphql';
import { Network as DbNetwork } from '../../prisma/generated/enums';

/** The `network` path parameter: `fuji` and `testnet` both name the test network. */
export enum Network {
  mainnet = 'mainnet',
  fuji = 'fuji',
  testnet = 'testnet',
}

registerEnumType(Network, {
  name: 'Network',
  description: 'Avalanche network: mainnet, or the test network as fuji or testnet (the same network).',
});

/**
 * The stored network a path value denotes.
 * @example toDbNetwork(Network.testnet) // 'FUJI'
 */
export function toDbNetwork(network: Network): DbNetwork {
  return network === Network.mainnet ? DbNetwork.MAINNET : DbNetwork.FUJI;
}

/**
 * The API name of a stored network (fuji rows are reported as `fuji`).
 * @example fromDbNetwork('FUJI') // Network.fuji
 */
export function fromDbNetwork(network: DbNetwork): Network {
  return network === DbNetwork.MAINNET ? Network.mainnet : Network.fuji;
}
