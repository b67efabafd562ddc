// Example requests of the webhook routes (routeExamples.ts): they act for a key (the examples' key,
// which the contract test's service accepts) on webhooks of every event type, stored for it by SQL
// first with every optional member, so the answers together show every documented member.
import { asText } from '../../prisma/hexBytes';
import type { Database } from '../../prisma/database';
import type { ExampleRequest, RouteExamples } from './routeExamples';

/** The key the webhook examples act for; the service knows it as `config-1`. */
export const exampleApiKey = 'ads_route-examples-key';
const headers = { 'x-glacier-api-key': exampleApiKey };

const usdc = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';
const other = '0x9702230a8ea53601f5cd2dc00fdbc13d4df4a8c7';
const signature = '0x61cbb2a3dee0b6064c2e681aadd61677fb4ef319f0b547508d495626f5a62f64';
const node = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
const subnet = '11111111111111111111111111111111LpoYY';
// bech32 of 20 bytes of 7, mainnet's prefix.
const pAddress = 'avax1qurswpc8qurswpc8qurswpc8qurswpc8x32neu';

/** One stored webhook of each event type, every optional member set. */
const stored = {
  evm: 'a0000000-0000-4000-8000-000000000001',
  primary: 'a0000000-0000-4000-8000-000000000002',
  validator: 'a0000000-0000-4000-8000-000000000003',
};

/** Stores the example webhooks of the key, once. */
async function storeWebhooks(db: Database): Promise<void> {
  const rows: [string, string, string, string | null, object, string[]][] = [
    [stored.evm, 'address_activity', '43114', null, { eventSignatures: [signature] }, [usdc, other]],
    [
      stored.primary,
      'primary_network_address_activity',
      'p-chain',
      'mainnet',
      {
        keyType: 'addresses',
        subEvents: { addressActivitySubEvents: ['balance_change', 'balance_threshold'] },
        balanceThresholdFilter: { balanceType: 'unlocked', balanceThreshold: '1000000000' },
        eventSignatures: [signature],
      },
      [pAddress],
    ],
    [
      stored.validator,
      'validator_activity',
      'p-chain',
      'mainnet',
      {
        keyType: 'nodeId',
        subEvents: { validatorActivitySubEvents: ['validator_stake', 'l1_validator_balance_threshold'] },
        nodeIds: [node],
        subnetIds: [subnet],
        l1ValidatorFeeBalanceThreshold: '5000000000',
        eventSignatures: [signature],
      },
      [node],
    ],
  ];
  for (const [id, eventType, chainId, network, metadata, keys] of rows) {
    await db.query(
      `INSERT INTO webhook (id, owner_key_id, event_type, url, name, description, chain_id, network, status, metadata, include_logs)
       VALUES ($1, 'config-1', $2, 'https://receiver.example.com/examples', 'Example', 'An example', $3, $4, 'active', $5, true)
       ON CONFLICT (id) DO NOTHING`,
      [id, eventType, chainId, network, JSON.stringify(metadata)],
    );
    for (const key of keys)
      await db.query('INSERT INTO webhook_key (webhook_id, key) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        id,
        asText(key),
      ]);
  }
}

const get = (path: string): ExampleRequest => ({ method: 'GET', path, headers });
const each = (request: (id: string) => ExampleRequest) => async (db: Database) => {
  await storeWebhooks(db);
  return Object.values(stored).map(request);
};

/** The examples of the 10 webhook routes. */
export const webhookRouteExamples: Record<string, RouteExamples> = {
  'Mutation.createWebhook': {
    requests: async () =>
      [
        {
          eventType: 'address_activity',
          url: 'https://receiver.example.com/evm',
          name: 'USDC',
          description: 'Transfers of USDC',
          chainId: '43114',
          metadata: { addresses: [usdc], eventSignatures: [signature] },
          includeInternalTxs: true,
          includeLogs: true,
        },
        {
          eventType: 'primary_network_address_activity',
          url: 'https://receiver.example.com/pn',
          network: 'mainnet',
          chainId: 'p-chain',
          metadata: {
            keyType: 'addresses',
            keys: [`P-${pAddress}`],
            subEvents: { addressActivitySubEvents: ['balance_threshold'] },
            balanceThresholdFilter: { balanceType: 'unlockedStaked', balanceThreshold: '25000000000' },
            eventSignatures: [signature],
          },
        },
        {
          eventType: 'validator_activity',
          url: 'https://receiver.example.com/validator',
          network: 'mainnet',
          metadata: {
            keyType: 'subnetId',
            keys: [subnet],
            subEvents: { validatorActivitySubEvents: ['l1_validator_balance_threshold'] },
            nodeIds: [node],
            subnetIds: [subnet],
            l1ValidatorFeeBalanceThreshold: '1000000000',
            eventSignatures: [signature],
          },
        },
      ].map((body) => ({ method: 'POST' as const, path: '/v1/webhooks', body, headers })),
  },
  'Query.listWebhooks': {
    requests: async (db) => {
      await storeWebhooks(db);
      return [get('/v1/webhooks?pageSize=1'), get('/v1/webhooks?pageSize=100')];
    },
  },
  'Query.getWebhook': { requests: each((id) => get(`/v1/webhooks/${id}`)) },
  'Mutation.updateWebhook': {
    requests: each((id) => ({
      method: 'PATCH',
      path: `/v1/webhooks/${id}`,
      body: { name: 'Renamed', status: 'active' },
      headers,
    })),
  },
  'Mutation.deactivateWebhook': {
    requests: each((id) => ({ method: 'DELETE', path: `/v1/webhooks/${id}`, headers })),
  },
  'Mutation.generateOrRotateSharedSecret': {
    requests: async () => [{ method: 'POST', path: '/v1/webhooks:generateOrRotateSharedSecret', headers }],
  },
  'Query.getSharedSecret': { requests: async () => [get('/v1/webhooks:getSharedSecret')] },
  'Query.getAddressesFromWebhook': {
    requests: async (db) => {
      await storeWebhooks(db);
      return [get(`/v1/webhooks/${stored.evm}/addresses?pageSize=1`)];
    },
  },
  'Mutation.addAddressesToWebhook': {
    requests: async (db) => {
      await storeWebhooks(db);
      return [{ method: 'PATCH', path: `/v1/webhooks/${stored.evm}/addresses`, body: { addresses: [usdc] }, headers }];
    },
  },
  'Mutation.removeAddressesFromWebhook': {
    requests: async (db) => {
      await storeWebhooks(db);
      // An address it does not watch: the stored webhook keeps both of its own for the other examples.
      return [
        {
          method: 'DELETE',
          path: `/v1/webhooks/${stored.evm}/addresses`,
          body: { addresses: ['0x0000000000000000000000000000000000000001'] },
          headers,
        },
      ];
    },
  },
};
