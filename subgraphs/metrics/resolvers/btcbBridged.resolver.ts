import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { BTCB_CHAIN_ID } from '../../../metrics/btcbBridged';
import { NotFoundError } from '../../shared/errors';
import type { SubgraphDeps } from '../../shared/subgraph';
import { listBtcbBridgers } from '../queries/listBtcbBridgers';
import { GetAddressesByBtcbBridgedArgs } from '../types/btcbBridged.args';
import { BtcbBridgersResponse } from '../types/btcbBridged.type';

@Resolver()
export class BtcbBridgedResolver {
  @Query(() => BtcbBridgersResponse, {
    description:
      'The addresses whose net BTC.b bridged onto the C-Chain (minted to them by the Avalanche Bridge less what they unwrapped) is above the threshold, largest first.',
  })
  async getAddressesByBtcbBridged(
    @Args() args: GetAddressesByBtcbBridgedArgs,
    @Ctx() context: SubgraphDeps,
  ): Promise<BtcbBridgersResponse> {
    const chain = await context.prisma.evmChain.findUnique({
      where: { chainId: BTCB_CHAIN_ID },
      select: { chainId: true },
    });
    if (!chain)
      throw new NotFoundError(`chain ${BTCB_CHAIN_ID} (the C-Chain, where BTC.b is) is not indexed by this service`);
    return listBtcbBridgers(context, args);
  }
}
