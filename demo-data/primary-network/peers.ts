// What the indexing node's peer list (info.peers) would say of a demo validator's node: its
// software version and the chains on which it is benched. Derived from the node's index, not
// drawn from the data set's random stream, so adding it changes no other demo value.
import { NETWORKS, type NetworkName } from '../constants';

/** Releases the demo's nodes run, oldest first. */
const VERSIONS = ['avalanchego/1.13.0', 'avalanchego/1.13.1', 'avalanchego/1.13.2', 'avalanchego/1.13.3'];

/**
 * The peer facts of a demo node while it validates: most run the latest release; one node in
 * 97 is benched on the X-Chain and one in 89 on the C-Chain. A node the indexing node is not
 * connected to is not in its peer list: no version, benched nowhere.
 *
 * @param network mainnet or fuji
 * @param nodeIndex the node's index in the demo network
 * @param connected whether the indexing node is connected to it
 * @returns the Validator columns
 * @example demoPeer('mainnet', 5, true) // { avalancheGoVersion: 'avalanchego/1.13.3', benchedChainIds: [] }
 */
export function demoPeer(
  network: NetworkName,
  nodeIndex: number,
  connected: boolean,
): { avalancheGoVersion: string | null; benchedChainIds: string[] } {
  if (!connected) return { avalancheGoVersion: null, benchedChainIds: [] };
  const { xChainId, cChainId } = NETWORKS[network];
  const version = VERSIONS[nodeIndex % 7 === 0 ? nodeIndex % VERSIONS.length : VERSIONS.length - 1]!;
  const benched = [...(nodeIndex % 97 === 3 ? [xChainId] : []), ...(nodeIndex % 89 === 5 ? [cChainId] : [])];
  return { avalancheGoVersion: version, benchedChainIds: benched };
}
