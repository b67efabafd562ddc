import http from 'node:http';
import type { Reader } from '../../node-rpc/eth/chainData';
import { listenOnLoopback, type LoopbackServer } from '../shared/listenOnLoopback';
import type { RpcCall } from './rpcCalls';

/**
 * The floor: a bare node:http server answering each call's body with the floor's statements,
 * formatters and JSON, on its own connection pool; no Express, envelope parsing or dispatch.
 * @param reader the floor's database
 * @param calls the calls, by body
 * @returns the listening server
 * @example const floor = await startRpcFloor(db, calls)
 */
export async function startRpcFloor(reader: Reader, calls: readonly RpcCall[]): Promise<LoopbackServer> {
  const byBody = new Map(calls.map((call) => [call.body, call]));
  return listenOnLoopback(
    http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const call = byBody.get(Buffer.concat(chunks).toString('utf8'));
        if (!call) return void response.writeHead(404).end();
        call.floor(reader).then(
          (text) => response.writeHead(200, { 'content-type': 'application/json' }).end(text),
          (error: Error) => response.writeHead(500).end(error.message),
        );
      });
    }),
  );
}
