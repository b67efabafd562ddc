// Every entity of every subgraph, resolved the way the gateway resolves it: an `_entities`
// query through the in-process data source, with per-request loaders.
import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { systemClock } from '../../shared/clock';
import type { Database } from '../../prisma/database';
import { InProcessDataSource } from '../../gateway/inProcessDataSource';
import { createSubgraphContexts } from '../../gateway/subgraphContexts';
import { buildSubgraphs, type SubgraphName } from '../../subgraphs';
import type { Subgraph, SubgraphDeps } from '../../subgraphs/shared/subgraph';
import { fixtureSubnetIds, insertEvmChainFixture, insertSubnetFixture } from '../fixtures/subnets';
import { setupTestDatabase, teardown } from '../setup/database';

let db: Database;
let subgraphs: Subgraph[];
let deps: SubgraphDeps;
const statements: string[] = [];

beforeAll(async () => {
  db = await setupTestDatabase({ onQuery: (sql) => statements.push(sql) });
  await insertSubnetFixture(db);
  await insertEvmChainFixture(db);
  await db.prisma.evmChain.create({
    data: {
      chainId: 99002n,
      network: 'FUJI',
      blockchainId: 'fujiSubnet0-chain0',
      chainName: 'Fixture testnet L1',
      nativeTokenName: 'Fixture',
      nativeTokenSymbol: 'TFIX',
      nativeTokenDecimals: 18,
    },
  });
  subgraphs = await buildSubgraphs();
  deps = { prisma: db.prisma, read: db.read, pageTokens: { secret: 'test-secret' }, clock: systemClock };
});
afterAll(() => teardown(db));

/**
 * Sends `_entities` to one subgraph as the gateway does (one request context, so one set of
 * loaders) and counts the SQL statements it costs.
 */
async function resolveEntities(name: SubgraphName, selection: string, representations: object[]) {
  const subgraph = subgraphs.find((candidate) => candidate.name === name)!;
  const source = new InProcessDataSource(subgraph, createSubgraphContexts(deps));
  const context = {};
  const options = {
    kind: 'incoming operation', // GraphQLDataSourceRequestKind.INCOMING_OPERATION: the enum is a type-only export
    request: {
      query: `query($representations: [_Any!]!) { _entities(representations: $representations) { ${selection} } }`,
      variables: { representations },
    },
    context,
    incomingRequestContext: { context } as never,
  } as unknown as GraphQLDataSourceProcessOptions;
  statements.length = 0;
  const { data, errors } = await source.process(options);
  return { entities: (data as { _entities: unknown[] } | undefined)?._entities, errors, statements: statements.length };
}

const subnet = (network: string, subnetId: string) => ({ __typename: 'Subnet', network, subnetId });
const blockchain = (network: string, blockchainId: string) => ({ __typename: 'Blockchain', network, blockchainId });
const evmChain = (chainId: string) => ({ __typename: 'EvmChain', chainId });

