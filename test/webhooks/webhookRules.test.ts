// createWebhook's rules per event type, the URL rule and the limits per key: each broken rule is a
// 400 (403 for a limit) whose message names the member and its option.
import { createHostAllowList } from '../../webhooks/urls/hostAllowList';
import { indexedChainId, keys, startWebhookService, type WebhookTestService } from './support/webhookService';

let ws: WebhookTestService;
beforeAll(async () => {
  ws = await startWebhookService({
    allowedHosts: createHostAllowList(['receiver.internal', '10.1.2.3']),
    maxWebhooksPerKey: 3,
    maxAddressesPerWebhook: 3,
  });
}, 60_000);
afterAll(() => ws?.close());

const address = (n: number) => `0x${String(n).padStart(40, '0')}`;
const node = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
const fujiAddress = 'fuji1qurswpc8qurswpc8qurswpc8qurswpc82rwv4r';
const mainnetAddress = 'avax1qurswpc8qurswpc8qurswpc8qurswpc8x32neu';
const subnet = '11111111111111111111111111111111LpoYY';

const evm = (change: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
  eventType: 'address_activity',
  url: 'https://receiver.example.com/hook',
  chainId: indexedChainId,
  ...change,
  metadata: { addresses: [address(1)], ...metadata },
});
const primary = (change: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
  eventType: 'primary_network_address_activity',
  url: 'https://receiver.example.com/hook',
  network: 'fuji',
  chainId: 'x-chain',
  ...change,
  metadata: {
    keyType: 'addresses',
    keys: [fujiAddress],
    subEvents: { addressActivitySubEvents: ['balance_change'] },
    ...metadata,
  },
});
const validator = (change: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
  eventType: 'validator_activity',
  url: 'https://receiver.example.com/hook',
  network: 'mainnet',
  ...change,
  metadata: {
    keyType: 'nodeId',
    keys: [node],
    subEvents: { validatorActivitySubEvents: ['validator_stake'] },
    ...metadata,
  },
});

const create = (body: unknown, key = keys.two) => ws.call(key, '/v1/webhooks', { method: 'POST', body });
const refusal = (status: number, message: string) => ({
  status,
  body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Forbidden' },
});
/** Creates, checks the answer, and removes it again (keys.two has a limit of 3 webhooks). */
const accepted = async (body: unknown) => {
  const answer = await create(body);
  expect(answer.status).toBe(201);
  await ws.db.query('DELETE FROM webhook WHERE id = $1', [answer.body.id]);
};

describe('createWebhook: the members every event type shares', () => {
  it.each([
    [
      'an unknown eventType',
      { ...evm(), eventType: 'everything' },
      'body field eventType must be one of address_activity, primary_network_address_activity, validator_activity',
    ],
    ['a missing url', { ...evm(), url: undefined }, 'body field url is required'],
    ['a missing metadata', { ...evm(), metadata: undefined }, 'body field metadata is required'],
    ['a name over 200 characters', evm({ name: 'n'.repeat(201) }), 'body field name must be at most 200 characters'],
    [
      'a description over 1000 characters',
      evm({ description: 'd'.repeat(1001) }),
      'body field description must be at most 1000 characters',
    ],
    [
      'a metadata member of the wrong type',
      evm({}, { addresses: [5] }),
      'body field metadata.addresses[0] must be a string',
    ],
    ['a metadata member no request has', evm({}, { everything: true }), 'body field metadata has no member everything'],
  ])('refuses %s', async (_rule, body, message) => {
    expect(await create(body)).toEqual(refusal(400, message));
  });
});

