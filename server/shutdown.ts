import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';

/** Options of {@link installShutdown}. */
export type ShutdownOptions = {
  /** The HTTP server to drain. */
  server: Server;
  /** What to stop once no request is in flight, in order (indexers at a block boundary, the gateway, the database). */
  steps: Array<() => Promise<void>>;
  log: (message: string) => void;
  /** Longest wait for in-flight requests before their connections are cut. @default 30000 */
  drainTimeoutMs?: number;
  /** Ends the process; tests replace it. @default process.exit */
  exit?: (code: number) => void;
  /** The process to listen on. @default process */
  signals?: Pick<NodeJS.Process, 'on'>;
};

/** How long a connection accepted before the signal may take to send its request. */
const idleGraceMs = 1_000;

/**
 * Graceful shutdown on SIGTERM or SIGINT: the server stops accepting connections, every request
 * on a connection it already accepted is answered (with `Connection: close`), then the steps run
 * and the process exits 0. Connections that send nothing within a second are closed; a request
 * still running after `drainTimeoutMs` has its connection cut. A second signal exits at once with
 * code 1, for the operator who means it.
 *
 * Node's `server.close()` would also close every connection with no request in progress at once,
 * including connections just accepted whose request is still in the socket's buffer (under load,
 * most of them): those clients would see a reset for a request the service had accepted. So the
 * listening socket is closed on its own (net.Server's close), and idle connections only after the
 * grace period.
 *
 * @returns a function that starts the same shutdown (for tests and embedders)
 * @example installShutdown({ server, steps: [() => service.close(), () => db.close()], log })
 */
export function installShutdown({
  server,
  steps,
  log,
  drainTimeoutMs = 30_000,
  exit = (code) => process.exit(code),
  signals = process,
}: ShutdownOptions): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      log('stopping: no new connections; answering the requests in flight');
      server.on('request', (_request: IncomingMessage, response: ServerResponse) =>
        response.setHeader('connection', 'close'),
      );
      const drained = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      setTimeout(() => server.closeIdleConnections(), idleGraceMs).unref();
      const timer = setTimeout(() => {
        log(`requests still running after ${drainTimeoutMs} ms: closing their connections`);
        server.closeAllConnections();
      }, drainTimeoutMs);
      timer.unref();
      await drained;
      clearTimeout(timer);
      for (const step of steps) await step();
      log('stopped');
      exit(0);
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now`);
      exit(1);
      return;
    }
    log(`${signal} received`);
    stop().catch((error: unknown) => {
      log(`shutdown failed: ${(error as Error).message}`);
      exit(1);
    });
  };
  signals.on('SIGTERM', onSignal);
  signals.on('SIGINT', onSignal);
  return stop;
}
