// The 10 operations of the official Webhooks tag over REST (and GraphQL where it says so), on an
// empty database with one indexed EVM chain. Answers are held to the official schemas by the test
// service; expected values are the requests themselves and what plain SQL finds in the tables.
import { randomUUID } from 'node:crypto';
import { indexedChainId, keyIds, keys, startWebhookService, type WebhookTestService } from './support/webhookService';

let ws: WebhookTestService;
beforeAll(async () => {
  ws = await startWebhookService();
}, 60_000);
afterAll(() => ws?.close());

const usdc = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';
const other = '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7';
const signature = '0x61cbb2a3dee0b6064c2e681aadd61677fb4ef319f0b547508d495626f5a62f64';
const node = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
// bech32 of 20 bytes of 7, the Fuji prefix.
const fujiAddress = 'fuji1qurswpc8qurswpc8qurswpc8qurswpc82rwv4r';

/** The requests of the three event types, and the answers the official document describes for them. */
const requests = {
  address_activity: {
    eventType: 'address_activity',
    url: 'https://receiver.example.com/evm',
    name: 'USDC',
    description: 'Transfers of USDC',
    chainId: indexedChainId,
    metadata: { addresses: [usdc, other], eventSignatures: [signature.toUpperCase().replace('0X', '0x')] },
    includeInternalTxs: true,
    includeLogs: true,
  },
  primary_network_address_activity: {
    eventType: 'primary_network_address_activity',
    url: 'https://receiver.example.com/pn',
    network: 'fuji',
    chainId: 'p-chain',
    metadata: {
      keyType: 'addresses',
      keys: [`P-${fujiAddress}`],
      subEvents: { addressActivitySubEvents: ['balance_change', 'balance_threshold'] },
      balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: '1000000000' },
    },
  },
  validator_activity: {
    eventType: 'validator_activity',
    url: 'https://receiver.example.com/validator',
    network: 'mainnet',
    metadata: {
      keyType: 'nodeId',
      keys: [node],
      subEvents: { validatorActivitySubEvents: ['validator_stake', 'l1_validator_balance_threshold'] },
      nodeIds: [node],
      l1ValidatorFeeBalanceThreshold: '5000000000',
    },
  },
} as const;

/** What each request is answered with, but for id and createdAt (the service's). */
const expectedAnswers = {
  address_activity: {
    url: 'https://receiver.example.com/evm',
    chainId: indexedChainId,
    status: 'active',
    name: 'USDC',
    description: 'Transfers of USDC',
    eventType: 'address_activity',
    metadata: { eventSignatures: [signature], addresses: [other.toLowerCase(), usdc.toLowerCase()].sort() },
    includeInternalTxs: true,
    includeLogs: true,
  },
  primary_network_address_activity: {
    url: 'https://receiver.example.com/pn',
    chainId: 'p-chain',
    status: 'active',
    name: '',
    description: '',
    eventType: 'primary_network_address_activity',
    metadata: {
      keyType: 'addresses',
      keys: [fujiAddress],
      subEvents: { addressActivitySubEvents: ['balance_change', 'balance_threshold'] },
      balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: '1000000000' },
    },
  },
  validator_activity: {
    url: 'https://receiver.example.com/validator',
    chainId: 'p-chain',
    status: 'active',
    name: '',
    description: '',
    eventType: 'validator_activity',
    metadata: {
      keyType: 'nodeId',
      keys: [node],
      subEvents: { validatorActivitySubEvents: ['validator_stake', 'l1_validator_balance_threshold'] },
      nodeIds: [node],
      l1ValidatorFeeBalanceThreshold: '5000000000',
    },
  },
};

const create = (key: string, body: unknown) => ws.call(key, '/v1/webhooks', { method: 'POST', body });
const evmWebhook = async (key = keys.one) => (await create(key, requests.address_activity)).body.id as string;

