import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { toDbNetwork } from '../../shared/network';
import { addressesOfNetwork } from '../../shared/params/primaryAddresses';
import { resolvePrimaryChain } from '../../shared/params/primaryChain';
import type { PrimaryNetworkContext } from '../context';
import { formatBalances } from '../formatters/balances';
import { balancesSql, type BalanceSumRow } from '../queries/balancesSql';
import { GetBalancesResponse } from '../types/balances.type';
import { GetBalancesArgs } from '../types/primaryChain.args';
import { readSql } from '../../../prisma/read/readSql';

@Resolver()
export class BalancesResolver {
  @Query(() => GetBalancesResponse, {
    description:
      'Balances of a set of addresses on the P-, X- or C-Chain at an instant, per asset, in the shape of the chain: the eight categories of the P-Chain, locked and unlocked on the X-Chain, atomic memory on each; from UTXO history.',
  })
  async getBalancesByAddresses(
    @Args() args: GetBalancesArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<GetBalancesResponse> {
    const network = toDbNetwork(args.network);
    const chain = resolvePrimaryChain(network, args.blockchainId);
    const addresses = addressesOfNetwork(network, args.addresses);
    const at = args.blockTimestamp ?? context.clock();
    const rows = await readSql<BalanceSumRow>(
      context.read,
      balancesSql({ network, blockchainId: chain.blockchainId, addresses, at }),
    );
    return formatBalances(rows, chain);
  }
}
