import { toDbNetwork, type Network } from '../../shared/network';
import type { PrimaryNetworkContext } from '../context';
import { formatSubnet } from '../formatters/subnet';

/**
 * Resolves a Subnet entity for the gateway (`_entities`), through the loader so a plan that
 * asks for many subnets costs one query.
 */
export async function resolveSubnetReference(
  reference: { network: Network; subnetId: string },
  context: PrimaryNetworkContext,
) {
  const row = await context.loaders.subnet.load({
    network: toDbNetwork(reference.network),
    subnetId: reference.subnetId,
  });
  return row ? formatSubnet(row) : null;
}
