// The record of finished requests (server/usage/createUsageRecorder.ts): rows wait in memory and are
// written in batches (when enough wait, on the timer, on flush, on close: the shutdown's step),
// rows past the retention are deleted, and nothing is recorded with recording off.
import type { Database } from '../../../prisma/database';
import type { FinishedRequest } from '../../../server/finishedRequests';
import { createUsageRecorder, type UsageOptions } from '../../../server/usage/createUsageRecorder';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService } from '../../setup/service';

let db: Database;
beforeAll(async () => {
  db = await setupTestDatabase();
}, 60_000);
afterAll(() => teardown(db));

const options: UsageOptions = { enabled: true, retentionDays: 30, flushIntervalMs: 60_000, flushRows: 3 };
const noKeys = async () => undefined;

/** A finished REST request with the given request ID. */
function finished(requestId: string): FinishedRequest {
  return {
    request: {
      method: 'GET',
      path: '/v1/networks/mainnet/subnets',
      headers: { host: 'localhost:8080', 'user-agent': 'test' },
      ip: '10.0.0.1',
      socket: {},
    },
    response: { statusCode: 200, locals: { route: '/v1/networks/{network}/subnets', requestId } },
    seconds: 0.002,
  } as unknown as FinishedRequest;
}

/** How many rows of a test's request IDs are written. */
async function written(prefix: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM api_request WHERE request_id LIKE $1',
    [`${prefix}%`],
  );
  return row!.count;
}

describe('the usage record', () => {
  it('writes nothing until a batch is full or flushed, then every row kept', async () => {
    const recorder = createUsageRecorder({ db, options, lookup: noKeys, rpcNetwork: 'mainnet' });
    recorder.observe(finished('batch-1'));
    recorder.observe(finished('batch-2'));
    await recorder.flush();
    expect(await written('batch-')).toBe(2);
    recorder.observe(finished('batch-3'));
    recorder.observe(finished('batch-4'));
    expect(await written('batch-')).toBe(2);
    // The third row waiting fills the batch: its write starts without a flush.
    recorder.observe(finished('batch-5'));
    await recorder.close();
    expect(await written('batch-')).toBe(5);
  });

  it('a full batch is written without a flush', async () => {
    const recorder = createUsageRecorder({ db, options, lookup: noKeys, rpcNetwork: 'mainnet' });
    for (const id of ['full-1', 'full-2', 'full-3']) recorder.observe(finished(id));
    await waitFor(async () => (await written('full-')) === 3);
    recorder.observe(finished('full-4'));
    expect(await written('full-')).toBe(3);
    await recorder.close();
    expect(await written('full-')).toBe(4);
  });

  it('the timer writes what waits', async () => {
    const recorder = createUsageRecorder({
      db,
      options: { ...options, flushIntervalMs: 20 },
      lookup: noKeys,
      rpcNetwork: 'mainnet',
    });
    recorder.observe(finished('timer-1'));
    await waitFor(async () => (await written('timer-')) === 1);
    await recorder.close();
  });

  it('deletes the rows older than the retention and keeps the younger ones', async () => {
    // The wall clock's now, so the other recorders of the file (which expire at start) agree on the young row.
    const now = Date.now();
    const dayMs = 86_400_000;
    for (const [id, age] of [
      ['retention-old', 30 * dayMs + 1],
      ['retention-young', 30 * dayMs - 1000],
    ] as const) {
      await db.query(
        `INSERT INTO api_request (at, request_id, request_type, request_path, method, response_code, duration_ms,
           compute_units, ip_address, host, user_agent)
         VALUES ($1, $2, 'data', '/v1/networks/{network}/subnets', 'GET', 200, 1, 3, '10.0.0.1', 'h', 'u')`,
        [new Date(now - age), id],
      );
    }
    const recorder = createUsageRecorder({ db, options, lookup: noKeys, rpcNetwork: 'mainnet', now: () => now });
    await recorder.deleteExpired();
    await recorder.close();
    expect(await written('retention-old')).toBe(0);
    expect(await written('retention-young')).toBe(1);
  });

  it('closing the service (the shutdown’s step) writes the requests it answered', async () => {
    const service = await startTestService(db, { usage: { flushIntervalMs: 60_000 } });
    await fetch(`${service.base}/v1/networks/mainnet/subnets`, { headers: { 'x-request-id': 'shutdown-1' } });
    expect(await written('shutdown-')).toBe(0);
    await service.close();
    expect(await written('shutdown-')).toBe(1);
  });

  it('records nothing with recording off', async () => {
    const service = await startTestService(db, { usage: { enabled: false } });
    const response = await fetch(`${service.base}/v1/networks/mainnet/subnets`, {
      headers: { 'x-request-id': 'off-1' },
    });
    expect(response.status).toBe(200);
    await service.close();
    expect(await written('off-')).toBe(0);
  });
});

/** Resolves once `done` holds, polling; fails the test after 10 s. */
async function waitFor(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the rows were never written');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
