// Database failures reach clients as the spec's 400 or 503, never a 500 with a driver message:
// each case makes the database itself raise the SQLSTATE (a view over a function that raises),
// on the resolver path, the loader path and the entity path, on PGlite and PostgreSQL alike.
import { execute, parse } from 'graphql';
import { systemClock } from '../../../shared/clock';
import type { Database } from '../../../prisma/database';
import { createPrimaryNetworkSubgraph } from '../../../subgraphs/primary-network';
import { parseDbError } from '../../../subgraphs/shared/dbErrors';
import { insertSubnetFixture } from '../../fixtures/subnets';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';

let db: Database;
let service: TestService;
const logged: unknown[] = [];

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  service = await startTestService(db, { log: (_message, error) => logged.push(error) });
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

/** While `fn` runs, reading `table` raises `sqlState` in the database. */
async function whileRaising(table: string, sqlState: string, fn: () => Promise<void>): Promise<void> {
  await db.query(`CREATE FUNCTION raise_${sqlState.toLowerCase()}() RETURNS boolean LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'internal detail of table ${table}' USING ERRCODE = '${sqlState}'; END $$`);
  await db.query(`ALTER TABLE "${table}" RENAME TO "${table}_real"`);
  await db.query(`CREATE VIEW "${table}" AS SELECT * FROM "${table}_real" WHERE raise_${sqlState.toLowerCase()}()`);
  try {
    await fn();
  } finally {
    await db.query(`DROP VIEW "${table}"`);
    await db.query(`ALTER TABLE "${table}_real" RENAME TO "${table}"`);
    await db.query(`DROP FUNCTION raise_${sqlState.toLowerCase()}()`);
  }
}

const cases = [
  { name: '22003 numeric value out of range', sqlState: '22003', status: 400, phrase: 'Bad Request' },
  { name: '22P02 invalid text representation', sqlState: '22P02', status: 400, phrase: 'Bad Request' },
  {
    name: '57014 statement cancelled (statement_timeout)',
    sqlState: '57014',
    status: 503,
    phrase: 'Service Unavailable',
  },
  { name: '08006 connection failure', sqlState: '08006', status: 503, phrase: 'Service Unavailable' },
  { name: '53300 too many connections', sqlState: '53300', status: 503, phrase: 'Service Unavailable' },
  { name: '57P01 server shutting down', sqlState: '57P01', status: 503, phrase: 'Service Unavailable' },
  {
    name: '40001 a replica cancelling a statement that conflicts with recovery',
    sqlState: '40001',
    status: 503,
    phrase: 'Service Unavailable',
  },
];

describe('database errors through REST and GraphQL', () => {
  it.each(cases)('answers $name in a list query with $status', async ({ sqlState, status, phrase }) => {
    await whileRaising('subnet', sqlState, async () => {
      const rest = await service.request('/v1/networks/mainnet/subnets');
      expect(rest.status).toBe(status);
      expect(rest.body).toMatchObject({ statusCode: status, error: phrase });
      expect(rest.body.message).not.toMatch(/internal detail|subnet|SQL|prisma/i);
      const graphql = await service.graphql('{ listSubnets(network: mainnet) { subnets { subnetId } } }');
      expect(graphql.body.errors[0].extensions).toMatchObject({ http: { status } });
    });
  });

  it.each(cases)('answers $name in a field resolver’s loader with $status', async ({ sqlState, status }) => {
    await whileRaising('blockchain', sqlState, async () => {
      const rest = await service.request('/v1/networks/mainnet/subnets');
      expect(rest.status).toBe(status);
      expect(rest.body.message).not.toMatch(/internal detail|blockchain|SQL/i);
    });
  });

  it('keeps other database errors internal: 500 with a generic message, details only in the log', async () => {
    await whileRaising('subnet', '42P17', async () => {
      logged.length = 0;
      const rest = await service.request('/v1/networks/mainnet/subnets');
      expect(rest).toEqual({
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
      });
      expect(logged.length).toBeGreaterThan(0);
    });
  });
});

describe('database errors in entity resolution (_entities)', () => {
  it('answers a reference resolver’s database failure with its status', async () => {
    const subgraph = await createPrimaryNetworkSubgraph();
    await whileRaising('subnet', '57014', async () => {
      const result = await execute({
        schema: subgraph.schema,
        document: parse('query ($r: [_Any!]!) { _entities(representations: $r) { ... on Subnet { subnetId } } }'),
        variableValues: { r: [{ __typename: 'Subnet', network: 'mainnet', subnetId: 'mainnetSubnet0' }] },
        contextValue: subgraph.createContext({
          prisma: db.prisma,
          read: db.read,
          pageTokens: { secret: 's' },
          clock: systemClock,
        }),
      });
      expect(result.errors?.[0]?.extensions).toMatchObject({ http: { status: 503 } });
    });
  });
});

describe('parseDbError()', () => {
  it('leaves errors that are not the database’s alone', () => {
    expect(parseDbError(new Error('boom'))).toBeUndefined();
    expect(parseDbError(undefined)).toBeUndefined();
  });

  it('reads the SQLSTATE of pg and PGlite errors thrown outside Prisma', async () => {
    const error = await db.query("SELECT 'x'::int").catch((caught: unknown) => caught);
    expect(parseDbError(error)?.extensions).toMatchObject({ http: { status: 400 } });
  });

  it('maps a refused connection to 503', () => {
    expect(
      parseDbError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
        ?.extensions,
    ).toMatchObject({
      http: { status: 503 },
    });
  });
});
