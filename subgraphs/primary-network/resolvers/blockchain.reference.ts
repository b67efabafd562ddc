import { toDbNetwork, type Network } from '../../shared/network';
import type { PrimaryNetworkContext } from '../context';
import { formatBlockchain } from '../formatters/blockchain';

/** Resolves a Blockchain entity for the gateway (`_entities`), through the loader. */
export async function resolveBlockchainReference(
  reference: { network: Network; blockchainId: string },
  context: PrimaryNetworkContext,
) {
  const row = await context.loaders.blockchain.load({
    network: toDbNetwork(reference.network),
    blockchainId: reference.blockchainId,
  });
  return row ? formatBlockchain(row) : null;
}
