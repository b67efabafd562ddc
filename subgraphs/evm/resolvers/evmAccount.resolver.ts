import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';
import type { EvmContext } from '../context';
import { formatEvmChain } from '../formatters/evmChain';
import { resolveChain } from '../resolveChain';
import { EvmAccount, EvmAccountOnChain } from '../types/evmAccount.type';
import { EvmChain } from '../types/evmChain.type';

/** Cross-chain views of an EVM address (GraphQL only). */
@Resolver(() => EvmAccount)
export class EvmAccountResolver {
  @Query(() => EvmAccount, { description: 'An EVM address, to explore its activity on every indexed EVM chain.' })
  evmAccount(@Arg('address', () => EvmAddress) address: string): EvmAccount {
    return { address };
  }

  @FieldResolver(() => [EvmChain], {
    description: 'The indexed chains where the address holds or held native tokens or ERC-20s, or received a token.',
  })
  async chains(@Root() account: EvmAccount, @Ctx() context: EvmContext): Promise<EvmChain[]> {
    const chainIds = await context.loaders.activeChains.load(account.address);
    const rows = await Promise.all(chainIds.map((chainId) => context.loaders.evmChain.load(chainId)));
    return rows.flatMap((row) => (row ? [formatEvmChain(row)] : []));
  }

  @FieldResolver(() => EvmAccountOnChain, {
    description: 'The address on one chain (an EVM chain ID or its blockchain ID); unknown chains are a 404.',
  })
  async onChain(
    @Root() account: EvmAccount,
    @Arg('chainId', () => ChainId) chainId: ChainIdParam,
    @Ctx() context: EvmContext,
  ): Promise<EvmAccountOnChain> {
    const chain = await resolveChain(context, chainId);
    return { address: account.address, chainId: chain.chainId.toString(), chain };
  }
}

/**
 * Resolves an EvmAccount entity for the gateway (`_entities`): any well-formed address is one.
 * @param reference the key
 * @returns the account, or null for a malformed address
 * @example resolveEvmAccountReference({ address: '0xAD9E…' }) // { address: '0xad9e…' }
 */
export function resolveEvmAccountReference(reference: { address: string }): EvmAccount | null {
  try {
    return { address: EvmAddress.parseValue(reference.address) as string };
  } catch {
    return null;
  }
}
