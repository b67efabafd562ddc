import type { ApolloServer } from '@apollo/server';
import { systemClock } from '../../shared/clock';
import { parse } from 'graphql';
import type { Database } from '../../prisma/database';
import { createGateway, type SubgraphTransport } from '../../gateway';
import { createGraphQLServer, type GatewayContext } from '../../gateway/graphqlServer';
import { createShortcutPlanner } from '../../gateway/shortcutPlanner';
import { readSupergraphSdl } from '../../gateway/supergraph';
import { buildSubgraphs } from '../../subgraphs';
import type { Subgraph, SubgraphDeps } from '../../subgraphs/shared/subgraph';
import { insertEvmChainFixture, insertSubnetFixture } from '../fixtures/subnets';
import { setupTestDatabase, teardown } from '../setup/database';
import { buildFederationFixture, federationQueries, federationVariables } from './federationFixture';

/** The same subgraphs served twice: with the shortcut, and always through the query plan. */
type Pair = { shortcut: ApolloServer<GatewayContext>; planned: ApolloServer<GatewayContext> };

async function servePair(subgraphs: Subgraph[], deps: SubgraphDeps, supergraphSdl?: string): Promise<Pair> {
  const serve = async (shortcut: boolean) => {
    const transport: SubgraphTransport = { kind: 'in-process', subgraphs, deps, shortcut };
    const server = createGraphQLServer(createGateway(transport, { supergraphSdl }));
    await server.start();
    return server;
  };
  return { shortcut: await serve(true), planned: await serve(false) };
}

async function run(server: ApolloServer<GatewayContext>, query: string, variables?: Record<string, unknown>) {
  const response = await server.executeOperation({ query, variables }, { contextValue: {} });
  if (response.body.kind !== 'single') throw new Error('expected a single result');
  return { status: response.http.status ?? 200, ...response.body.singleResult };
}

describe('createShortcutPlanner(): the query plan decides', () => {
  const owners = (supergraphSdl: string, subgraphs: Subgraph[], queries: Record<string, string>) => {
    const ownerOf = createShortcutPlanner({ supergraphSdl, subgraphs });
    return Object.fromEntries(
      Object.entries(queries).map(([name, query]) => [name, ownerOf(parse(query), undefined)?.subgraph.name ?? null]),
    );
  };

  it('behavior: one self-contained fetch runs on its subgraph; @requires, @external and joins go to the gateway', () => {
    const { subgraphs, supergraphSdl } = buildFederationFixture();
    expect(owners(supergraphSdl, subgraphs, federationQueries)).toEqual({
      'one subgraph': 'products',
      'one subgraph, arguments, aliases and fragments': 'products',
      'one subgraph, unknown key': 'products',
      'a mutation': 'products',
      __typename: 'accounts',
      '@provides: the provided field comes with the author': 'reviews',
      '@provides, then a field the provider lacks': null,
      '@external without @provides': null,
      '@external field of another subgraph': null,
      '@requires': null,
      '@requires from the other side': null,
      'entity join across three subgraphs': null,
      'entity join from a nested entity': null,
    });
  });

  it('behavior: our subgraphs, introspection, and operations chosen by name', async () => {
    const subgraphs = await buildSubgraphs();
    const ownerOf = createShortcutPlanner({ supergraphSdl: readSupergraphSdl(), subgraphs });
    const twoOperations = parse(
      'query Evm { listEvmChains { chainId } } query Joined { listSubnets(network: mainnet) { subnets { blockchains { evmChain { chainId } } } } }',
    );
    expect(ownerOf(twoOperations, 'Evm')?.subgraph.name).toBe('evm');
    expect(ownerOf(twoOperations, 'Joined')).toBeNull();
    expect(ownerOf(twoOperations, undefined)).toBeNull();
    expect(ownerOf(twoOperations, 'Unknown')).toBeNull();
    expect(ownerOf(parse('{ listSubnets(network: mainnet) { subnets { subnetId } } }'), undefined)?.subgraph.name).toBe(
      'primary-network',
    );
    expect(ownerOf(parse('{ __schema { queryType { name } } listEvmChains { chainId } }'), undefined)).toBeNull();
    expect(ownerOf(parse('{ __typename }'), undefined)).toBeNull();
  });

  it('behavior: a subgraph that is not in this process is never a shortcut', async () => {
    const subgraphs = (await buildSubgraphs()).filter((subgraph) => subgraph.name !== 'evm');
    const ownerOf = createShortcutPlanner({ supergraphSdl: readSupergraphSdl(), subgraphs });
    expect(ownerOf(parse('{ listEvmChains { chainId } }'), undefined)).toBeNull();
  });
});