describe('createWebhook (POST /v1/webhooks)', () => {
  it.each(Object.keys(requests) as (keyof typeof requests)[])(
    'creates a %s webhook of the caller’s key: 201, the official shape, and GET answers the same',
    async (eventType) => {
      const before = Math.floor(Date.now() / 1000);
      const created = await create(keys.one, requests[eventType]);
      expect(created.status).toBe(201);
      const { id, createdAt, ...rest } = created.body;
      expect(rest).toEqual(expectedAnswers[eventType]);
      expect(createdAt).toBeGreaterThanOrEqual(before);
      expect(createdAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
      const [row] = await ws.db.query<{ owner_key_id: string }>('SELECT owner_key_id FROM webhook WHERE id = $1', [id]);
      expect(row?.owner_key_id).toBe(keyIds.one);
      expect(await ws.call(keys.one, `/v1/webhooks/${id}`)).toEqual({ status: 200, body: created.body });
    },
  );

  it('stores the watched keys apart from the metadata, in their stored form', async () => {
    const id = await evmWebhook();
    const rows = await ws.db.query<{ key: string }>('SELECT key FROM webhook_key WHERE webhook_id = $1 ORDER BY key', [
      id,
    ]);
    expect(rows.map((row) => row.key)).toEqual([other.toLowerCase(), usdc.toLowerCase()].sort());
    const [webhook] = await ws.db.query<{ metadata: object }>('SELECT metadata FROM webhook WHERE id = $1', [id]);
    expect(webhook!.metadata).toEqual({ eventSignatures: [signature] });
  });
});

describe('getWebhook (GET /v1/webhooks/{id})', () => {
  it('answers 404 for another key’s webhook, as for none', async () => {
    const id = await evmWebhook(keys.two);
    for (const missing of [id, randomUUID()]) {
      const answer = await ws.call(keys.one, `/v1/webhooks/${missing}`);
      expect(answer).toEqual({
        status: 404,
        body: { message: `no webhook ${missing} belongs to this API key`, statusCode: 404, error: 'Not Found' },
      });
    }
  });

  it('answers 400 for an ID that is no UUID', async () => {
    expect((await ws.call(keys.one, '/v1/webhooks/not-a-uuid')).body.message).toBe(
      'path parameter id must be a webhook ID (a UUID)',
    );
  });
});

describe('listWebhooks (GET /v1/webhooks)', () => {
  it('pages the caller’s webhooks newest first, each page after the last row of the previous', async () => {
    for (let i = 0; i < 3; i++) await evmWebhook(keys.two);
    const expected = await ws.db.query<{ id: string }>(
      `SELECT id::text AS id FROM webhook WHERE owner_key_id = $1 ORDER BY created_at DESC, id DESC`,
      [keyIds.two],
    );
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await ws.call(keys.two, `/v1/webhooks?pageSize=2${token ? `&pageToken=${token}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.webhooks.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.webhooks.map((webhook: { id: string }) => webhook.id));
      token = page.body.nextPageToken;
      pages++;
    } while (token);
    expect(seen).toEqual(expected.map((row) => row.id));
    expect(pages).toBe(Math.ceil(expected.length / 2));
  });

  it('filters by status', async () => {
    const id = await evmWebhook(keys.two);
    await ws.call(keys.two, `/v1/webhooks/${id}`, { method: 'DELETE' });
    const inactive = await ws.db.query<{ id: string }>(
      `SELECT id::text AS id FROM webhook WHERE owner_key_id = $1 AND status = 'inactive' ORDER BY created_at DESC, id DESC`,
      [keyIds.two],
    );
    const page = await ws.call(keys.two, '/v1/webhooks?status=inactive&pageSize=100');
    expect(page.body.webhooks.map((webhook: { id: string }) => webhook.id)).toEqual(inactive.map((row) => row.id));
  });

  it('refuses a page token of another key (a token is bound to its key and filters)', async () => {
    await evmWebhook(keys.two);
    await evmWebhook(keys.two);
    const first = await ws.call(keys.two, '/v1/webhooks?pageSize=1');
    expect(first.body.nextPageToken).toBeDefined();
    const foreign = await ws.call(keys.one, `/v1/webhooks?pageSize=1&pageToken=${first.body.nextPageToken}`);
    expect(foreign.status).toBe(400);
    const otherFilter = await ws.call(
      keys.two,
      `/v1/webhooks?pageSize=1&status=active&pageToken=${first.body.nextPageToken}`,
    );
    expect(otherFilter.status).toBe(400);
  });
});

