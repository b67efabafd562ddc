import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { toDbNetwork } from '../../shared/network';
import { addressesOfNetwork } from '../../shared/params/primaryAddresses';
import { resolvePrimaryChain } from '../../shared/params/primaryChain';
import type { PrimaryNetworkContext } from '../context';
import { formatBalances } from '../formatters/balances';
import { formatChainInfo } from '../formatters/chainInfo';
import { balancesSql, type BalanceSumRow } from '../queries/balancesSql';
import { GetBalancesResponse } from '../types/balances.type';
import { GetBalancesArgs } from '../types/primaryChain.args';
import { readSql } from '../../../prisma/read/readSql';

@Resolver()
export class BalancesResolver {
  @Query(() => GetBalancesResponse, {
    description:
      'Balances of a set of addresses on the P-, X- or C-Chain at an instant (4.6), per asset in the eight categories of 2.6 (on the C-Chain the two atomic-memory ones), from UTXO history.',
  })
  async getBalancesByAddresses(@Args() args: GetBalancesArgs, @Ctx() context: PrimaryNetworkContext): Promise<GetBalancesResponse> {
    const network = toDbNetwork(args.network);
    const chain = resolvePrimaryChain(network, args.blockchainId);
    const addresses = addressesOfNetwork(network, args.addresses);
    const at = args.blockTimestamp ?? context.clock();
    const rows = await readSql<BalanceSumRow>(context.read, balancesSql({ network, blockchainId: chain.blockchainId, addresses, at }));
    return { balances: formatBalances(rows, chain.chainName === 'c-chain'), chainInfo: formatChainInfo(chain) };
  }
}
