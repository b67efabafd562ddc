import { Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Webhook, WebhookKey } from '../../../prisma/generated/client';
import { apiKeyRequiredMessage } from '../../../shared/apiKeyRequired';
import { addWebhookAddresses } from '../../../webhooks/subscriptions/addWebhookAddresses';
import { createWebhook } from '../../../webhooks/subscriptions/createWebhook';
import { deactivateOwnWebhook } from '../../../webhooks/subscriptions/deactivateOwnWebhook';
import { getWebhook } from '../../../webhooks/subscriptions/getWebhook';
import { listWebhooks, webhookListFilter } from '../../../webhooks/subscriptions/listWebhooks';
import { removeWebhookAddresses } from '../../../webhooks/subscriptions/removeWebhookAddresses';
import { getSharedSecret, rotateSharedSecret } from '../../../webhooks/subscriptions/sharedSecret';
import { updateWebhook } from '../../../webhooks/subscriptions/updateWebhook';
import { addressWebhook, listWebhookAddresses } from '../../../webhooks/subscriptions/webhookAddresses';
import { webhookResponses, type WebhookResponse as Answer } from '../../../webhooks/subscriptions/webhookResponse';
import type { WebhookStore } from '../../../webhooks/subscriptions/webhookStore';
import { ApiError } from '../../shared/errors';
import { primaryReads } from '../../shared/subgraph';
import { stringKey, timestampKey } from '../../shared/paging/keyCodecs';
import { paginate } from '../../shared/paging/paginate';
import { sortKey } from '../../shared/paging/sortKey';
import type { EvmContext } from '../context';
import {
  CreateWebhookArgs,
  ListWebhookAddressesArgs,
  ListWebhooksArgs,
  UpdateWebhookArgs,
  WebhookAddressesArgs,
  WebhookIdArgs,
} from '../types/webhook.args';
import {
  EVMAddressActivityResponse,
  ListWebhookAddressesResponse,
  ListWebhooksResponse,
  SharedSecretsResponse,
  WebhookResponse,
} from '../types/webhook.type';

/** The caller's key ID: every webhook operation acts for a key (401 without one, whatever API_KEY_REQUIRED says). */
function callerKeyId(context: EvmContext): string {
  if (!context.caller) throw new ApiError(401, apiKeyRequiredMessage);
  return context.caller.keyId;
}

/** The webhook store of the process (503 where the process serves no webhooks). */
function storeOf(context: EvmContext): WebhookStore {
  if (!context.webhooks) throw new ApiError(503, 'webhooks are not served by this process');
  // The primary: a webhook's reads follow its writes (a get right after the create).
  return { prisma: primaryReads(context).prisma, ...context.webhooks };
}

/** The webhooks of the caller's API key: the 10 operations of the official Webhooks tag. */
@Resolver()
export class WebhookResolver {
  @Mutation(() => WebhookResponse, {
    description:
      'Creates a webhook of the caller’s API key, active: its events are those of blocks stamped at or after its createdAt. The body holds the members of its event type’s request.',
  })
  createWebhook(@Args() args: CreateWebhookArgs, @Ctx() context: EvmContext): Promise<Answer> {
    const owner = callerKeyId(context);
    return createWebhook(storeOf(context), owner, args);
  }

  @Query(() => ListWebhooksResponse, { description: 'The webhooks of the caller’s API key, newest first.' })
  async listWebhooks(@Args() args: ListWebhooksArgs, @Ctx() context: EvmContext): Promise<ListWebhooksResponse> {
    const owner = callerKeyId(context);
    const store = storeOf(context);
    // The owner binds the token too: a page token of one key is no position in another's list.
    const scoped = { ...args, owner };
    const page = await paginate<Webhook, object>(
      {
        list: 'webhooks',
        args: scoped,
        signer: context.pageTokens,
        order: 'desc',
        keys: [sortKey<Webhook>('createdAt', timestampKey), sortKey<Webhook>('id', stringKey)],
      },
      webhookListFilter(owner, args.status),
      (query) => listWebhooks(store.prisma, query),
    );
    return { webhooks: await webhookResponses(store.prisma, page.items), nextPageToken: page.nextPageToken };
  }