describe('updateWebhook (PATCH /v1/webhooks/{id})', () => {
  it.each([
    ['name', { name: 'renamed' }],
    ['description', { description: 'described again' }],
    ['url', { url: 'https://other.example.com/hook' }],
    ['includeInternalTxs', { includeInternalTxs: false }],
    ['includeLogs', { includeLogs: false }],
  ])('changes %s and keeps the other members', async (_member, change) => {
    const id = await evmWebhook();
    const before = (await ws.call(keys.one, `/v1/webhooks/${id}`)).body;
    const updated = await ws.call(keys.one, `/v1/webhooks/${id}`, { method: 'PATCH', body: change });
    expect(updated).toEqual({ status: 200, body: { ...before, ...change } });
    expect(await ws.call(keys.one, `/v1/webhooks/${id}`)).toEqual(updated);
  });

  it('status inactive deactivates it; status active re-activates it and clears inactive_reason', async () => {
    const id = await evmWebhook();
    const off = await ws.call(keys.one, `/v1/webhooks/${id}`, { method: 'PATCH', body: { status: 'inactive' } });
    expect(off.body.status).toBe('inactive');
    const reason = () =>
      ws.db.query<{ inactive_reason: string | null }>('SELECT inactive_reason FROM webhook WHERE id = $1', [id]);
    expect(await reason()).toEqual([{ inactive_reason: 'deactivated by its key' }]);
    const on = await ws.call(keys.one, `/v1/webhooks/${id}`, { method: 'PATCH', body: { status: 'active' } });
    expect(on.body.status).toBe('active');
    expect(await reason()).toEqual([{ inactive_reason: null }]);
  });

  it('answers 404 for another key’s webhook and changes nothing', async () => {
    const id = await evmWebhook(keys.two);
    expect((await ws.call(keys.one, `/v1/webhooks/${id}`, { method: 'PATCH', body: { name: 'x' } })).status).toBe(404);
    expect((await ws.call(keys.two, `/v1/webhooks/${id}`)).body.name).toBe('USDC');
  });
});

