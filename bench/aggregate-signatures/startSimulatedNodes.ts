import { Worker } from 'node:worker_threads';

/** The simulated nodes: their base URL, and the signatures they give for a message. */
export type SimulatedNodes = {
  /** `http://127.0.0.1:<port>`; node i's URL is `${baseUrl}/node/${i}`. */
  baseUrl: string;
  /** From now on, node i answers `warp_getMessageSignature(messageId)` with `signatures[i]`. */
  answer(messageId: string, signatures: readonly Uint8Array[]): Promise<void>;
  close(): Promise<void>;
};

// Plain CommonJS run by `new Worker(..., { eval: true })`, so it needs no TypeScript loader: it
// works the same from dist/ and under jest.
const WORKER_SOURCE = `
const { createServer } = require('node:http');
const { parentPort } = require('node:worker_threads');
const answers = new Map();
const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const match = /^\\/node\\/(\\d+)\\/ext\\/bc\\/[^/]+\\/rpc$/.exec(request.url || '');
    let reply;
    try {
      const { id, params } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const signature = match ? answers.get(params[0])?.[Number(match[1])] : undefined;
      reply = signature
        ? { jsonrpc: '2.0', id, result: signature }
        : { jsonrpc: '2.0', id, error: { code: -32000, message: 'unknown message' } };
    } catch {
      reply = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } };
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (message) => {
  answers.set(message.messageId, message.signatures);
  parentPort.postMessage({ answered: message.messageId });
});
`;

/**
 * One HTTP server on 127.0.0.1 standing in for every validator node: `/node/<i>/ext/bc/<chain>/rpc`
 * answers JSON-RPC warp_getMessageSignature for validator i, from precomputed signatures (a real
 * node answers from its cache too). It runs on a worker thread, as real nodes run on other
 * machines: the nodes' side of each request does not take turns with the aggregator on its event
 * loop, so the bench measures the aggregator (the nodes still share the machine's two cores).
 * @returns the nodes
 * @example const nodes = await startSimulatedNodes(); await nodes.answer(messageId, signatures)
 */
export async function startSimulatedNodes(): Promise<SimulatedNodes> {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  const waiting = new Map<string, () => void>();
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { port?: number; answered?: string }) => {
      if (message.port !== undefined) resolve(message.port);
      if (message.answered !== undefined) waiting.get(message.answered)?.();
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    answer: (messageId, signatures) =>
      new Promise((resolve) => {
        waiting.set(messageId, () => {
          waiting.delete(messageId);
          resolve();
        });
        worker.postMessage({ messageId, signatures: signatures.map((signature) => `0x${Buffer.from(signature).toString('hex')}`) });
      }),
    // Ending the thread closes its server and connections with it.
    close: async () => {
      await worker.terminate();
    },
  };
}
