// Webhook delivery against its floor: a local receiver, the deliverer's rate from a full outbox beside
// a plain HTTP client's at the same concurrency, and the time from a message's commit to its arrival.
import { createHostAllowList } from '../../webhooks/urls/hostAllowList';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../prisma/database';
import { createDeliverer } from '../../webhooks/delivery/createDeliverer';
import { signBody } from '../../webhooks/delivery/signBody';
import { enqueueMessages, type OutboxEvent } from '../../webhooks/outbox/enqueueMessages';
import { measureHeadLatency, type HeadLatency, type LatencyMs } from './measureHeadLatency';

/** Options of {@link measureDelivery}. */
export type DeliveryBenchOptions = {
  /** Messages of the throughput run (all due at once). */
  messages: number;
  /** POSTs in flight, of the deliverer and of the floor's client alike. */
  concurrency: number;
  /** Messages of the latency run, written one transaction at a time. */
  latencyMessages: number;
  /** The deliverer's poll interval in the latency run (the service's default). */
  pollIntervalMs: number;
  /** Transactions of the run at the head (anvil, the indexer, the woken deliverer). */
  headTransactions: number;
};

/** What one engine measured. */
export type DeliveryResult = {
  messages: number;
  concurrency: number;
  /** Bytes of one body. */
  bodyBytes: number;
  /** Floor: the receiver's request rate from a plain keep-alive HTTP client, same bodies, same concurrency. */
  floorPerSecond: number;
  /** The deliverer: claimed, signed, POSTed and recorded delivered, from a full queue. */
  deliveredPerSecond: number;
  /** From a message's commit to the receiver's having it, one message at a time, poll interval as configured. */
  latencyMs: LatencyMs;
  /** The same at the head of a chain the indexer follows, and from sending each transaction to the node. */
  head: HeadLatency;
};

/**
 * Deliveries per second to a local receiver beside its floor, and the time from commit to delivery.
 * (1) The floor: a plain HTTP client POSTs the bodies with the same concurrency. (2) The deliverer
 * delivers the same number of messages from a full outbox, until every one is recorded delivered.
 * (3) Messages committed one at a time every 20 ms while the deliverer polls at `pollIntervalMs`.
 * (4) At the head: transactions anvil mines one at a time, followed by the indexer (measureHeadLatency.ts).
 * @param db an empty, migrated database
 * @param options sizes
 * @example const result = await measureDelivery(db, { messages: 5000, concurrency: 16, latencyMessages: 200, pollIntervalMs: 250, headTransactions: 50 })
 */
