// postTransactionExportJob and getOperationResult over REST on the demo data set, with the export
// worker run by the test: a job's CSV holds exactly the transactions the REST list operations answer
// for its addresses and days (read here page by page and cut to the days independently); the rules
// of the request are 400s, an operation of no one's or another key's a 404.
import { createExportWorker, type ExportWorker } from '../../exports/createExportWorker';
import { unlimitedAccess } from '../../server/access/accessControl';
import { transactionExportSource } from '../../subgraphs/transactionExportSource';
import {
  setupSeededDatabase,
  SEEDED_DATABASE_TIMEOUT_MS,
  teardownSeeded,
  type SeededDatabase,
} from '../setup/seededDatabase';
import { startTestService, type TestService } from '../setup/service';
import { createManualClock } from '../webhooks/support/manualClock';

const keys = { one: 'ads_export-test-key-one', two: 'ads_export-test-key-two' };
const evmAddress = '0xad9ea0f0f155856c610bc910d7af91513f98a093';
const pAddress = 'avax10xt8e2ngrf279r8vayetk5rqk78uwvve7mhnun';

let seeded: SeededDatabase;
let service: TestService;
let worker: ExportWorker;
beforeAll(async () => {
  seeded = await setupSeededDatabase();
  service = await startTestService(seeded.db, {
    access: { ...unlimitedAccess, apiKeys: [keys.one, keys.two], apiKeyRequired: false },
  });
  const { db } = seeded;
  worker = createExportWorker({
    db,
    source: transactionExportSource({
      prisma: db.prisma,
      read: db.read,
      pageTokens: { secret: 'export-test' },
      clock: () => Math.floor(Date.now() / 1000),
    }),
    options: { maxTransactions: 100_000, leaseMs: 60_000, retentionMs: 3_600_000 },
    clock: createManualClock(new Date()),
  });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(seeded?.db);
});

const call = (key: string | undefined, path: string, init: { method?: string; body?: unknown } = {}) =>
  service.request(path, { ...init, headers: key ? { 'x-glacier-api-key': key } : {} });

/** Every item of a REST list, oldest first, page by page. */
async function listAll(path: string, member: string): Promise<any[]> {
  const items: any[] = [];
  let token: string | undefined;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page = await call(
      keys.one,
      `${path}${separator}sortOrder=asc&pageSize=100${token ? `&pageToken=${token}` : ''}`,
    );
    expect(page.status).toBe(200);
    items.push(...page.body[member]);
    token = page.body.nextPageToken;
  } while (token);
  return items;
}

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** RFC 4180 records of a CSV text. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return records;
}

/** Posts an export with the first key, builds it, and answers its operation and the CSV's records. */
async function exportOf(body: unknown): Promise<{ operation: any; header: string[]; rows: string[][] }> {
  const created = await call(keys.one, '/v1/operations/transactions:export', { body });
  expect(created.status).toBe(201);
  expect(created.body.operationStatus).toBe('RUNNING');
  while (await worker.runOnce());
  const operation = await call(keys.one, `/v1/operations/${created.body.operationId}`);
  expect(operation.status).toBe(200);
  const download = await fetch(operation.body.metadata.downloadUrl.replace('http://localhost:8080', service.base));
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toMatch(/^text\/csv/);
  const [header, ...rows] = parseCsv(await download.text());
  return { operation: operation.body, header: header!, rows };
}

