// A webhook receiver on 127.0.0.1 for the delivery tests: records every request (body, headers, when),
// and answers as the test says: a status, a redirect, never, or an endless body.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export type Received = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body's messageId. */
  messageId: string;
  /** Date.now() when its body had arrived. */
  at: number;
};

/** How to answer a request: a status, a redirect, `hang` (never answer) or `endless` (200, then bytes forever). */
export type Answer = number | { redirect: string } | 'hang' | 'endless';

/** A running receiver. */
export type Receiver = {
  /** Its base URL, `http://127.0.0.1:<port>`. */
  url: string;
  received: Received[];
  /** Decides the answer to each request from now on; `index` counts every request received. */
  answer(how: (request: Received, index: number) => Answer): void;
  /** Resolves once `count` requests have come (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  /** Bytes written into endless bodies, and whether each such response was closed by the client. */
  endless: Array<{ written: number; closed: boolean }>;
  close(): Promise<void>;
};

/**
 * Starts a receiver that answers 200 until told otherwise.
 * @example const receiver = await startReceiver(); ...; await receiver.close()
 */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const endless: Receiver['endless'] = [];
  let decide: (request: Received, index: number) => Answer = () => 200;
  const waiters = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let messageId = '';
      try {
        messageId = (JSON.parse(body) as { messageId: string }).messageId;
      } catch {}
      const entry: Received = { path: request.url ?? '', headers: request.headers, body, messageId, at: Date.now() };
      received.push(entry);
      const how = decide(entry, received.length - 1);
      for (const waiter of waiters) waiter();
      if (how === 'hang') return;
      if (how === 'endless') {
        const record = { written: 0, closed: false };
        endless.push(record);
        response.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(16_384, 'x');
        const pump = () => {
          let more = true;
          while (more && !response.destroyed) {
            more = response.write(chunk);
            record.written += chunk.length;
          }
        };
        response.on('drain', pump);
        response.on('close', () => (record.closed = true));
        pump();
        return;
      }
      if (typeof how === 'object') {
        response.writeHead(302, { location: how.redirect }).end();
        return;
      }
      response.writeHead(how, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    endless,
    answer(how) {
      decide = how;
    },
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`receiver got ${received.length} requests, expected ${count}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
