// The webhook operations as calls through both official SDKs: on a webhook of the calling key that
// the test made before (its ID read when a call is made), and, for the calls whose every request
// changes state (a new webhook, a new secret), compared with what the service answers afterwards.
import { type Call, firstPage, type OfficialSdks } from './officialSdks';

/** What the calls act on: a webhook of the key the SDKs send, made in the test's beforeAll. */
export type WebhookValues = {
  /** The webhook's ID (an address_activity webhook). */
  webhookId: string;
  /** An EVM chain the service indexes, an address to watch and one to add and remove. */
  chainId: string;
  address: string;
  added: string;
};

/**
 * The 10 operations of the Webhooks tag, by operationId.
 * @param values read when each call is made (the test fills them in beforeAll)
 * @example webhookCalls(sdks, values)
 */
export function webhookCalls(sdks: OfficialSdks, values: WebhookValues): Record<string, Call> {
  const at = () => sdks.at();
  const id = () => values.webhookId;
  const request = () => ({
    eventType: 'address_activity' as const,
    url: 'https://receiver.example.com/sdk',
    name: 'SDK',
    description: 'made by an official SDK',
    chainId: values.chainId,
    metadata: { addresses: [values.address] },
    includeLogs: true,
  });
  const update = { name: 'renamed by an SDK', includeInternalTxs: true };
  const change = () => ({ addresses: [values.added] });
  return {
    createWebhook: {
      path: '/v1/webhooks',
      method: 'POST',
      readBack: (answered) => `/v1/webhooks/${answered.id}`,
      chainkit: () => sdks.chainkit.webhooks.create(request(), at()),
      avacloud: () => sdks.avacloud.webhooks.create(request(), at()),
    },
    listWebhooks: {
      path: '/v1/webhooks?pageSize=100',
      chainkit: () => firstPage(sdks.chainkit.webhooks.list({ pageSize: 100 }, at())),
      avacloud: () => firstPage(sdks.avacloud.webhooks.list({ pageSize: 100 }, at())),
    },
    getWebhook: {
      get path() {
        return `/v1/webhooks/${id()}`;
      },
      chainkit: () => sdks.chainkit.webhooks.get({ id: id() }, at()),
      avacloud: () => sdks.avacloud.webhooks.get({ id: id() }, at()),
    },
    updateWebhook: {
      get path() {
        return `/v1/webhooks/${id()}`;
      },
      method: 'PATCH',
      body: update,
      chainkit: () => sdks.chainkit.webhooks.update({ id: id(), updateWebhookRequest: update }, at()),
      avacloud: () => sdks.avacloud.webhooks.update({ id: id(), updateWebhookRequest: update }, at()),
    },
    deactivateWebhook: {
      get path() {
        return `/v1/webhooks/${id()}`;
      },
      method: 'DELETE',
      chainkit: () => sdks.chainkit.webhooks.deactivate({ id: id() }, at()),
      avacloud: () => sdks.avacloud.webhooks.deactivate({ id: id() }, at()),
    },
    generateOrRotateSharedSecret: {
      path: '/v1/webhooks:generateOrRotateSharedSecret',
      method: 'POST',
      readBack: () => '/v1/webhooks:getSharedSecret',
      chainkit: () => sdks.chainkit.webhooks.generateOrRotateSharedSecret(at()),
      avacloud: () => sdks.avacloud.webhooks.generateOrRotateSharedSecret(at()),
    },
    getSharedSecret: {
      path: '/v1/webhooks:getSharedSecret',
      chainkit: () => sdks.chainkit.webhooks.getSharedSecret(at()),
      avacloud: () => sdks.avacloud.webhooks.getSharedSecret(at()),
    },
    addAddressesToWebhook: {
      get path() {
        return `/v1/webhooks/${id()}/addresses`;
      },
      method: 'PATCH',
      get body() {
        return change();
      },
      chainkit: () => sdks.chainkit.webhooks.addresses.add({ id: id(), addressesChangeRequest: change() }, at()),
      avacloud: () => sdks.avacloud.webhooks.addresses.add({ id: id(), addressesChangeRequest: change() }, at()),
    },
    getAddressesFromWebhook: {
      get path() {
        return `/v1/webhooks/${id()}/addresses?pageSize=100`;
      },
      chainkit: () => firstPage(sdks.chainkit.webhooks.addresses.list({ id: id(), pageSize: 100 }, at())),
      avacloud: () => firstPage(sdks.avacloud.webhooks.addresses.list({ id: id(), pageSize: 100 }, at())),
    },
    removeAddressesFromWebhook: {
      get path() {
        return `/v1/webhooks/${id()}/addresses`;
      },
      method: 'DELETE',
      get body() {
        return change();
      },
      chainkit: () => sdks.chainkit.webhooks.addresses.remove({ id: id(), addressesChangeRequest: change() }, at()),
      avacloud: () => sdks.avacloud.webhooks.addresses.remove({ id: id(), addressesChangeRequest: change() }, at()),
    },
  };
}