describe('postTransactionExportJob', () => {
  it('an EVM export holds the transactions listTransactions answers for the address on the days asked, oldest first', async () => {
    const listed = await listAll(`/v1/chains/43114/addresses/${evmAddress}/transactions`, 'transactions');
    const days = [...new Set(listed.map((item) => day(item.nativeTransaction.blockTimestamp)))];
    expect(days.length).toBeGreaterThan(2);
    // From the second day the address was active to the day before its last: both ends of the range cut.
    const [firstDate, lastDate] = [days[1]!, days[days.length - 2]!];
    const inRange = listed.filter(
      (item) =>
        item.nativeTransaction.blockTimestamp >= dayStart(firstDate) &&
        item.nativeTransaction.blockTimestamp < dayStart(lastDate) + 86_400,
    );
    expect(inRange.length).toBeGreaterThan(0);
    expect(inRange.length).toBeLessThan(listed.length);
    const { operation, header, rows } = await exportOf({
      type: 'TRANSACTION_EXPORT_EVM',
      firstDate,
      lastDate,
      options: { addresses: [evmAddress.toUpperCase().replace('0X', '0x')], includeChains: ['43114'] },
    });
    expect(operation).toMatchObject({
      operationType: 'TRANSACTION_EXPORT_EVM',
      operationStatus: 'COMPLETED',
      message: `${inRange.length} transactions exported`,
    });
    const expected = inRange.map(({ nativeTransaction: tx, ...parts }) => [
      evmAddress,
      tx.chainId,
      tx.blockNumber,
      String(tx.blockTimestamp),
      tx.blockHash,
      String(tx.blockIndex),
      tx.txHash,
      tx.txStatus,
      String(tx.txType),
      tx.from.address,
      tx.to.address,
      tx.value,
      tx.gasLimit,
      tx.gasUsed,
      tx.gasPrice,
      tx.nonce,
      tx.method.methodHash,
      tx.method.methodName ?? '',
      String(parts.erc20Transfers?.length ?? 0),
      String(parts.erc721Transfers?.length ?? 0),
      String(parts.erc1155Transfers?.length ?? 0),
      String(parts.internalTransactions?.length ?? 0),
    ]);
    expect(header).toEqual([
      'address',
      'chainId',
      'blockNumber',
      'blockTimestamp',
      'blockHash',
      'blockIndex',
      'txHash',
      'txStatus',
      'txType',
      'from',
      'to',
      'value',
      'gasLimit',
      'gasUsed',
      'gasPrice',
      'nonce',
      'methodHash',
      'methodName',
      'erc20Transfers',
      'erc721Transfers',
      'erc1155Transfers',
      'internalTransactions',
    ]);
    expect(rows).toEqual(expected);
  });

  it('a primary-network export holds the transactions listLatestPrimaryNetworkTransactions answers for the addresses', async () => {
    const listed = await listAll(
      `/v1/networks/mainnet/blockchains/p-chain/transactions?addresses=${pAddress}`,
      'transactions',
    );
    expect(listed.length).toBeGreaterThan(0);
    const lastDate = day(listed[listed.length - 1].blockTimestamp);
    const { operation, header, rows } = await exportOf({
      type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK',
      lastDate,
      options: { addresses: [`P-${pAddress}`], includeChains: ['p-chain'] },
    });
    expect(operation.operationStatus).toBe('COMPLETED');
    const column = (name: string) => header.indexOf(name);
    expect(rows.map((row) => [row[column('txHash')], row[column('txType')], row[column('blockTimestamp')]])).toEqual(
      listed.map((tx) => [tx.txHash, tx.txType, String(tx.blockTimestamp)]),
    );
    expect(rows.every((row) => row[column('network')] === 'mainnet' && row[column('chain')] === 'p-chain')).toBe(true);
  });

  describe('a request that breaks a rule is a 400 naming the member', () => {
    const evm = { type: 'TRANSACTION_EXPORT_EVM', options: { addresses: [evmAddress], includeChains: ['43114'] } };
    it.each([
      ['a malformed address', { ...evm, options: { ...evm.options, addresses: ['0x1234'] } }, /options\.addresses/],
      ['no address', { ...evm, options: { ...evm.options, addresses: [] } }, /options\.addresses/],
      [
        'an unindexed chain',
        { ...evm, options: { ...evm.options, includeChains: ['999999'] } },
        /999999 is not an EVM chain/,
      ],
      [
        'firstDate after lastDate',
        { ...evm, firstDate: '2024-05-02', lastDate: '2024-05-01' },
        /must not be after lastDate/,
      ],
      ['a day that does not exist', { ...evm, firstDate: '2024-02-30' }, /firstDate must be a day/],
      ['firstDate with startDate', { ...evm, firstDate: '2024-05-01', startDate: '2024-05-01' }, /give one/],
      [
        'a bech32 address in an EVM export',
        { ...evm, options: { ...evm.options, addresses: [pAddress] } },
        /options\.addresses item/,
      ],
      [
        'a staking export of the X-Chain',
        {
          type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING',
          options: { addresses: [pAddress], includeChains: ['x-chain'] },
        },
        /P-Chain only/,
      ],
      [
        'addresses of two networks',
        {
          type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK',
          options: { addresses: [pAddress], includeChains: ['yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp'] },
        },
        /one network/,
      ],
      ['an unknown type', { ...evm, type: 'TRANSACTION_EXPORT_SOLANA' }, /type/],
    ])('%s', async (_rule, body, message) => {
      const answer = await call(keys.one, '/v1/operations/transactions:export', { body });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(answer.body.message).toMatch(message);
    });
  });

  it('needs an API key: 401 without one', async () => {
    const answer = await call(undefined, '/v1/operations/transactions:export', {
      body: { type: 'TRANSACTION_EXPORT_EVM', options: { addresses: [evmAddress], includeChains: ['43114'] } },
    });
    expect(answer.status).toBe(401);
  });
});

describe('getOperationResult', () => {
  it('an unknown operation ID is a 404, an ID that is no UUID a 400', async () => {
    const unknown = await call(keys.one, '/v1/operations/aa22054a-cb7c-4a4e-9b83-59f2ede74138');
    expect(unknown.status).toBe(404);
    const malformed = await call(keys.one, '/v1/operations/not-a-uuid');
    expect(malformed.status).toBe(400);
  });

  it('another key’s operation is a 404, worded as for none; its owner reads it', async () => {
    const created = await call(keys.one, '/v1/operations/transactions:export', {
      body: { type: 'TRANSACTION_EXPORT_EVM', options: { addresses: [evmAddress], includeChains: ['43114'] } },
    });
    const path = `/v1/operations/${created.body.operationId}`;
    const other = await call(keys.two, path);
    const none = await call(keys.two, '/v1/operations/aa22054a-cb7c-4a4e-9b83-59f2ede74138');
    expect(other.status).toBe(404);
    expect(other.body.message.replace(created.body.operationId, 'ID')).toBe(
      none.body.message.replace('aa22054a-cb7c-4a4e-9b83-59f2ede74138', 'ID'),
    );
    expect((await call(keys.one, path)).body).toEqual(created.body);
    while (await worker.runOnce());
  });

  it('the download link with a wrong token is a 404', async () => {
    const created = await call(keys.one, '/v1/operations/transactions:export', {
      body: {
        type: 'TRANSACTION_EXPORT_EVM',
        lastDate: '2020-01-01',
        options: { addresses: [evmAddress], includeChains: ['43114'] },
      },
    });
    while (await worker.runOnce());
    const { body } = await call(keys.one, `/v1/operations/${created.body.operationId}`);
    const link = new URL(body.metadata.downloadUrl);
    const wrong = await fetch(`${service.base}${link.pathname}?token=${'x'.repeat(32)}`);
    expect(wrong.status).toBe(404);
    const right = await fetch(`${service.base}${link.pathname}${link.search}`);
    expect(right.status).toBe(200);
  });
});
