// DATABASE_REPLICA_URLS against a real streaming replica (test/setup/streamingReplica.ts): the
// requests' reads go to a replica that is up and within the lag bound, to the primary otherwise;
// a replica that falls behind (its replay paused) or stops is taken out and comes back by itself;
// writes and the reads of one's own writes stay on the primary; page tokens hold across both.
// Which database answered is told by a row the replica has not replayed. Runs with DATABASE_URL
// (the PostgreSQL run), since replicas are PostgreSQL's.
import { createDatabase, type Database } from '../../../prisma/database';
import { openReadReplicas, type ReadReplicas } from '../../../prisma/replicas/openReadReplicas';
import { unlimitedAccess } from '../../../server/access/accessControl';
import { openReplicas } from '../../../server/openReplicas';
import type { ServiceOptions } from '../../../server/options';
import { createServiceMetrics } from '../../../server/serviceMetrics';
import { fixtureSubnetIds, insertEvmChainFixture, insertSubnetFixture } from '../../fixtures/subnets';
import { startTestService, type TestService } from '../../setup/service';
import {
  checkUntilServing,
  postgresBinaries,
  startStreamingPair,
  type StreamingPair,
} from '../../../bench/shared/streamingPair';

const MAX_LAG_MS = 3_000;
const key = 'ads_replica-test-key';
const bin = postgresBinaries();
const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

let pair: StreamingPair;
let db: Database;
let replicas: ReadReplicas;
let service: TestService;
const lines: string[] = [];

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  if (!bin) throw new Error('the PostgreSQL server binaries (pg_config --bindir) are needed for the replica tests');
  pair = await startStreamingPair(bin);
  db = await createDatabase({ databaseUrl: pair.primaryUrl });
  await insertSubnetFixture(db);
  await insertEvmChainFixture(db);
  await pair.caughtUp();
  replicas = await openReadReplicas(db, {
    urls: [pair.replicaUrl],
    maxLagMs: MAX_LAG_MS,
    checkIntervalMs: 100,
    log: (line) => lines.push(line),
  });
  service = await startTestService(db, {
    replicas,
    access: { ...unlimitedAccess, apiKeys: [key], apiKeyRequired: false },
  });
}, 120_000);
afterAll(async () => {
  await service?.close();
  await replicas?.close();
  await db?.close();
  pair?.close();
});

/** The mainnet subnets a request sees, all pages. */
async function subnetIds(): Promise<string[]> {
  const { status, body } = await service.request('/v1/networks/mainnet/subnets?pageSize=100');
  expect(status).toBe(200);
  return body.subnets.map((subnet: { subnetId: string }) => subnet.subnetId);
}

let added = 0;
/** A mainnet subnet written on the primary, the newest of the list. */
async function addSubnet(): Promise<string> {
  const subnetId = `replicaTestSubnet${++added}`;
  await db.query(
    `INSERT INTO subnet (network, subnet_id, create_block_timestamp, create_block_index, owner_addresses, threshold, locktime)
     VALUES ('mainnet', $1, $2, $3, ARRAY['avax1owner'], 1, 0)`,
    [subnetId, 1_800_000_000 + added, 900_000 + added],
  );
  return subnetId;
}

