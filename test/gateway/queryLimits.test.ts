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
    const fields = Array.from({ length: 31 }, (_, i) => `a${i}: listSubnets(network: mainnet) { nextPageToken }`).join(
      ' ',
    );
    const { status, body } = await service.graphql(`{ ${fields} }`);
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe('Query uses more than 30 aliases');
  });

  it('refuses documents nested deeper than 15 levels, through fragments too', async () => {
    const deep = `fragment F on GenesisChainConfig { feeConfig { gasLimit } }
      { listSubnets(network: mainnet) { subnets { blockchains { genesisData { config { ...F } } } } } }`;
    expect((await service.graphql(deep)).status).toBe(200);
    const ofTypes = (levels: number) => `${'ofType { '.repeat(levels)}name${' }'.repeat(levels)}`;
    // __schema, types, fields, type, 11 × ofType, name: 16 levels
    const { status, body } = await service.graphql(`{ __schema { types { fields { type { ${ofTypes(11)} } } } } }`);
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/nested 16 levels deep; at most 15/);
  });

  it('counts fields inside fragments toward the alias bound too', async () => {
    const fields = Array.from({ length: 31 }, (_, i) => `a${i}: __typename`).join(' ');
    const { status, body } = await service.graphql(`fragment F on Query { ${fields} } { ...F }`);
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe('Query uses more than 30 aliases');
  });

  it('refuses operations selecting more than 10,000 fields once fragments are expanded', async () => {
    // F0 selects 2 fields, each Fn twice F(n-1): 2^(n+1) fields, in a document of a few hundred bytes.
    expect((await service.graphql(doublingFragments(12))).status).toBe(200); // 8,192 fields
    const { status, body } = await service.graphql(doublingFragments(13)); // 16,384 fields
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'Query selects 16384 fields; at most 10000 are allowed',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
      }),
    ]);
  });

  it('measures each fragment once: a doubling document of about 1 KB is refused at once, and the process keeps answering', async () => {
    const document = doublingFragments(30, '__typename'); // 2^30 fields once expanded
    expect(document.length).toBeLessThan(1100);
    const started = Date.now();
    const [refused, health] = await Promise.all([service.graphql(document), service.request('/health')]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error: { message: string }) => error.message)).toEqual([
      'Query selects 1073741824 fields; at most 10000 are allowed',
    ]);
    expect(health).toEqual({ status: 200, body: { status: 'ok' } });
    // Generous: walking every expansion took seconds at 20 fragments and doubled with each one.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('measures the depth of a doubling document without expanding it', async () => {
    const ofTypes = `${'ofType{'.repeat(11)}name${'}'.repeat(11)}`;
    const { status, body } = await service.graphql(doublingFragments(30, `__schema{types{fields{type{${ofTypes}}}}}`));
    expect(status).toBe(400);
    expect(body.errors.map((error: { message: string }) => error.message)).toEqual([
      'Query is nested 16 levels deep; at most 15 are allowed',
      `Query selects ${2 ** 30 * 16} fields; at most 10000 are allowed`,
    ]);
  });
});

/** A query whose fragment Fn spreads F(n-1) twice, spread from the operation; F0 selects `selection`. */
function doublingFragments(count: number, selection = 'listEvmChains{chainId}'): string {
  const fragments = Array.from({ length: count }, (_, i) => `fragment F${i + 1} on Query{...F${i}...F${i}}`);
  return [`fragment F0 on Query{${selection}}`, ...fragments, `{...F${count}}`].join('');
}
