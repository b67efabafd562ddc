// The worker thread of startSimulatedNodes (startSimulatedNodes.ts): one HTTP server on 127.0.0.1
// answering warp_getMessageSignature for every node from the signatures the parent posts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort } from 'node:worker_threads';

/** What the parent posts: from now on, node i answers `messageId` with `signatures[i]` (`0x` + hex). */
export type SimulatedNodesRequest = { messageId: string; signatures: string[] };

/** What the worker posts: its port once listening, then each message it has taken. */
export type SimulatedNodesMessage = { port: number } | { answered: string };

const port = parentPort!;
const answers = new Map<string, string[]>();
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const match = /^\/node\/(\d+)\/ext\/bc\/[^/]+\/rpc$/.exec(request.url || '');
    let reply: object;
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
server.listen(0, '127.0.0.1', () =>
  port.postMessage({ port: (server.address() as AddressInfo).port } satisfies SimulatedNodesMessage),
);
port.on('message', (message: SimulatedNodesRequest) => {
  answers.set(message.messageId, message.signatures);
  port.postMessage({ answered: message.messageId } satisfies SimulatedNodesMessage);
});
