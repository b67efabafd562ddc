// A service for the webhook API's tests: an empty database with one indexed EVM chain (the subnets
// fixture's 99001), two configured API keys, and the webhook limits and allowed hosts a test asks for.
import type { Database } from '../../../prisma/database';
import { unlimitedAccess } from '../../../server/access/accessControl';
import type { WebhookOptions } from '../../../webhooks/subscriptions/webhookStore';
import { insertEvmChainFixture, insertSubnetFixture } from '../../fixtures/subnets';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';

/** The keys of API_KEYS, and the key IDs the service gives them (`config-N`). */
export const keys = { one: 'ads_webhook-test-key-one', two: 'ads_webhook-test-key-two' };
export const keyIds = { one: 'config-1', two: 'config-2' };

/** The EVM chain the fixture indexes. */
export const indexedChainId = '99001';

/** A running service and its database. */
export type WebhookTestService = {
  db: Database;
  service: TestService;
  /** A REST request with a key's header (the hosted API's `x-glacier-api-key`); none for `undefined`. */
  call(
    key: string | undefined,
    path: string,
    init?: { method?: string; body?: unknown },
  ): Promise<{ status: number; body: any }>;
  /** A GraphQL request with a key's header. */
  graphql(
    key: string | undefined,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
};

/**
 * Starts the service on a fresh database. Keys are optional (API_KEY_REQUIRED off), as the webhook
 * operations must refuse a request without one all the same.
 * @example const ws = await startWebhookService({ maxWebhooksPerKey: 2 })
 */
export async function startWebhookService(webhooks: Partial<WebhookOptions> = {}): Promise<WebhookTestService> {
  const db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertEvmChainFixture(db);
  const service = await startTestService(db, {
    access: { ...unlimitedAccess, apiKeys: [keys.one, keys.two], apiKeyRequired: false },
    webhooks,
  });
  const headers = (key: string | undefined): Record<string, string> =>
    key === undefined ? {} : { 'x-glacier-api-key': key };
  return {
    db,
    service,
    call: (key, path, init = {}) => service.request(path, { ...init, headers: headers(key) }),
    graphql: (key, query, variables) =>
      service.request('/graphql', { method: 'POST', body: { query, variables }, headers: headers(key) }),
    close: async () => {
      await service.close();
      await teardown(db);
    },
  };
}