  @Query(() => WebhookResponse, { description: 'A webhook of the caller’s API key, by ID.' })
  getWebhook(@Args() args: WebhookIdArgs, @Ctx() context: EvmContext): Promise<Answer> {
    const owner = callerKeyId(context);
    return getWebhook(storeOf(context), owner, args.id);
  }

  @Mutation(() => WebhookResponse, {
    description:
      'Deactivates a webhook of the caller’s API key (inactive, reason "deactivated by its key"); the events waiting for it are cancelled.',
  })
  deactivateWebhook(@Args() args: WebhookIdArgs, @Ctx() context: EvmContext): Promise<Answer> {
    const owner = callerKeyId(context);
    return deactivateOwnWebhook(storeOf(context), owner, args.id);
  }

  @Mutation(() => WebhookResponse, {
    description:
      'Changes the members given of a webhook of the caller’s API key; status active re-activates an inactive one.',
  })
  updateWebhook(@Args() args: UpdateWebhookArgs, @Ctx() context: EvmContext): Promise<Answer> {
    const owner = callerKeyId(context);
    const { id, ...update } = args;
    return updateWebhook(storeOf(context), owner, id, update);
  }

  @Mutation(() => SharedSecretsResponse, {
    description:
      'A new shared secret for the caller’s API key, replacing its previous one: deliveries from then on are signed with it.',
  })
  async generateOrRotateSharedSecret(@Ctx() context: EvmContext): Promise<SharedSecretsResponse> {
    const owner = callerKeyId(context);
    return { secret: await rotateSharedSecret(storeOf(context), owner) };
  }

  @Query(() => SharedSecretsResponse, {
    description: 'The shared secret of the caller’s API key (made on first use) that signs its webhooks’ deliveries.',
  })
  async getSharedSecret(@Ctx() context: EvmContext): Promise<SharedSecretsResponse> {
    const owner = callerKeyId(context);
    return { secret: await getSharedSecret(storeOf(context), owner) };
  }

  @Mutation(() => EVMAddressActivityResponse, {
    description: 'Adds addresses to an address_activity webhook of the caller’s API key.',
  })
  addAddressesToWebhook(@Args() args: WebhookAddressesArgs, @Ctx() context: EvmContext): Promise<Answer> {
    const owner = callerKeyId(context);
    return addWebhookAddresses(storeOf(context), owner, args.id, args.addresses);
  }

  @Mutation(() => EVMAddressActivityResponse, {
    description: 'Removes addresses from an address_activity webhook of the caller’s API key.',
  })
  removeAddressesFromWebhook(@Args() args: WebhookAddressesArgs, @Ctx() context: EvmContext): Promise<Answer> {
    const owner = callerKeyId(context);
    return removeWebhookAddresses(storeOf(context), owner, args.id, args.addresses);
  }

  @Query(() => ListWebhookAddressesResponse, {
    description: 'The addresses an address_activity webhook of the caller’s API key watches, in address order.',
  })
  async getAddressesFromWebhook(
    @Args() args: ListWebhookAddressesArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListWebhookAddressesResponse> {
    const owner = callerKeyId(context);
    const store = storeOf(context);
    const { webhook, totalAddresses } = await addressWebhook(store.prisma, owner, args.id);
    const page = await paginate<WebhookKey, object>(
      {
        list: 'webhookAddresses',
        args,
        signer: context.pageTokens,
        order: 'asc',
        keys: [sortKey<WebhookKey>('key', stringKey)],
      },
      { webhookId: webhook.id },
      (query) => listWebhookAddresses(store.prisma, query),
    );
    return { addresses: page.items.map((row) => row.key), totalAddresses, nextPageToken: page.nextPageToken };
  }
}