describe('__resolveReference of every entity, through the in-process data source', () => {
  it('primary-network Subnet: rows in key order, null for unknown keys', async () => {
    const { entities, errors } = await resolveEntities('primary-network', '... on Subnet { network subnetId isL1 }', [
      subnet('mainnet', 'mainnetSubnet1'),
      subnet('mainnet', 'unknown'),
      subnet('fuji', 'fujiSubnet2'),
      subnet('fuji', 'mainnetSubnet1'),
    ]);
    expect(errors).toBeUndefined();
    expect(entities).toEqual([
      { network: 'mainnet', subnetId: 'mainnetSubnet1', isL1: true },
      null,
      { network: 'fuji', subnetId: 'fujiSubnet2', isL1: false },
      null,
    ]);
  });

  it('primary-network Subnet: a batch of every key costs one statement per loader', async () => {
    const keys = [
      ...fixtureSubnetIds.MAINNET.map((id) => subnet('mainnet', id)),
      ...fixtureSubnetIds.FUJI.map((id) => subnet('fuji', id)),
      ...Array.from({ length: 40 }, (_, i) => subnet(i % 2 ? 'mainnet' : 'fuji', `unknown${i}`)),
      subnet('mainnet', 'mainnetSubnet0'),
    ];
    const { entities, errors, statements } = await resolveEntities(
      'primary-network',
      '... on Subnet { subnetId blockchains { blockchainId } }',
      keys,
    );
    expect(errors).toBeUndefined();
    expect(entities).toHaveLength(keys.length);
    expect(entities!.filter((entity) => entity !== null)).toHaveLength(11);
    expect(entities![0]).toEqual({
      subnetId: 'mainnetSubnet0',
      blockchains: [{ blockchainId: 'mainnetSubnet0-chain0' }, { blockchainId: 'mainnetSubnet0-chain1' }],
    });
    // The subnet loader, then the blockchains-of-subnet loader: one statement each.
    expect(statements).toBe(2);
  });

  it('primary-network Blockchain: rows in key order, null for unknown keys, one statement', async () => {
    const { entities, errors, statements } = await resolveEntities(
      'primary-network',
      '... on Blockchain { blockchainId subnetId }',
      [
        blockchain('mainnet', 'mainnetSubnet0-chain1'),
        blockchain('fuji', 'fujiSubnet0-chain0'),
        blockchain('mainnet', 'unknown'),
        blockchain('testnet', 'fujiSubnet0-chain1'),
        blockchain('mainnet', 'mainnetSubnet0-chain1'),
      ],
    );
    expect(errors).toBeUndefined();
    expect(entities).toEqual([
      { blockchainId: 'mainnetSubnet0-chain1', subnetId: 'mainnetSubnet0' },
      { blockchainId: 'fujiSubnet0-chain0', subnetId: 'fujiSubnet0' },
      null,
      { blockchainId: 'fujiSubnet0-chain1', subnetId: 'fujiSubnet0' },
      { blockchainId: 'mainnetSubnet0-chain1', subnetId: 'mainnetSubnet0' },
    ]);
    expect(statements).toBe(1);
  });

  it('evm Blockchain: its EVM chain, null when it has none or the key is unknown, one statement', async () => {
    // The EVM subgraph only extends Blockchain: the entity is its key, and evmChain is the join.
    const { entities, errors, statements } = await resolveEntities(
      'evm',
      '... on Blockchain { blockchainId evmChain { chainId network } }',
      [
        blockchain('mainnet', 'mainnetSubnet0-chain0'),
        blockchain('mainnet', 'mainnetSubnet0-chain1'),
        blockchain('fuji', 'fujiSubnet0-chain0'),
        blockchain('mainnet', 'unknown'),
      ],
    );
    expect(errors).toBeUndefined();
    expect(entities).toEqual([
      { blockchainId: 'mainnetSubnet0-chain0', evmChain: { chainId: '99001', network: 'mainnet' } },
      { blockchainId: 'mainnetSubnet0-chain1', evmChain: null },
      { blockchainId: 'fujiSubnet0-chain0', evmChain: { chainId: '99002', network: 'fuji' } },
      { blockchainId: 'unknown', evmChain: null },
    ]);
    expect(statements).toBe(1);
  });

  it('evm EvmChain: bigint keys load, unknown and malformed chain IDs are null, one statement', async () => {
    const keys = [
      evmChain('99002'),
      evmChain('99001'),
      evmChain('43114'),
      evmChain('not-a-number'),
      ...Array.from({ length: 30 }, (_, i) => evmChain(String(1_000_000 + i))),
      evmChain('99001'),
    ];
    const { entities, errors, statements } = await resolveEntities(
      'evm',
      '... on EvmChain { chainId chainName networkToken { symbol } }',
      keys,
    );
    expect(errors).toBeUndefined();
    expect(entities).toHaveLength(keys.length);
    expect(entities!.slice(0, 4)).toEqual([
      { chainId: '99002', chainName: 'Fixture testnet L1', networkToken: { symbol: 'TFIX' } },
      { chainId: '99001', chainName: 'Fixture L1', networkToken: { symbol: 'FIX' } },
      null,
      null,
    ]);
    expect(entities!.at(-1)).toEqual(entities![1]);
    expect(entities!.filter((entity) => entity !== null)).toHaveLength(3);
    expect(statements).toBe(1);
  });

  it('metrics: declares no entities', () => {
    const metrics = subgraphs.find((candidate) => candidate.name === 'metrics')!;
    expect(metrics.schema.getType('_Entity')).toBeUndefined();
  });
});
