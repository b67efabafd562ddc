// Webhook latency at the head, as `start` runs it: anvil mines a transaction to a watched address, the
// EVM indexer follows at the head and commits the block with its outbox message, the deliverer (woken
// by the commit, as in start) POSTs it to a local receiver. Two times per transaction: from the
// block's commit (the message's created_at) to its arrival, and from sending it to the node.
import { asText } from '../../prisma/hexBytes';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { createIndexer } from '../../indexer/createIndexer';
import { createLoggerFactory } from '../../logging/createLoggerFactory';
import type { Database } from '../../prisma/database';
import { createDeliverer } from '../../webhooks/delivery/createDeliverer';
import { createHostAllowList } from '../../webhooks/urls/hostAllowList';
import { startAnvil } from '../indexer/startAnvil';

/** Percentiles of one kind of time, ms. */
export type LatencyMs = { p50: number; p99: number; samples: number };

/** What the head run measured. */
export type HeadLatency = {
  /** From the block's commit (the outbox row's created_at) to the receiver having the message. */
  commitToArrival: LatencyMs;
  /** From sending the transaction to the node to the receiver having its message. */
  sendToArrival: LatencyMs;
};

/**
 * Sends `transactions` transfers to a watched address, one at a time, each mined at once (anvil's
 * automine), and times each one's message at the receiver.
 * @param db an empty, migrated database
 * @param options transfers, the indexer's poll interval, the deliverer's
 * @example await measureHeadLatency(db, { transactions: 50, indexerPollMs: 50, delivererPollMs: 250 })
 */
export async function measureHeadLatency(
  db: Database,
  options: { transactions: number; indexerPollMs: number; delivererPollMs: number },
): Promise<HeadLatency> {
  const arrivals = new Map<string, number>();
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        messageId: string;
        event: { transaction: { txHash: string } };
      };
      arrivals.set(body.event.transaction.txHash, Date.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const anvil = await startAnvil();
  const loggers = createLoggerFactory({ display: () => {} });
  const watched = '0x00000000000000000000000000000000000000a1';
  let stop = async () => {};
  try {
    const deliverer = createDeliverer({
      db,
      options: {
        allowedHosts: createHostAllowList(['127.0.0.1']),
        concurrency: 16,
        pollIntervalMs: options.delivererPollMs,
      },
    });
    const indexer = createIndexer({
      db,
      config: parseIndexerConfig(
        JSON.stringify({
          evm: [
            {
              chainId: 31337,
              rpcUrl: anvil.url,
              network: 'fuji',
              startBlock: 0,
              confirmations: 0,
              headTag: 'latest',
              pollIntervalMs: options.indexerPollMs,
            },
          ],
        }),
      ),
      logger: loggers.get('indexer'),
      tty: null,
      onBlocksCommitted: () => deliverer.wake(),
    });
    const following = indexer.run();
    deliverer.start();
    stop = async () => {
      await Promise.all([indexer.stop(), deliverer.stop()]);
      await following.catch(() => undefined);
    };
    // The chain is registered once the indexer has written its first block.
    await waitFor(async () => (await db.query('SELECT 1 FROM evm_chain WHERE chain_id = 31337')).length > 0);
    const webhookId = randomUUID();
    // Created a second back: block timestamps are whole seconds.
    await db.query(
      `INSERT INTO webhook (id, owner_key_id, event_type, url, name, description, chain_id, status, metadata, created_at)
       VALUES ($1, 'bench', 'address_activity', $2, 'bench', '', '31337', 'active', '{}', now() - interval '1 second')`,
      [webhookId, url],
    );
    // Watched keys are text (hexBytes.ts).
    await db.query('INSERT INTO webhook_key (webhook_id, key) VALUES ($1, $2)', [webhookId, asText(watched)]);

    const [from] = (await anvil.rpc('eth_accounts')) as string[];
    const sent = new Map<string, number>();
    for (let i = 0; i < options.transactions; i++) {
      const at = Date.now();
      const hash = (await anvil.rpc('eth_sendTransaction', [{ from, to: watched, value: '0x1' }])) as string;
      sent.set(hash, at);
      await waitFor(async () => arrivals.has(hash));
    }
    const rows = await db.query<{ tx_hash: string; created_ms: number }>(
      `SELECT body::jsonb -> 'event' -> 'transaction' ->> 'txHash' AS tx_hash,
              (extract(epoch FROM created_at) * 1000)::float8 AS created_ms
         FROM webhook_message WHERE webhook_id = $1`,
      [webhookId],
    );
    const committed = new Map(rows.map((row) => [row.tx_hash, Number(row.created_ms)]));
    return {
      commitToArrival: percentiles([...sent.keys()].map((hash) => arrivals.get(hash)! - committed.get(hash)!)),
      sendToArrival: percentiles([...sent].map(([hash, at]) => arrivals.get(hash)! - at)),
    };
  } finally {
    await stop();
    await anvil.stop();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await loggers.close();
  }
}

function percentiles(values: number[]): LatencyMs {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), samples: sorted.length };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
