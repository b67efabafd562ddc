import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { fromDbNetwork, toDbNetwork } from '../../shared/network';
import { addressesOfNetwork } from '../../shared/params/primaryAddresses';
import { resolvePrimaryChain } from '../../shared/params/primaryChain';
import type { PrimaryNetworkContext } from '../context';
import { formatBalances } from '../formatters/balances';
import { AddressBalancesArgs, AddressesArgs } from '../types/address.args';
import { Address } from '../types/address.type';
import { GetBalancesResponse } from '../types/balances.type';

@Resolver(() => Address)
export class AddressResolver {
  @Query(() => [Address], { description: 'Addresses of a network, to join their balances on the P-, X- and C-Chain.' })
  addresses(@Args() args: AddressesArgs): Address[] {
    const network = toDbNetwork(args.network);
    return addressesOfNetwork(network, args.addresses).map((address) => ({ network: fromDbNetwork(network), address }));
  }

  @FieldResolver(() => GetBalancesResponse, {
    description:
      'The balances on one chain at an instant (now by default), as getBalancesByAddresses answers them; one statement for every address of the request.',
  })
  async balances(
    @Root() address: Address,
    @Args() args: AddressBalancesArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<GetBalancesResponse> {
    const chain = resolvePrimaryChain(toDbNetwork(address.network), args.blockchainId);
    const rows = await context.loaders.balancesOfAddress.load({
      network: chain.network,
      blockchainId: chain.blockchainId,
      address: address.address,
      at: args.blockTimestamp ?? context.clock(),
    });
    return formatBalances(rows, chain);
  }
}
