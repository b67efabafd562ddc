// The EvmAccount entity as the gateway resolves it (`_entities` through the in-process data source):
// any well-formed address is an account, answered in lower case; its chains come from one loader
// statement for the whole batch.
import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { Database } from '../../../prisma/database';
import { InProcessDataSource } from '../../../gateway/inProcessDataSource';
import { createSubgraphContexts } from '../../../gateway/subgraphContexts';
import { buildSubgraphs } from '../../../subgraphs';
import { systemClock } from '../../../shared/clock';
import type { Subgraph } from '../../../subgraphs/shared/subgraph';
import { insertEvmChainFixture, insertSubnetFixture } from '../../fixtures/subnets';
import { setupTestDatabase, teardown } from '../../setup/database';

let db: Database;
let evm: Subgraph;
const statements: string[] = [];
const active = `0x${'ab'.repeat(20)}`;
const other = `0x${'cd'.repeat(20)}`;

beforeAll(async () => {
  db = await setupTestDatabase({ onQuery: (sql) => statements.push(sql) });
  await insertSubnetFixture(db);
  await insertEvmChainFixture(db);
  await db.query(
    `INSERT INTO native_balance_change (chain_id, address, block_number, balance) VALUES (99001, $1, 0, 5)`,
    [active],
  );
  [evm] = await buildSubgraphs(['evm']);
});
afterAll(() => teardown(db));

async function resolve(representations: object[]) {
  const source = new InProcessDataSource(
    evm,
    createSubgraphContexts({ prisma: db.prisma, read: db.read, pageTokens: { secret: 's' }, clock: systemClock }),
  );
  const context = {};
  const options = {
    kind: 'incoming operation',
    request: {
      query:
        'query($r: [_Any!]!) { _entities(representations: $r) { ... on EvmAccount { address chains { chainId } } } }',
      variables: { r: representations },
    },
    context,
    incomingRequestContext: { context } as never,
  } as unknown as GraphQLDataSourceProcessOptions;
  statements.length = 0;
  const { data, errors } = await source.process(options);
  return { entities: (data as { _entities: unknown[] } | undefined)?._entities, errors, statements: statements.length };
}

describe('EvmAccount entity (key address)', () => {
  it('resolves any well-formed address, in lower case, with its active chains, in one statement per batch', async () => {
    const {
      entities,
      errors,
      statements: count,
    } = await resolve([
      { __typename: 'EvmAccount', address: active.toUpperCase().replace('0X', '0x') },
      { __typename: 'EvmAccount', address: other },
      { __typename: 'EvmAccount', address: 'not-an-address' },
    ]);
    expect(errors).toBeUndefined();
    expect(entities).toEqual([
      { address: active, chains: [{ chainId: '99001' }] },
      { address: other, chains: [] },
      null,
    ]);
    // activeChains for both addresses, then the chains by ID.
    expect(count).toBe(2);
  });
});
