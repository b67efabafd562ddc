import { buildFederatedSchema } from '../shared/buildFederatedSchema';
import type { Subgraph } from '../shared/subgraph';
import { createPrimaryNetworkContext, type PrimaryNetworkContext } from './context';
import { resolveBlockchainReference } from './resolvers/blockchain.reference';
import { resolveSubnetReference } from './resolvers/subnet.reference';
import { SignatureAggregatorResolver } from './resolvers/signatureAggregator.resolver';
import { SubnetResolver } from './resolvers/subnet.resolver';

/**
 * The primary-network subgraph: subnets, blockchains, validators, balances, UTXOs, rewards,
 * P-/X-Chain blocks and vertices, and Warp signature aggregation.
 *
 * @example const subgraph = await createPrimaryNetworkSubgraph()
 */
export async function createPrimaryNetworkSubgraph(): Promise<Subgraph<PrimaryNetworkContext>> {
  const schema = await buildFederatedSchema(
    { resolvers: [SubnetResolver, SignatureAggregatorResolver] },
    {
      Subnet: { __resolveReference: resolveSubnetReference },
      Blockchain: { __resolveReference: resolveBlockchainReference },
    },
  );
  return { name: 'primary-network', schema, createContext: createPrimaryNetworkContext };
}
