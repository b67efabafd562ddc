import { buildFederatedSchema } from '../shared/buildFederatedSchema';
import type { Subgraph } from '../shared/subgraph';
import { createPrimaryNetworkContext, type PrimaryNetworkContext } from './context';
import { resolveAddressReference } from './resolvers/address.reference';
import { AddressResolver } from './resolvers/address.resolver';
import { BalancesResolver } from './resolvers/balances.resolver';
import { resolveBlockchainReference } from './resolvers/blockchain.reference';
import { PendingRewardResolver } from './resolvers/pendingReward.resolver';
import { ProposedBlockResolver } from './resolvers/proposedBlock.resolver';
import { resolveSubnetReference } from './resolvers/subnet.reference';
import { SignatureAggregatorResolver } from './resolvers/signatureAggregator.resolver';
import { SubnetResolver } from './resolvers/subnet.resolver';
import { UtxoResolver } from './resolvers/utxo.resolver';
import { resolveValidatorReference } from './resolvers/validator.reference';
import { ActiveValidatorResolver, ValidatorResolver } from './resolvers/validator.resolver';
import { resolveBalancesType } from './types/balances.type';
import { resolveUtxosType } from './types/utxo.type';
import { resolveValidatorType, validatorVariants } from './types/validator.type';
import { VertexResolver } from './resolvers/vertex.resolver';

/**
 * The primary-network subgraph: subnets, blockchains, validators, balances, UTXOs, rewards,
 * P-/X-Chain blocks and vertices, and Warp signature aggregation.
 *
 * @example const subgraph = await createPrimaryNetworkSubgraph()
 */
export async function createPrimaryNetworkSubgraph(): Promise<Subgraph<PrimaryNetworkContext>> {
  const schema = await buildFederatedSchema(
    {
      resolvers: [
        SubnetResolver,
        ValidatorResolver,
        ActiveValidatorResolver,
        BalancesResolver,
        UtxoResolver,
        PendingRewardResolver,
        ProposedBlockResolver,
        VertexResolver,
        AddressResolver,
        SignatureAggregatorResolver,
      ],
      orphanedTypes: validatorVariants,
    },
    {
      Subnet: { __resolveReference: resolveSubnetReference },
      Blockchain: { __resolveReference: resolveBlockchainReference },
      Validator: { __resolveReference: resolveValidatorReference, __resolveType: resolveValidatorType },
      GetBalancesResponse: { __resolveType: resolveBalancesType },
      GetUtxosResponse: { __resolveType: resolveUtxosType },
      Address: { __resolveReference: resolveAddressReference },
    },
  );
  return { name: 'primary-network', schema, createContext: createPrimaryNetworkContext };
}