async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  for (let waited = 0; waited < ms; waited += 50) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not happen in ${ms} ms: ${JSON.stringify(replicas.states())}`);
}
const serving = () => replicas.states()[0]!.serving;

describeWithPostgres('DATABASE_REPLICA_URLS: reads across streaming replicas', () => {
  test('a caught-up replica serves the requests: a row it has not replayed is not in the answer', async () => {
    await until(serving, 'the caught-up replica serving');
    expect(replicas.states()).toEqual([expect.objectContaining({ serving: true, lagMs: expect.any(Number) })]);
    await pair.pauseReplay();
    const subnet = await addSubnet();
    expect(await subnetIds()).not.toContain(subnet);
    expect(await subnetIds()).toEqual(expect.arrayContaining(fixtureSubnetIds.MAINNET));
    await pair.resumeReplay();
    await pair.caughtUp();
    expect(await subnetIds()).toContain(subnet);
  }, 30_000);

  test('a replica further behind than the bound is out, the requests read from the primary, and it comes back once caught up', async () => {
    await pair.pauseReplay();
    const subnet = await addSubnet();
    await until(() => !serving(), 'taking the paused replica out');
    expect(replicas.states()[0]!.reason).toMatch(/behind the primary/);
    expect(await subnetIds()).toContain(subnet);
    await pair.resumeReplay();
    await until(serving, 'the replica serving again');
    expect(replicas.states()[0]!.lagMs).toBeLessThanOrEqual(MAX_LAG_MS);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/read replica 127\.0\.0\.1:\d+\/postgres is out: it is \d+ ms behind the primary/),
        expect.stringMatching(/read replica 127\.0\.0\.1:\d+\/postgres serves reads/),
      ]),
    );
  }, 40_000);

  test('a stopped replica is out, the requests read from the primary, and it serves again once restarted', async () => {
    pair.stopReplica();
    await until(() => !serving(), 'taking the stopped replica out');
    const subnet = await addSubnet();
    expect(await subnetIds()).toContain(subnet);
    pair.startReplica();
    await until(serving, 'the restarted replica serving again', 30_000);
    await pair.pauseReplay();
    const unseen = await addSubnet();
    expect(await subnetIds()).not.toContain(unseen);
    await pair.resumeReplay();
  }, 60_000);

  test("a statement that loses its replica's connection takes the replica out at once, before any check", async () => {
    // Checked only when the test asks: only the statement can take it out.
    const unchecked = await openReadReplicas(db, {
      urls: [pair.replicaUrl],
      maxLagMs: MAX_LAG_MS,
      checkIntervalMs: 3_600_000,
    });
    try {
      await checkUntilServing(unchecked);
      const reads = unchecked.pick();
      expect(reads.prisma).not.toBe(db.prisma);
      expect(await reads.read('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      pair.stopReplica();
      await expect(reads.prisma.subnet.count()).rejects.toThrow();
      expect(unchecked.states()[0]).toEqual(
        expect.objectContaining({ serving: false, reason: expect.stringMatching(/lost its connection/) }),
      );
      expect(unchecked.pick().prisma).toBe(db.prisma);
    } finally {
      await unchecked.close();
      pair.startReplica();
    }
    await until(serving, 'the restarted replica serving again', 30_000);
  }, 60_000);

  test('a page token of an answer from the replica continues on the primary', async () => {
    await until(serving, 'the replica serving');
    await pair.caughtUp();
    const all = await subnetIds();
    const first = await service.request('/v1/networks/mainnet/subnets?pageSize=2');
    expect(first.body.subnets.map((s: { subnetId: string }) => s.subnetId)).toEqual(all.slice(0, 2));
    pair.stopReplica();
    await until(() => !serving(), 'taking the stopped replica out');
    const token = encodeURIComponent(first.body.nextPageToken);
    const next = await service.request(`/v1/networks/mainnet/subnets?pageSize=2&pageToken=${token}`);
    expect(next.status).toBe(200);
    expect(next.body.subnets.map((s: { subnetId: string }) => s.subnetId)).toEqual(all.slice(2, 4));
    pair.startReplica();
    await until(serving, 'the restarted replica serving again', 30_000);
  }, 60_000);

  test("the service's metrics show whether each replica serves and how far behind it is", async () => {
    await until(serving, 'the replica serving');
    const metrics = createServiceMetrics();
    const options = {
      databaseUrl: pair.primaryUrl,
      replicas: { urls: [pair.replicaUrl], maxLagMs: MAX_LAG_MS },
      statementTimeoutMs: 0,
    } as ServiceOptions;
    const opened = await openReplicas(db, options, { log: () => {}, metrics });
    try {
      await checkUntilServing(opened!);
      const name = replicas.states()[0]!.name;
      expect(await metrics.registry.getSingleMetricAsString('database_replica_serving')).toContain(
        `database_replica_serving{replica="${name}"} 1`,
      );
      expect(await metrics.registry.getSingleMetricAsString('database_replica_lag_seconds')).toMatch(
        new RegExp(`database_replica_lag_seconds\\{replica="${name.replace(/\./g, '\\.')}"\\} [0-9.e-]+`),
      );
    } finally {
      await opened?.close();
    }
  }, 30_000);

  test("writes and the reads of one's own writes go to the primary while the replica serves", async () => {
    await until(serving, 'the replica serving');
    await pair.pauseReplay();
    try {
      const headers = { 'x-glacier-api-key': key };
      const created = await service.request('/v1/webhooks', {
        method: 'POST',
        headers,
        body: {
          eventType: 'address_activity',
          url: 'https://receiver.example.com/evm',
          chainId: '99001',
          metadata: { addresses: ['0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e'] },
        },
      });
      expect(created.status).toBe(201);
      expect(serving()).toBe(true);
      const read = await service.request(`/v1/webhooks/${created.body.id}`, { headers });
      expect(read).toEqual({ status: 200, body: created.body });
      const listed = await service.request('/v1/webhooks', { headers });
      expect(listed.body.webhooks.map((w: { id: string }) => w.id)).toEqual([created.body.id]);
      // The replica has not replayed the webhook: the answers above came from the primary.
      expect(await pair.onReplica('SELECT 1 FROM webhook')).toEqual([]);
    } finally {
      await pair.resumeReplay();
    }
  }, 30_000);
});