describe('single-subgraph shortcut: answers exactly what the query plan answers', () => {
  describe('behavior: @requires, @provides, @external and entity joins (test-only subgraphs)', () => {
    let pair: Pair;
    beforeAll(async () => {
      const { subgraphs, supergraphSdl } = buildFederationFixture();
      pair = await servePair(subgraphs, {} as SubgraphDeps, supergraphSdl);
    });
    afterAll(async () => {
      await pair?.shortcut.stop();
      await pair?.planned.stop();
    });

    it.each(Object.entries(federationQueries))('%s', async (name, query) => {
      const planned = await run(pair.planned, query, federationVariables[name]);
      expect(planned.errors).toBeUndefined();
      expect(await run(pair.shortcut, query, federationVariables[name])).toEqual(planned);
    });

    it('answers the @requires field the plan computes, not null', async () => {
      const { data } = await run(pair.shortcut, federationQueries['@requires']!);
      expect(data).toEqual({
        stockedProducts: [
          { upc: '1', shippingEstimate: 50 },
          { upc: '3', shippingEstimate: 25 },
        ],
      });
    });
  });

  describe('behavior: our subgraphs', () => {
    let db: Database;
    let pair: Pair;
    beforeAll(async () => {
      db = await setupTestDatabase();
      await insertSubnetFixture(db);
      await insertEvmChainFixture(db);
      pair = await servePair(await buildSubgraphs(), {
        prisma: db.prisma,
        read: db.read,
        pageTokens: { secret: 'test-secret' },
        clock: systemClock,
      });
    });
    afterAll(async () => {
      await pair?.shortcut.stop();
      await pair?.planned.stop();
      await teardown(db);
    });

    const queries: Record<string, string> = {
      'one subgraph':
        '{ listSubnets(network: mainnet, sortOrder: asc, pageSize: 3) { nextPageToken subnets { subnetId isL1 blockchains { blockchainId } } } }',
      'one subgraph, EVM': '{ listEvmChains { chainId chainName networkToken { symbol } } }',
      'across subgraphs':
        '{ listSubnets(network: mainnet, sortOrder: asc) { subnets { blockchains { evmChain { chainId } } } } }',
      'across subgraphs, with the entity key': `{ listSubnets(network: mainnet, sortOrder: asc, pageSize: 1) {
        subnets { subnetId blockchains { network blockchainId evmChain { chainId network networkToken { name } } } } } }`,
      'two subgraphs side by side': '{ listEvmChains { chainId } listSubnets(network: fuji) { subnets { subnetId } } }',
      'a client error of a resolver': '{ listSubnets(network: mainnet, pageSize: 0) { subnets { subnetId } } }',
    };

    it.each(Object.entries(queries))('%s', async (_name, query) => {
      const planned = await run(pair.planned, query);
      expect(await run(pair.shortcut, query)).toEqual(planned);
    });

    it('joins every blockchain to its EVM chain (the cross-subgraph field is not left null)', async () => {
      const { data } = await run(pair.shortcut, queries['across subgraphs']!);
      const blockchains = (data as any).listSubnets.subnets.flatMap((subnet: any) => subnet.blockchains);
      expect(blockchains).toContainEqual({ evmChain: { chainId: '99001' } });
    });
  });
});