describe('deactivateWebhook (DELETE /v1/webhooks/{id})', () => {
  it('deactivates it and cancels its pending messages in the same transaction; delivered ones stay', async () => {
    const id = await evmWebhook();
    const other = await evmWebhook();
    const message = (status: string, webhookId = id) =>
      ws.db.query(
        `INSERT INTO webhook_message (id, webhook_id, chain_key, block_height, body, status, next_attempt_at)
         VALUES ($1, $2, 'evm:99001', 1, '{}', $3, now())`,
        [randomUUID(), webhookId, status],
      );
    await message('pending');
    await message('pending');
    await message('delivered');
    await message('pending', other);
    const answer = await ws.call(keys.one, `/v1/webhooks/${id}`, { method: 'DELETE' });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('inactive');
    const statuses = await ws.db.query<{ webhook_id: string; status: string; n: number }>(
      `SELECT webhook_id::text AS webhook_id, status, count(*)::int AS n FROM webhook_message
       WHERE webhook_id IN ($1, $2) GROUP BY webhook_id, status ORDER BY webhook_id = $1 DESC, status`,
      [id, other],
    );
    expect(statuses).toEqual([
      { webhook_id: id, status: 'cancelled', n: 2 },
      { webhook_id: id, status: 'delivered', n: 1 },
      { webhook_id: other, status: 'pending', n: 1 },
    ]);
    const [row] = await ws.db.query('SELECT status, inactive_reason FROM webhook WHERE id = $1', [id]);
    expect(row).toEqual({ status: 'inactive', inactive_reason: 'deactivated by its key' });
    expect(await ws.call(keys.one, `/v1/webhooks/${id}`, { method: 'DELETE' })).toEqual(answer);
  });

  it('answers 404 for another key’s webhook, which stays active', async () => {
    const id = await evmWebhook(keys.two);
    expect((await ws.call(keys.one, `/v1/webhooks/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await ws.call(keys.two, `/v1/webhooks/${id}`)).body.status).toBe('active');
  });
});

describe('addAddressesToWebhook, removeAddressesFromWebhook, getAddressesFromWebhook (/v1/webhooks/{id}/addresses)', () => {
  const addresses = Array.from({ length: 5 }, (_, i) => `0x${String(i + 1).padStart(40, '0')}`);
  const stored = (id: string) =>
    ws.db.query<{ key: string }>('SELECT key FROM webhook_key WHERE webhook_id = $1 ORDER BY key', [id]);

  it('adds addresses (any case, each once) and answers the webhook with them', async () => {
    const id = await evmWebhook();
    const added = await ws.call(keys.one, `/v1/webhooks/${id}/addresses`, {
      method: 'PATCH',
      body: { addresses: [...addresses, usdc, addresses[0]!.toUpperCase().replace('0X', '0x')] },
    });
    expect(added.status).toBe(200);
    const keysNow = (await stored(id)).map((row) => row.key);
    expect(keysNow).toEqual([...addresses, usdc.toLowerCase(), other.toLowerCase()].sort());
    expect(added.body.metadata.addresses).toEqual(keysNow);
  });

  it('lists them in pages, with totalAddresses', async () => {
    const id = await evmWebhook();
    await ws.call(keys.one, `/v1/webhooks/${id}/addresses`, { method: 'PATCH', body: { addresses } });
    const expected = (await stored(id)).map((row) => row.key);
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const page = await ws.call(
        keys.one,
        `/v1/webhooks/${id}/addresses?pageSize=3${token ? `&pageToken=${token}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.totalAddresses).toBe(expected.length);
      seen.push(...page.body.addresses);
      token = page.body.nextPageToken;
    } while (token);
    expect(seen).toEqual(expected);
  });

  it('removes addresses; ones it does not watch are no error', async () => {
    const id = await evmWebhook();
    const removed = await ws.call(keys.one, `/v1/webhooks/${id}/addresses`, {
      method: 'DELETE',
      body: { addresses: [usdc, addresses[4]] },
    });
    expect(removed.status).toBe(200);
    expect((await stored(id)).map((row) => row.key)).toEqual([other.toLowerCase()]);
    expect(removed.body.metadata.addresses).toEqual([other.toLowerCase()]);
  });

  it('answers 400 for a webhook of another event type, and 404 for another key’s', async () => {
    const validator = (await create(keys.one, requests.validator_activity)).body.id;
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { addresses }],
      ['DELETE', { addresses }],
    ] as const) {
      const answer = await ws.call(keys.one, `/v1/webhooks/${validator}/addresses`, { method, body });
      expect(answer.body).toEqual({
        message: 'only address_activity webhooks watch addresses; this one is validator_activity',
        statusCode: 400,
        error: 'Bad Request',
      });
    }
    const foreign = await evmWebhook(keys.two);
    expect((await ws.call(keys.one, `/v1/webhooks/${foreign}/addresses`)).status).toBe(404);
    expect(
      (await ws.call(keys.one, `/v1/webhooks/${foreign}/addresses`, { method: 'PATCH', body: { addresses } })).status,
    ).toBe(404);
    expect((await stored(foreign)).length).toBe(2);
  });
});

describe('getSharedSecret and generateOrRotateSharedSecret (/v1/webhooks:…)', () => {
  const storedSecret = async (keyId: string) =>
    (await ws.db.query<{ secret: string }>('SELECT secret FROM webhook_secret WHERE owner_key_id = $1', [keyId]))[0]
      ?.secret;

  it('makes the secret on first use (32 random bytes in hex) and answers the same one after', async () => {
    const first = await ws.call(keys.two, '/v1/webhooks:getSharedSecret');
    expect(first.status).toBe(200);
    expect(first.body.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(await storedSecret(keyIds.two)).toBe(first.body.secret);
    expect((await ws.call(keys.two, '/v1/webhooks%3AgetSharedSecret')).body).toEqual(first.body);
  });

  it('rotation answers 201 with a new secret, which getSharedSecret answers from then on; keys have their own', async () => {
    const before = (await ws.call(keys.one, '/v1/webhooks:getSharedSecret')).body.secret;
    const rotated = await ws.call(keys.one, '/v1/webhooks:generateOrRotateSharedSecret', { method: 'POST' });
    expect(rotated.status).toBe(201);
    expect(rotated.body.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.body.secret).not.toBe(before);
    expect((await ws.call(keys.one, '/v1/webhooks:getSharedSecret')).body.secret).toBe(rotated.body.secret);
    expect(await storedSecret(keyIds.one)).toBe(rotated.body.secret);
    expect((await ws.call(keys.two, '/v1/webhooks:getSharedSecret')).body.secret).not.toBe(rotated.body.secret);
  });
});

describe('a request without an API key (API_KEY_REQUIRED off)', () => {
  const id = randomUUID();
  const unauthorized = {
    status: 401,
    body: {
      message: 'An API key is required: send it in the x-service-api-key header',
      statusCode: 401,
      error: 'Unauthorized',
    },
  };
  it.each([
    ['createWebhook', 'POST', '/v1/webhooks', requests.address_activity],
    ['listWebhooks', 'GET', '/v1/webhooks', undefined],
    ['getWebhook', 'GET', `/v1/webhooks/${id}`, undefined],
    ['updateWebhook', 'PATCH', `/v1/webhooks/${id}`, { name: 'x' }],
    ['deactivateWebhook', 'DELETE', `/v1/webhooks/${id}`, undefined],
    ['getSharedSecret', 'GET', '/v1/webhooks:getSharedSecret', undefined],
    ['generateOrRotateSharedSecret', 'POST', '/v1/webhooks:generateOrRotateSharedSecret', undefined],
    ['getAddressesFromWebhook', 'GET', `/v1/webhooks/${id}/addresses`, undefined],
    ['addAddressesToWebhook', 'PATCH', `/v1/webhooks/${id}/addresses`, { addresses: [usdc] }],
    ['removeAddressesFromWebhook', 'DELETE', `/v1/webhooks/${id}/addresses`, { addresses: [usdc] }],
  ])('%s is 401', async (_operation, method, path, body) => {
    expect(await ws.call(undefined, path, { method, body })).toEqual(unauthorized);
  });

  it('GraphQL answers 401 alike', async () => {
    const answer = await ws.graphql(undefined, 'mutation { generateOrRotateSharedSecret { secret } }');
    expect(answer.status).toBe(401);
    expect(answer.body.errors[0]).toMatchObject({
      message: unauthorized.body.message,
      extensions: { code: 'UNAUTHORIZED' },
    });
  });
});

describe('GraphQL', () => {
  const selection = `
    __typename
    ... on EVMAddressActivityResponse { id url chainId status createdAt name description eventType includeInternalTxs includeLogs metadata { eventSignatures addresses } }
    ... on ValidatorActivityResponse { id url chainId status createdAt name description eventType metadata { keyType keys subEvents { validatorActivitySubEvents } nodeIds subnetIds l1ValidatorFeeBalanceThreshold eventSignatures } }`;
  /** A GraphQL answer as REST leaves it: nulls out, no __typename. */
  const asRest = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value, (key, member) => (member === null || key === '__typename' ? undefined : member)));

  it('a mutation answers what REST then answers for the webhook', async () => {
    const id = await evmWebhook();
    const mutation = await ws.graphql(
      keys.one,
      `mutation($id: String!) { updateWebhook(id: $id, name: "via GraphQL", includeLogs: false) { ${selection} } }`,
      { id },
    );
    expect(mutation.body.data.updateWebhook.__typename).toBe('EVMAddressActivityResponse');
    expect(asRest(mutation.body.data.updateWebhook)).toEqual((await ws.call(keys.one, `/v1/webhooks/${id}`)).body);
  });

  it('createWebhook answers the variant of its event type, as REST answers it', async () => {
    const { eventType, network, metadata, url } = requests.validator_activity;
    const created = await ws.graphql(
      keys.one,
      `mutation($metadata: WebhookMetadataInput!) { createWebhook(eventType: ${eventType}, network: ${network}, url: "${url}", metadata: $metadata) { ${selection} } }`,
      { metadata },
    );
    const answer = created.body.data.createWebhook;
    expect(answer.__typename).toBe('ValidatorActivityResponse');
    expect(asRest(answer)).toEqual((await ws.call(keys.one, `/v1/webhooks/${answer.id}`)).body);
  });
});
