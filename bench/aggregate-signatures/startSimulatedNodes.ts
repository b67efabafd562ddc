import { startWorker } from '../../shared/startWorker';
import type { SimulatedNodesMessage, SimulatedNodesRequest } from './simulatedNodesWorker';

/** The simulated nodes: their base URL, and the signatures they give for a message. */
export type SimulatedNodes = {
  /** `http://127.0.0.1:<port>`; node i's URL is `${baseUrl}/node/${i}`. */
  baseUrl: string;
  /** From now on, node i answers `warp_getMessageSignature(messageId)` with `signatures[i]`. */
  answer(messageId: string, signatures: readonly Uint8Array[]): Promise<void>;
  close(): Promise<void>;
};

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
  const worker = startWorker(require.resolve('./simulatedNodesWorker'));
  const waiting = new Map<string, () => void>();
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: SimulatedNodesMessage) => {
      if ('port' in message) resolve(message.port);
      else waiting.get(message.answered)?.();
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
        worker.postMessage({
          messageId,
          signatures: signatures.map((signature) => `0x${Buffer.from(signature).toString('hex')}`),
        } satisfies SimulatedNodesRequest);
      }),
    // Ending the thread closes its server and connections with it.
    close: async () => {
      await worker.terminate();
    },
  };
}
