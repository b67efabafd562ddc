import { buildFederatedSchema } from '../shared/buildFederatedSchema';
import type { Subgraph } from '../shared/subgraph';
import { createPrimaryNetworkContext, type PrimaryNetworkContext } from './context';
import { resolveAddressReference } from './resolvers/address.reference';
import { AddressResolver } from './resolvers/address.resolver';
import { AvaxSupplyResolver } from './resolvers/avaxSupply.resolver';
import { BalancesResolver } from './resolvers/balances.resolver';
import { NetworkResolver } from './resolvers/network.resolver';
import { resolveBlockchainReference } from './resolvers/blockchain.reference';
import { LastActivityResolver } from './resolvers/lastActivity.resolver';
import { DelegatorResolver } from './resolvers/delegator.resolver';
import { HistoricalRewardResolver } from './resolvers/historicalReward.resolver';
import { L1ValidatorResolver } from './resolvers/l1Validator.resolver';
import { PendingRewardResolver } from './resolvers/pendingReward.resolver';
import { ProposedBlockResolver } from './resolvers/proposedBlock.resolver';
import { resolveSubnetReference } from './resolvers/subnet.reference';
import { SignatureAggregatorResolver } from './resolvers/signatureAggregator.resolver';
import { SubnetResolver } from './resolvers/subnet.resolver';
import { UtxoResolver } from './resolvers/utxo.resolver';
import { PrimaryNetworkTransactionResolver } from './resolvers/transaction.resolver';
import {
  resolvePrimaryNetworkTransactionType,
  resolveTransactionsType,
  resolveXChainTransactionType,
} from './types/transaction.type';
import { resolveCChainTransactionType } from './types/cChainTransaction.type';
import { resolveValidatorReference } from './resolvers/validator.reference';
import { ActiveValidatorResolver, ValidatorResolver } from './resolvers/validator.resolver';
import { resolveBalancesType } from './types/balances.type';
import { delegatorVariants, resolveDelegatorType } from './types/delegator.type';
import { resolveUtxosType } from './types/utxo.type';
import { resolveValidatorType, validatorVariants } from './types/validator.type';
import { VertexResolver } from './resolvers/vertex.resolver';

/**
 * The primary-network subgraph: network details, subnets, blockchains, assets, validators, balances,
 * UTXOs, rewards, P-/X-Chain blocks and vertices, the AVAX supply, and Warp signature aggregation.
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
        LastActivityResolver,
        AvaxSupplyResolver,
        PrimaryNetworkTransactionResolver,
        PendingRewardResolver,
        DelegatorResolver,
        L1ValidatorResolver,
        HistoricalRewardResolver,
        ProposedBlockResolver,
        VertexResolver,
        NetworkResolver,
        AddressResolver,
        SignatureAggregatorResolver,
      ],
      orphanedTypes: [...validatorVariants, ...delegatorVariants],
    },
    {
      Subnet: { __resolveReference: resolveSubnetReference },
      Blockchain: { __resolveReference: resolveBlockchainReference },
      Validator: { __resolveReference: resolveValidatorReference, __resolveType: resolveValidatorType },
      Delegator: { __resolveType: resolveDelegatorType },
      GetBalancesResponse: { __resolveType: resolveBalancesType },
      GetUtxosResponse: { __resolveType: resolveUtxosType },
      PrimaryNetworkTransaction: { __resolveType: resolvePrimaryNetworkTransactionType },
      XChainTransaction: { __resolveType: resolveXChainTransactionType },
      CChainAtomicTransaction: { __resolveType: resolveCChainTransactionType },
      ListPrimaryNetworkTransactionsResponse: { __resolveType: resolveTransactionsType },
      Address: { __resolveReference: resolveAddressReference },
    },
  );
  return { name: 'primary-network', schema, createContext: createPrimaryNetworkContext };
}
