import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';

let db: Database;
let service: TestService;

beforeAll(async () => {
  db = await setupTestDatabase();
  service = await startTestService(db);
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('POST /graphql query limits', () => {
  it('refuses more than 30 aliases with 400', async () => {
    const fields = Array.from({ length: 31 }, (_, i) => `a${i}: listSubnets(network: mainnet) { nextPageToken }`).join(' ');
    const { status, body } = await service.graphql(`{ ${fields} }`);
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe('Query uses more than 30 aliases');
  });

  it('refuses documents nested deeper than 15 levels, through fragments too', async () => {
    const deep = `fragment F on GenesisChainConfig { feeConfig { gasLimit } }
      { listSubnets(network: mainnet) { subnets { blockchains { genesisData { config { ...F } } } } } }`;
    expect((await service.graphql(deep)).status).toBe(200);
    const ofTypes = (levels: number) => 'ofType { '.repeat(levels) + 'name' + ' }'.repeat(levels);
    // __schema, types, fields, type, 11 × ofType, name: 16 levels
    const { status, body } = await service.graphql(`{ __schema { types { fields { type { ${ofTypes(11)} } } } } }`);
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/nested 16 levels deep; at most 15/);
  });
});
