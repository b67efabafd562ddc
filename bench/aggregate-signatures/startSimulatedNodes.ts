import { createServer } from 'node:http';
import { listenOnLoopback, type LoopbackServer } from '../shared/listenOnLoopback';

/** The signatures the nodes give, by message ID (cb58) and validator index. */
export type NodeAnswers = Map<string, Uint8Array[]>;

/**
 * One HTTP server on 127.0.0.1 standing in for every validator node: `/node/<i>/ext/bc/<chain>/rpc`
 * answers JSON-RPC warp_getMessageSignature for validator i, from precomputed signatures (a real
 * node answers from its cache too), so the bench measures the aggregator, not the nodes.
 * @param answers signatures per message, filled in before each run
 * @returns the server; node i's URL is `${baseUrl}/node/${i}`
 * @example const nodes = await startSimulatedNodes(answers)
 */
export async function startSimulatedNodes(answers: NodeAnswers): Promise<LoopbackServer> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/node\/(\d+)\/ext\/bc\/[^/]+\/rpc$/.exec(request.url ?? '');
      let reply: unknown;
      try {
        const { id, params } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number; params: [string] };
        const signature = match ? answers.get(params[0])?.[Number(match[1])] : undefined;
        reply = signature
          ? { jsonrpc: '2.0', id, result: `0x${Buffer.from(signature).toString('hex')}` }
          : { jsonrpc: '2.0', id, error: { code: -32000, message: 'unknown message' } };
      } catch {
        reply = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } };
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  server.keepAliveTimeout = 60_000;
  return listenOnLoopback(server);
}
