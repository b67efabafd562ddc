// What the webhook operations need from the process that serves them.
import type { Database } from '../../prisma/database';
import type { PrismaClient } from '../../prisma/generated/client';
import { createHostAllowList, type HostAllowList } from '../urls/hostAllowList';

/** The limits and the URL allow list of the webhook API (WEBHOOK_* options). */
export type WebhookOptions = {
  /** WEBHOOK_ALLOWED_HOSTS. */
  allowedHosts: HostAllowList;
  /** WEBHOOK_MAX_PER_KEY: webhooks one API key may have. */
  maxWebhooksPerKey: number;
  /** WEBHOOK_MAX_ADDRESSES: keys one webhook may watch. */
  maxAddressesPerWebhook: number;
};

/** The options' defaults (shared/config/serviceOptions.ts declares them). */
export const defaultWebhookOptions: WebhookOptions = {
  allowedHosts: createHostAllowList([]),
  maxWebhooksPerKey: 100,
  maxAddressesPerWebhook: 100_000,
};

/** The database and settings of the webhook operations. */
export type WebhookStore = {
  /** Reads. */
  prisma: PrismaClient;
  /** Writes: each operation's statements commit together (Database.transaction). */
  transaction: Database['transaction'];
  options: WebhookOptions;
  /** "Now", to the millisecond: a webhook's createdAt (its events are those of blocks from then on) and updatedAt. */
  now: () => Date;
};