export async function measureDelivery(db: Database, options: DeliveryBenchOptions): Promise<DeliveryResult> {
  const arrivals = new Map<string, number>();
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /"messageId":"([^"]+)"/.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
      if (id) arrivals.set(id, performance.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const webhookId = randomUUID();
    const sample = benchEvent(webhookId, 0);
    const bodyBytes = Buffer.byteLength(
      JSON.stringify({ webhookId, eventType: 'address_activity', messageId: webhookId, event: sample.event }),
    );
    const floorSeconds = await postPlainly(url, options.messages, options.concurrency, webhookId);
    arrivals.clear();

    await db.query(
      `INSERT INTO webhook (id, owner_key_id, event_type, url, name, description, chain_id, status, metadata)
       VALUES ($1, 'bench', 'address_activity', $2, 'bench', '', '43114', 'active', '{}')`,
      [webhookId, url],
    );
    for (let first = 0; first < options.messages; first += 1000) {
      const events = Array.from({ length: Math.min(1000, options.messages - first) }, (_, i) =>
        benchEvent(webhookId, first + i),
      );
      await db.transaction((tx) => enqueueMessages(tx, events, new Date()));
    }
    const deliverer = createDeliverer({
      db,
      options: {
        allowedHosts: createHostAllowList(['127.0.0.1']),
        concurrency: options.concurrency,
        pollIntervalMs: 10,
      },
    });
    const started = performance.now();
    deliverer.start();
    // Arrivals first (in memory), then the recorded outcomes: no counting query competes with the deliverer meanwhile.
    await waitFor(async () => arrivals.size === options.messages);
    await waitFor(async () => (await deliveredCount(db)) === options.messages);
    const deliverSeconds = (performance.now() - started) / 1000;
    await deliverer.stop();

    const latencyMs = await measureLatency(db, webhookId, arrivals, options);
    const head = await measureHeadLatency(db, {
      transactions: options.headTransactions,
      indexerPollMs: 50,
      delivererPollMs: options.pollIntervalMs,
    });
    return {
      messages: options.messages,
      concurrency: options.concurrency,
      bodyBytes,
      floorPerSecond: options.messages / floorSeconds,
      deliveredPerSecond: options.messages / deliverSeconds,
      latencyMs,
      head,
    };
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

/** The floor: `count` signed POSTs of the bodies through one keep-alive agent, `concurrency` at a time. */
async function postPlainly(url: string, count: number, concurrency: number, webhookId: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const bodies = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      webhookId,
      eventType: 'address_activity',
      messageId: `floor-${i}`,
      event: benchEvent(webhookId, i).event,
    }),
  );
  let next = 0;
  const post = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'x-signature': signBody(body, 'floor') },
      });
      request.on('response', (response) => response.resume().on('end', resolve));
      request.on('error', reject);
      request.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await post(bodies[next++]!);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return seconds;
}

/** Messages committed one transaction at a time; each one's time from commit to arrival. */
async function measureLatency(
  db: Database,
  webhookId: string,
  arrivals: Map<string, number>,
  options: DeliveryBenchOptions,
): Promise<LatencyMs> {
  arrivals.clear();
  const deliverer = createDeliverer({
    db,
    options: {
      allowedHosts: createHostAllowList(['127.0.0.1']),
      concurrency: options.concurrency,
      pollIntervalMs: options.pollIntervalMs,
    },
  });
  deliverer.start();
  const committed = new Map<string, number>();
  try {
    for (let i = 0; i < options.latencyMessages; i++) {
      const event = benchEvent(webhookId, options.messages + i);
      await db.transaction((tx) => enqueueMessages(tx, [event], new Date()));
      const [row] = await db.query<{ id: string }>('SELECT id FROM webhook_message WHERE block_height = $1', [
        event.blockHeight,
      ]);
      committed.set(row!.id, performance.now());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await waitFor(async () => [...committed.keys()].every((id) => arrivals.has(id)));
  } finally {
    await deliverer.stop();
  }
  const latencies = [...committed].map(([id, at]) => arrivals.get(id)! - at).sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { p50: at(0.5), p99: at(0.99), samples: latencies.length };
}

/** One address_activity event of about a kilobyte, as the indexer writes them. */
function benchEvent(webhookId: string, index: number): OutboxEvent {
  const hex = (n: number, width: number) => `0x${n.toString(16).padStart(width, '0')}`;
  return {
    webhookId,
    eventType: 'address_activity',
    chainKey: 'evm:43114',
    blockHeight: BigInt(index),
    cause: [hex(index, 64)],
    event: {
      transaction: {
        blockHash: hex(index, 64),
        blockNumber: String(index),
        from: hex(0xa11ce, 40),
        to: hex(0xb0b, 40),
        txHash: hex(index, 64),
        value: '1000000000000000000',
        gas: '21000',
        gasPrice: '25000000000',
        input: '0x',
        nonce: String(index),
        blockTimestamp: 1_767_225_600 + index,
        erc20Transfers: [],
        erc721Transfers: [],
        erc1155Transfers: [],
      },
      logs: [],
    },
  };
}

async function deliveredCount(db: Database): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM webhook_message WHERE status = 'delivered'`,
  );
  return row!.count;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('webhook bench: messages not delivered in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