describe('createWebhook: the URL rule', () => {
  it.each([
    [
      'plain http',
      'http://receiver.example.com/hook',
      'body field url must be https (http only to a host WEBHOOK_ALLOWED_HOSTS lists)',
    ],
    ['no absolute URL', 'receiver.example.com/hook', 'body field url must be an absolute URL (https://…)'],
    [
      'credentials',
      'https://user:secret@receiver.example.com/hook',
      'body field url must not hold credentials (user:password@)',
    ],
    [
      'a loopback IPv4 address',
      'https://127.0.0.1/hook',
      'body field url must not name a loopback address (127.0.0.1) unless WEBHOOK_ALLOWED_HOSTS lists it',
    ],
    [
      'a loopback IPv6 address',
      'https://[::1]/hook',
      'body field url must not name a loopback address (::1) unless WEBHOOK_ALLOWED_HOSTS lists it',
    ],
    [
      'an IPv4-mapped loopback address',
      'https://[::ffff:127.0.0.1]/hook',
      'body field url must not name a loopback address (::ffff:7f00:1) unless WEBHOOK_ALLOWED_HOSTS lists it',
    ],
    [
      'a private address',
      'https://192.168.1.10/hook',
      'body field url must not name a private address (192.168.1.10) unless WEBHOOK_ALLOWED_HOSTS lists it',
    ],
    [
      'a private IPv6 address',
      'https://[fd00::1]/hook',
      'body field url must not name a unique-local address (fd00::1) unless WEBHOOK_ALLOWED_HOSTS lists it',
    ],
    [
      'a link-local address',
      'https://169.254.169.254/latest',
      'body field url must not name a link-local address (169.254.169.254) unless WEBHOOK_ALLOWED_HOSTS lists it',
    ],
    [
      'a link-local IPv6 address',
      'https://[fe80::1]/hook',
      'body field url must not name a link-local address (fe80::1) unless WEBHOOK_ALLOWED_HOSTS lists it',
    ],
    [
      'localhost',
      'https://localhost:8443/hook',
      'body field url must not name a loopback address (localhost) unless WEBHOOK_ALLOWED_HOSTS lists it',
    ],
  ])('refuses %s', async (_rule, url, message) => {
    expect(await create(evm({ url }))).toEqual(refusal(400, message));
  });

  it.each([
    ['http to a listed host name', 'http://RECEIVER.internal:8080/hook'],
    ['a private address WEBHOOK_ALLOWED_HOSTS lists, over http', 'http://10.1.2.3/hook'],
    ['https to a public host', 'https://receiver.example.com/hook'],
  ])('accepts %s', async (_rule, url) => {
    await accepted(evm({ url }));
  });

  it('updateWebhook holds a new url to the same rule', async () => {
    const created = await create(evm());
    const answer = await ws.call(keys.two, `/v1/webhooks/${created.body.id}`, {
      method: 'PATCH',
      body: { url: 'http://receiver.example.com/hook' },
    });
    expect(answer).toEqual(
      refusal(400, 'body field url must be https (http only to a host WEBHOOK_ALLOWED_HOSTS lists)'),
    );
    await ws.db.query('DELETE FROM webhook WHERE id = $1', [created.body.id]);
  });
});

describe('createWebhook: address_activity', () => {
  it.each([
    ['a missing chainId', evm({ chainId: undefined }), 'body field chainId is required'],
    [
      'a chainId that is no EVM chain ID',
      evm({ chainId: 'c-chain' }),
      'body field chainId must be an EVM chain ID (a positive integer)',
    ],
    [
      'a chain this service does not index',
      evm({ chainId: '43114' }),
      'body field chainId 43114 is not an EVM chain this service indexes',
    ],
    ['missing addresses', evm({}, { addresses: undefined }), 'metadata.addresses is required'],
    [
      'an address that is no EVM address',
      evm({}, { addresses: ['0x12'] }),
      'metadata.addresses item "0x12" must be an EVM address: 0x followed by 40 hex digits',
    ],
    [
      'an event signature that is no 32-byte hex',
      evm({}, { eventSignatures: ['0xa9059cbb'] }),
      'metadata.eventSignatures item "0xa9059cbb" must be a hash: 0x followed by 64 hex digits',
    ],
    [
      'a member of another event type',
      evm({ network: 'mainnet' }),
      'body field network is not a member of address_activity webhooks',
    ],
    [
      'a metadata member of another event type',
      evm({}, { keyType: 'nodeId' }),
      'metadata.keyType is not a member of address_activity webhooks',
    ],
  ])('refuses %s', async (_rule, body, message) => {
    expect(await create(body)).toEqual(refusal(400, message));
  });
});

