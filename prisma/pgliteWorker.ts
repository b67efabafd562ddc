// The worker thread of startPgliteServer (pgliteServer.ts): opens PGlite, serves it on the Unix
// socket through the wire server, and closes it (flushing it to disk) when the parent says `stop`.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { serveWire } from './pgliteWireServer';

/** What startPgliteServer hands the worker. */
export type PgliteWorkerData = {
  /** Absolute data folder, or `memory://`. */
  dataDir: string;
  /** The socket file to listen on. */
  socketFile: string;
  maxConnections: number;
  /** PostgreSQL settings it starts with (`shared_buffers`, ...). */
  settings: Record<string, string>;
};

/** What the worker posts: once ready (or failed), then once stopped. */
export type PgliteWorkerMessage = { ready: true; openedInMs: number } | { error: string } | { stopped: true };

const port = parentPort!;
const { dataDir, socketFile, maxConnections, settings } = workerData as PgliteWorkerData;
const post = (message: PgliteWorkerMessage) => port.postMessage(message);

(async () => {
  const started = Date.now();
  const db = await PGlite.create(dataDir, {
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  const openedInMs = Date.now() - started;
  const server = await serveWire(db, { path: socketFile, maxConnections });
  port.on('message', async (message: unknown) => {
    if (message !== 'stop') return;
    try {
      await server.stop();
    } finally {
      await db.close();
      post({ stopped: true });
    }
  });
  post({ ready: true, openedInMs });
})().catch((error: unknown) =>
  post({ error: error instanceof Error && error.message ? error.message : String(error) }),
);
