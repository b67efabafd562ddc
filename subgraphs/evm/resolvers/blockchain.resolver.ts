import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { toDbNetwork } from '../../shared/network';
import type { EvmContext } from '../context';
import { formatEvmChain } from '../formatters/evmChain';
import { Blockchain } from '../types/blockchain.type';
import { EvmChain } from '../types/evmChain.type';

/** Joins a primary-network Blockchain to the EVM chain indexed for it. */
@Resolver(() => Blockchain)
export class BlockchainResolver {
  @FieldResolver(() => EvmChain, { nullable: true })
  async evmChain(@Root() blockchain: Blockchain, @Ctx() context: EvmContext): Promise<EvmChain | undefined> {
    const row = await context.loaders.evmChainOfBlockchain.load({
      network: toDbNetwork(blockchain.network),
      blockchainId: blockchain.blockchainId,
    });
    return row ? formatEvmChain(row) : undefined;
  }
}