describe('createWebhook: primary_network_address_activity', () => {
  it.each([
    ['a missing network', primary({ network: undefined }), 'body field network is required'],
    ['another network', primary({ network: 'devnet' }), 'body field network must be one of mainnet, fuji'],
    [
      'a chain that is none of the primary network’s',
      primary({ chainId: '43114' }),
      'body field chainId must be p-chain or x-chain (or the fuji blockchain ID of one)',
    ],
    [
      'the C-Chain, whose events follow its EVM accounts (address_activity)',
      primary({ chainId: 'c-chain' }),
      'body field chainId must be p-chain or x-chain (or the fuji blockchain ID of one)',
    ],
    ['a keyType other than addresses', primary({}, { keyType: 'nodeId' }), 'metadata.keyType must be addresses'],
    ['no keys', primary({}, { keys: [] }), 'metadata.keys must list at least one address'],
    [
      'an address that is no bech32',
      primary({}, { keys: ['fuji1nope'] }),
      'metadata.keys item "fuji1nope" must list bech32 addresses (avax1… or fuji1…, optionally with a P- or X- prefix)',
    ],
    [
      'an address of the other network',
      primary({}, { keys: [mainnetAddress] }),
      `metadata.keys item "${mainnetAddress}" must be a fuji address (fuji1…)`,
    ],
    [
      'no sub-events',
      primary({}, { subEvents: { addressActivitySubEvents: [] } }),
      'metadata.subEvents.addressActivitySubEvents must name at least one sub-event',
    ],
    [
      'an unknown sub-event',
      primary({}, { subEvents: { addressActivitySubEvents: ['validator_stake'] } }),
      'metadata.subEvents.addressActivitySubEvents must list balance_change, balance_threshold or reward_distribution; "validator_stake" is none',
    ],
    [
      'balance_threshold without its filter',
      primary({}, { subEvents: { addressActivitySubEvents: ['balance_threshold'] } }),
      'metadata.balanceThresholdFilter is required with the balance_threshold sub-event',
    ],
    [
      'a filter of an unknown balance',
      primary({}, { balanceThresholdFilter: { balanceType: 'all', balanceThreshold: '1' } }),
      'metadata.balanceThresholdFilter.balanceType must be unlockedUnstaked, unlockedStaked, lockedPlatform, lockedStakeable, lockedStaked, pendingStaked, unlocked, locked, atomicMemoryUnlocked or atomicMemoryLocked',
    ],
    [
      'a threshold that is no amount',
      primary({}, { balanceThresholdFilter: { balanceType: 'unlocked', balanceThreshold: '-1' } }),
      'metadata.balanceThresholdFilter.balanceThreshold must be a non-negative integer (nAVAX) of at most 2^64 - 1',
    ],
    [
      'a member of address_activity',
      primary({ includeLogs: true }),
      'body field includeLogs is not a member of primary_network_address_activity webhooks',
    ],
  ])('refuses %s', async (_rule, body, message) => {
    expect(await create(body)).toEqual(refusal(400, message));
  });

  it('accepts the chain by its blockchain ID and answers its name', async () => {
    const answer = await create(primary({ chainId: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm' }));
    expect(answer.body.chainId).toBe('x-chain');
    await ws.db.query('DELETE FROM webhook WHERE id = $1', [answer.body.id]);
  });
});

describe('createWebhook: validator_activity', () => {
  it.each([
    ['a missing network', validator({ network: undefined }), 'body field network is required'],
    [
      'a keyType other than nodeId or subnetId',
      validator({}, { keyType: 'addresses' }),
      'metadata.keyType must be nodeId or subnetId',
    ],
    ['two keys', validator({}, { keys: [node, node] }), 'metadata.keys must hold exactly one key'],
    ['no key', validator({}, { keys: [] }), 'metadata.keys must hold exactly one key'],
    [
      'a node ID that is none',
      validator({}, { keys: ['NodeID-nope'] }),
      'metadata.keys item "NodeID-nope" must be a node ID: NodeID- followed by the cb58 of 20 bytes',
    ],
    [
      'a subnet ID that is none',
      validator({}, { keyType: 'subnetId', keys: ['nope'] }),
      'metadata.keys item "nope" must be a subnet ID (32 bytes in cb58, or hex)',
    ],
    [
      'no sub-events',
      validator({}, { subEvents: { validatorActivitySubEvents: [] } }),
      'metadata.subEvents.validatorActivitySubEvents must name at least one sub-event',
    ],
    [
      'an unknown sub-event',
      validator({}, { subEvents: { validatorActivitySubEvents: ['balance_change'] } }),
      'metadata.subEvents.validatorActivitySubEvents must list validator_stake, delegator_stake, reward_distribution, l1_validator_balance_increased, l1_validator_disabled, l1_validator_removed or l1_validator_balance_threshold; "balance_change" is none',
    ],
    [
      'a fee threshold that is no amount',
      validator({}, { l1ValidatorFeeBalanceThreshold: '1.5' }),
      'metadata.l1ValidatorFeeBalanceThreshold must be a non-negative integer (nAVAX) of at most 2^64 - 1',
    ],
    [
      'a nodeIds filter that is no node ID',
      validator({}, { nodeIds: ['node'] }),
      'metadata.nodeIds item "node" must be a node ID: NodeID- followed by the cb58 of 20 bytes',
    ],
    [
      'a subnetIds filter that is no subnet ID',
      validator({}, { subnetIds: ['subnet'] }),
      'metadata.subnetIds item "subnet" must be a subnet ID (32 bytes in cb58, or hex)',
    ],
    [
      'a chainId (its events are the P-Chain’s)',
      validator({ chainId: 'p-chain' }),
      'body field chainId is not a member of validator_activity webhooks',
    ],
  ])('refuses %s', async (_rule, body, message) => {
    expect(await create(body)).toEqual(refusal(400, message));
  });

  it('accepts a subnet ID in hex and answers it in cb58', async () => {
    const answer = await create(validator({}, { keyType: 'subnetId', keys: [`0x${'00'.repeat(32)}`] }));
    expect(answer.body.metadata.keys).toEqual([subnet]);
    await ws.db.query('DELETE FROM webhook WHERE id = $1', [answer.body.id]);
  });
});

describe('updateWebhook: its members', () => {
  it.each([
    [
      'a status other than active or inactive',
      { status: 'paused' },
      'body field status must be one of active, inactive',
    ],
    ['a name over 200 characters', { name: 'n'.repeat(201) }, 'body field name must be at most 200 characters'],
    [
      'includeLogs of a validator_activity webhook',
      { includeLogs: true },
      'body field includeLogs is not a member of validator_activity webhooks',
    ],
    [
      'includeInternalTxs of a validator_activity webhook',
      { includeInternalTxs: true },
      'body field includeInternalTxs is not a member of validator_activity webhooks',
    ],
  ])('refuses %s', async (_rule, body, message) => {
    const created = await create(validator());
    expect(await ws.call(keys.two, `/v1/webhooks/${created.body.id}`, { method: 'PATCH', body })).toEqual(
      refusal(400, message),
    );
    await ws.db.query('DELETE FROM webhook WHERE id = $1', [created.body.id]);
  });
});

describe('the limits per key (WEBHOOK_MAX_PER_KEY 3, WEBHOOK_MAX_ADDRESSES 3 here)', () => {
  it('refuses a webhook past the key’s limit with 403 naming it; other keys are not counted', async () => {
    const [{ n }] = (await ws.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook WHERE owner_key_id = 'config-1'`,
    )) as [{ n: number }];
    for (let i = n; i < 3; i++) expect((await create(evm(), keys.one)).status).toBe(201);
    expect(await create(evm(), keys.one)).toEqual(
      refusal(403, 'an API key has at most 3 webhooks (WEBHOOK_MAX_PER_KEY)'),
    );
    expect((await create(evm())).status).toBe(201);
  });

  it('refuses a webhook watching more addresses than the limit, at creation and by adding', async () => {
    const limit = refusal(403, 'a webhook watches at most 3 addresses (WEBHOOK_MAX_ADDRESSES)');
    await ws.db.query(`DELETE FROM webhook WHERE owner_key_id = 'config-2'`);
    expect(await create(evm({}, { addresses: [1, 2, 3, 4].map(address) }))).toEqual(limit);
    const id = (await create(evm({}, { addresses: [1, 2].map(address) }))).body.id;
    const add = (addresses: string[]) =>
      ws.call(keys.two, `/v1/webhooks/${id}/addresses`, { method: 'PATCH', body: { addresses } });
    expect(await add([3, 4].map(address))).toEqual(limit);
    // Addresses it watches already do not count twice.
    expect((await add([1, 2, 3].map(address))).status).toBe(200);
    const rows = await ws.db.query('SELECT key FROM webhook_key WHERE webhook_id = $1', [id]);
    expect(rows.length).toBe(3);
  });
});
