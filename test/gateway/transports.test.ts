import { ApolloServer } from '@apollo/server';
import { systemClock } from '../../shared/clock';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { startStandaloneServer } from '@apollo/server/standalone';
import type { Database } from '../../prisma/database';
import { buildSubgraphs } from '../../subgraphs';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { insertEvmChainFixture, insertSubnetFixture } from '../fixtures/subnets';
import { createService } from '../../server/service';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { unlimitedAccess } from '../../server/access/accessControl';
import { createKeyLookup } from '../../server/access/apiKeys';
import { subgraphRequestContext } from '../../server/subgraphRequestContext';
import { defaultWebhookOptions } from '../../webhooks/subscriptions/webhookStore';

let db: Database;
let inProcess: TestService;
const stops: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertEvmChainFixture(db);
  inProcess = await startTestService(db);
});
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await inProcess?.close();
  await teardown(db);
});

/** A query whose plan crosses subgraphs: subnets (primary network) → blockchains → evmChain (EVM). */
const joined = /* GraphQL */ `{
  listSubnets(network: mainnet, sortOrder: asc, pageSize: 2) {
    subnets { subnetId blockchains { blockchainId evmChain { chainId chainName networkToken { symbol } } } }
  }
}`;

describe('gateway federation', () => {
  it('joins a blockchain of the primary-network subgraph to its EVM chain in the EVM subgraph', async () => {
    const { body } = await inProcess.graphql(joined);
    expect(body.errors).toBeUndefined();
    expect(body.data.listSubnets.subnets[0].blockchains).toEqual([
      {
        blockchainId: 'mainnetSubnet0-chain0',
        evmChain: { chainId: '99001', chainName: 'Fixture L1', networkToken: { symbol: 'FIX' } },
      },
      { blockchainId: 'mainnetSubnet0-chain1', evmChain: null },
    ]);
  });

  it('answers the same with subgraphs as separate HTTP services (scale-out shape)', async () => {
    const apiKey = 'ads_transport-test-key';
    const deps = {
      prisma: db.prisma,
      read: db.read,
      pageTokens: { secret: 'test-secret' },
      clock: systemClock,
      webhooks: { transaction: db.transaction, options: defaultWebhookOptions, now: () => new Date() },
    };
    const urls: Record<string, string> = {};
    for (const subgraph of await buildSubgraphs()) {
      const server = new ApolloServer({ schema: subgraph.schema, plugins: [ApolloServerPluginInlineTraceDisabled()] });
      const { url } = await startStandaloneServer(server, {
        listen: { port: 0, host: '127.0.0.1' },
        context: subgraphRequestContext(subgraph, deps, createKeyLookup(db.prisma, [apiKey])),
      });
      stops.push(() => server.stop());
      urls[subgraph.name] = url;
    }
    const service = await createService({
      db,
      options: {
        pageTokenSecret: 'test-secret',
        subgraphTransport: 'http',
        subgraphUrls: urls,
        access: { ...unlimitedAccess, apiKeys: [apiKey], apiKeyRequired: false },
      },
    });
    const server: Server = await new Promise((resolve) => {
      const listening = service.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    stops.push(
      () => service.close(),
      () => new Promise((resolve) => server.close(resolve)),
    );
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const viaHttp = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: joined }),
    }).then((response) => response.json());
    expect(viaHttp).toEqual((await inProcess.graphql(joined)).body);

    const keyed = { 'content-type': 'application/json', 'x-service-api-key': apiKey };
    const viaHttpWithKey = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: keyed,
      body: JSON.stringify({ query: joined }),
    }).then((response) => response.json());
    expect(viaHttpWithKey).toEqual((await inProcess.graphql(joined)).body);

    const rest = await fetch(`${base}/v1/networks/mainnet/subnets?pageSize=3`, { headers: keyed }).then((response) =>
      response.json(),
    );
    expect(rest).toEqual((await inProcess.request('/v1/networks/mainnet/subnets?pageSize=3')).body);

    // The caller's key reaches the EVM subgraph process: its webhook is its own (config-1).
    const created = await fetch(`${base}/v1/webhooks`, {
      method: 'POST',
      headers: keyed,
      body: JSON.stringify({
        eventType: 'address_activity',
        url: 'https://receiver.example.com/scale-out',
        chainId: '99001',
        metadata: { addresses: ['0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e'] },
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await db.query('SELECT owner_key_id FROM webhook WHERE id = $1', [id])).toEqual([
      { owner_key_id: 'config-1' },
    ]);
  });
});
