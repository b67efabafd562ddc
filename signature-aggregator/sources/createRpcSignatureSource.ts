import type { PrismaClient } from '../../prisma/generated/client';
import { cb58Encode } from '../../avalanche/cb58';
import { postJson } from './postJson';
import type { FetchSignature, SignatureSource } from './signatureSource';

/** A response larger than this is no signature (96 bytes as hex are about 200 characters). */
const maxResponseBytes = 16 * 1024;
/** Node IDs per endpoint query, well under PostgreSQL's bind-parameter limit. */
const nodeIdsPerQuery = 10_000;

/**
 * Signatures from the validators' own nodes: JSON-RPC `warp_getMessageSignature(messageID)` on
 * `<httpUrl>/ext/bc/<sourceChainId>/rpc`, at the URLs recorded in NodeEndpoint. That API exists
 * on EVM chains (coreth, subnet-evm) only: messages from the P-Chain are left to other sources.
 * A node answers only for messages its chain sent or accepted, which is the safety a signature needs.
 *
 * @param deps `prisma` for the endpoints
 * @returns the source
 * @example createSignatureAggregator({ prisma, sources: [createRpcSignatureSource({ prisma })] })
 */
export function createRpcSignatureSource({ prisma }: { prisma: PrismaClient }): SignatureSource {
  return {
    name: 'rpc',
    async connect({ network, message, validators }) {
      const fetchers = new Map<number, FetchSignature>();
      if (message.sourceChainId.every((byte) => byte === 0)) return fetchers;
      const nodeIds = validators.flatMap((validator) => validator.nodeIds);
      const urls = new Map<string, string>();
      for (let i = 0; i < nodeIds.length; i += nodeIdsPerQuery) {
        const rows = await prisma.nodeEndpoint.findMany({
          where: { network, nodeId: { in: nodeIds.slice(i, i + nodeIdsPerQuery) } },
          select: { nodeId: true, httpUrl: true },
        });
        for (const row of rows) urls.set(row.nodeId, row.httpUrl.replace(/\/+$/, ''));
      }
      const chain = cb58Encode(message.sourceChainId);
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'warp_getMessageSignature',
        params: [cb58Encode(message.id)],
      });
      for (const validator of validators) {
        const endpoints = validator.nodeIds.flatMap((nodeId) =>
          urls.has(nodeId) ? [`${urls.get(nodeId)}/ext/bc/${chain}/rpc`] : [],
        );
        if (endpoints.length === 0) continue;
        // Nodes sharing a key sign alike: ask them in turn until one answers.
        fetchers.set(validator.index, async (signal) => {
          let lastError: unknown;
          for (const url of endpoints) {
            try {
              return await requestSignature(url, body, signal);
            } catch (error) {
              if (signal.aborted) throw error;
              lastError = error;
            }
          }
          throw lastError;
        });
      }
      return fetchers;
    },
  };
}

async function requestSignature(url: string, body: string, signal: AbortSignal): Promise<Uint8Array> {
  const { status, text } = await postJson(url, body, { signal, maxBytes: maxResponseBytes });
  if (status < 200 || status > 299) throw new Error(`HTTP ${status}`);
  const reply = JSON.parse(text) as { result?: unknown; error?: { message?: string } };
  if (reply.error) throw new Error(`node refused: ${reply.error.message ?? 'error'}`);
  // Current nodes return the hex bytes; older subnet-evm wrapped them as {signature}.
  const result =
    typeof reply.result === 'object' && reply.result !== null
      ? (reply.result as { signature?: unknown }).signature
      : reply.result;
  if (typeof result !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(result))
    throw new Error('node answered no hex signature');
  return Uint8Array.from(Buffer.from(result.slice(2), 'hex'));
}
