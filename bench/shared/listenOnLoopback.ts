import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server listening on 127.0.0.1, and how to stop it. */
export type LoopbackServer = {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /**
   * Resolves once no request is being handled (or after `timeoutMs`). A load generator that
   * stops drops its connections, but the handlers of the requests it had in flight run on.
   */
  idle(timeoutMs?: number): Promise<void>;
  /** Drops open connections, waits for handlers still running (bounded), stops listening. */
  close(): Promise<void>;
};

/**
 * Starts `server` on 127.0.0.1 with a port chosen by the OS, counting the requests whose
 * handler has not answered yet: a handler is done when it calls `response.end()`, even if the
 * client has gone (Node gives no other signal then). Waiting for that before dropping the
 * schema or starting the next measurement keeps one run's leftovers out of the next.
 *
 * @param server an http.Server not yet listening, e.g. `http.createServer(app)`
 * @param options `afterClose` runs once the server has closed, also when closing failed (a floor's pool)
 * @returns its base URL, `idle` and `close`
 * @example const { baseUrl, close } = await listenOnLoopback(http.createServer(app))
 */
export async function listenOnLoopback(
  server: Server,
  options: { afterClose?: () => Promise<void> } = {},
): Promise<LoopbackServer> {
  let inFlight = 0;
  // Prepended so the count starts before the application's handler runs.
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight++;
    const end = response.end;
    let ended = false;
    response.end = function countedEnd(this: ServerResponse, ...args: unknown[]) {
      if (!ended) {
        ended = true;
        inFlight--;
      }
      return (end as (...endArgs: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['end'];
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const idle = async (timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    idle,
    close: async () => {
      try {
        const closed = new Promise<void>((resolve, reject) =>
          server.close((error) => (error ? reject(error) : resolve())),
        );
        server.closeAllConnections();
        await idle();
        await closed;
      } finally {
        await options.afterClose?.();
      }
    },
  };
}
