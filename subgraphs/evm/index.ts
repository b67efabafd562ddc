import { buildFederatedSchema } from '../shared/buildFederatedSchema';
import type { Subgraph } from '../shared/subgraph';
import { createEvmContext, type EvmContext } from './context';
import { BlockchainResolver } from './resolvers/blockchain.resolver';
import { resolveEvmChainReference } from './resolvers/evmChain.reference';
import { EvmChainResolver } from './resolvers/evmChain.resolver';
import { Blockchain } from './types/blockchain.type';

/**
 * The EVM subgraph: chains, blocks, transactions, transfers, balances, contracts and NFTs.
 *
 * @example const subgraph = await createEvmSubgraph()
 */
export async function createEvmSubgraph(): Promise<Subgraph<EvmContext>> {
  const schema = await buildFederatedSchema(
    { resolvers: [EvmChainResolver, BlockchainResolver], orphanedTypes: [Blockchain] },
    {
      EvmChain: { __resolveReference: resolveEvmChainReference },
      // Only the key is known here; the evmChain field resolver does the work.
      Blockchain: { __resolveReference: (reference: unknown) => reference },
    },
  );
  return { name: 'evm', schema, createContext: createEvmContext };
}
