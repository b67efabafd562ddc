// Webhooks end to end, as a user runs them: `avalanche-data-service start` follows an anvil chain
// (INDEXER_CONFIG) with its deliverer in process; a key creates an address_activity webhook through
// the REST API and reads its shared secret; the transactions anvil mines arrive at a local receiver,
// each once, signed. A `kill -9` between a block's commit and its delivery loses nothing: after the
// restart the message is delivered, once. The real command line in a child process, PGlite in a
// temp folder.
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Avalanche } from '@avalanche-sdk/chainkit';
import { startAnvil, type Anvil } from '../../bench/indexer/startAnvil';
import { startIndexingService, type ServiceProcess } from '../support/startServiceProcess';

const folder = mkdtempSync(path.join(os.tmpdir(), 'webhooks-end-to-end-'));
const KEY = 'e2e-webhook-key-0123456789abcdef';
let anvil: Anvil;
let configFile: string;

/** What the receiver got: every request, in order of arrival. */
type Arrival = { body: string; signature: string | undefined; contentType: string | undefined; at: number };
const arrivals: Arrival[] = [];
/** The receiver's answer to the next requests (503 makes the deliverer retry). */
let answerStatus = 200;
/** Requests the receiver refused. */
let refused = 0;
let receiver: http.Server;
let receiverUrl: string;

type Service = ServiceProcess;

const start = (): Promise<Service> =>
  startIndexingService(
    folder,
    { dataDir: path.join(folder, 'data'), indexerConfig: configFile },
    { API_KEYS: KEY, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
  );

/** A REST call with the key, once the service answers at all (it may still be starting) with a status not in `retryOn`. */
async function call(
  service: Service,
  method: string,
  route: string,
  body?: unknown,
  retryOn: number[] = [],
): Promise<any> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${service.port}${route}`, {
      method,
      headers: { 'x-glacier-api-key': KEY, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => undefined);
    if (response && !retryOn.includes(response.status)) {
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${text}`);
      return JSON.parse(text);
    }
    if (Date.now() > deadline) throw new Error(`${route}: no answer; output:\n${service.output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until `done()` holds, polling. */
async function until(done: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stop(service: Service, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  service.child.kill(signal);
  await service.exited;
}

/** A value transfer from anvil's first account to `to`, mined at once; its hash. */
async function transfer(to: string, value: bigint): Promise<string> {
  const [from] = (await anvil.rpc('eth_accounts')) as string[];
  return anvil.rpc('eth_sendTransaction', [{ from, to, value: `0x${value.toString(16)}` }]) as Promise<string>;
}

const deliveredEvents = () =>
  arrivals.map((arrival) => JSON.parse(arrival.body) as { messageId: string; event: { transaction: any } });

beforeAll(async () => {
  anvil = await startAnvil();
  configFile = path.join(folder, 'indexer.json');
  mkdirSync(path.join(folder, 'data'));
  writeFileSync(
    configFile,
    JSON.stringify({
      evm: [
        {
          chainId: 31337,
          rpcUrl: anvil.url,
          network: 'fuji',
          startBlock: 0,
          confirmations: 0,
          headTag: 'latest',
          pollIntervalMs: 50,
          traceMethod: 'trace_block',
        },
      ],
    }),
  );
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answerStatus;
      if (status >= 300) refused++;
      else
        arrivals.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: request.headers['x-signature'] as string | undefined,
          contentType: request.headers['content-type'],
          at: Date.now(),
        });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

describe('webhooks end to end', () => {
  const watched = '0x00000000000000000000000000000000000000a1';
  const other = '0x00000000000000000000000000000000000000b2';

  test("address_activity: each of the watched address's transactions arrives once, signed with the key's shared secret; a kill -9 between commit and delivery loses nothing", async () => {
    const service = await start();
    let restarted: Service | undefined;
    try {
      // A webhook names a chain the service knows: the indexer registers it as it starts.
      await call(service, 'GET', '/v1/chains/31337', undefined, [404]);
      const webhook = await call(service, 'POST', '/v1/webhooks', {
        eventType: 'address_activity',
        url: receiverUrl,
        chainId: '31337',
        name: 'end to end',
        metadata: { addresses: [watched] },
      });
      expect(webhook).toMatchObject({ status: 'active', chainId: '31337', eventType: 'address_activity' });
      const { secret } = await call(service, 'GET', '/v1/webhooks:getSharedSecret');

      // Block timestamps are whole seconds: mine after the webhook's second has begun.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const sent = [];
      for (let i = 1; i <= 4; i++) {
        sent.push(await transfer(watched, BigInt(i)));
        await transfer(other, BigInt(i));
      }
      await until(() => arrivals.length >= sent.length, 'the four transactions');
      // Nothing more comes: the other address's transactions are not the webhook's.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(deliveredEvents().map((e) => e.event.transaction.txHash)).toEqual(sent);
      expect(new Set(deliveredEvents().map((e) => e.messageId)).size).toBe(sent.length);

      const avalanche = new Avalanche({});
      for (const arrival of arrivals) {
        expect(arrival.contentType).toBe('application/json');
        // An independent HMAC: the exact body bytes, keyed by the secret's UTF-8 bytes.
        expect(arrival.signature).toBe(createHmac('sha256', secret).update(arrival.body).digest('base64'));
        const request = new Request(receiverUrl, {
          method: 'POST',
          headers: { 'x-signature': arrival.signature!, 'content-type': 'application/json' },
          body: arrival.body,
        });
        const event = await avalanche.validateWebhook({ request, secret });
        expect(event.webhookId).toBe(webhook.id);
      }
      // What each event says of its transaction is what the node says.
      for (const [i, hash] of sent.entries()) {
        const node = await anvil.rpc('eth_getTransactionByHash', [hash]);
        expect(deliveredEvents()[i]!.event.transaction).toMatchObject({
          txHash: hash,
          from: node.from.toLowerCase(),
          to: watched,
          value: String(i + 1),
          blockNumber: String(BigInt(node.blockNumber)),
        });
      }

      // The receiver fails the next message's first attempt; the service dies before the retry.
      answerStatus = 503;
      const before = arrivals.length;
      const last = await transfer(watched, 99n);
      await until(() => refused === 1, "the message's first attempt");
      await stop(service, 'SIGKILL');
      answerStatus = 200;
      expect(arrivals.length).toBe(before);

      restarted = await start();
      // The retry is due 10 s after the failed attempt.
      await until(() => arrivals.length > before, 'the message committed before the kill', 90_000);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(
        deliveredEvents()
          .slice(before)
          .map((e) => e.event.transaction.txHash),
      ).toEqual([last]);
      const list = await call(restarted, 'GET', '/v1/webhooks');
      expect(list.webhooks.map((w: { id: string; status: string }) => [w.id, w.status])).toEqual([
        [webhook.id, 'active'],
      ]);
    } finally {
      if (!service.child.killed) await stop(service, 'SIGKILL');
      if (restarted) await stop(restarted, 'SIGTERM');
    }
  }, 300_000);
});
