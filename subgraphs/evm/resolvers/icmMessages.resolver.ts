import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { EvmContext } from '../context';
import { getIcmMessage, listIcmMessages, listIcmMessagesByAddress } from '../queries/listIcmMessages';
import { GetIcmMessageArgs, ListIcmMessagesArgs, ListIcmMessagesByAddressArgs } from '../types/icmMessage.args';
import { IcmMessage, ListIcmMessagesResponse, type AnyIcmMessage } from '../types/icmMessage.type';

/** The Interchain Messaging operations: ICM (Teleporter) messages joined across their chains. */
@Resolver()
export class IcmMessagesResolver {
  @Query(() => IcmMessage, { description: 'One ICM message, by its Teleporter message ID.' })
  async getIcmMessage(@Args() args: GetIcmMessageArgs, @Ctx() context: EvmContext): Promise<AnyIcmMessage> {
    return getIcmMessage(context, args.messageId);
  }

  @Query(() => ListIcmMessagesResponse, {
    description: 'ICM messages newest first, by source, destination or either chain, sender, recipient and network.',
  })
  async listIcmMessages(
    @Args() args: ListIcmMessagesArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListIcmMessagesResponse> {
    return listIcmMessages(context, args);
  }

  @Query(() => ListIcmMessagesResponse, {
    description: 'ICM messages an address sent (origin sender) or that are delivered to it, newest first.',
  })
  async listIcmMessagesByAddress(
    @Args() args: ListIcmMessagesByAddressArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListIcmMessagesResponse> {
    return listIcmMessagesByAddress(context, args);
  }
}
