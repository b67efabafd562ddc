// Embedded PGlite runs in a worker thread (pgliteWorker.ts) that speaks the PostgreSQL wire protocol
// on a Unix socket (pgliteWireServer.ts): the service then reaches it with the same `pg` pool and
// Prisma adapter as a PostgreSQL server, and a query executing in PGlite's WASM does not block the
// HTTP server's event loop. The socket lives in a private temporary folder, so nothing is listening
// on the network and no other user can connect.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startWorker } from '../shared/startWorker';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pgliteWorker';

/** Connections the worker accepts; the service's pool must not open more (the server closes extras at once). */
export const PGLITE_MAX_CONNECTIONS = 8;

/**
 * PGlite's buffer pool. PostgreSQL's default (128MB) is allocated in the WASM heap at start and
 * duplicates the operating system's cache of the same data files (PGlite reads real files in
 * Node). A small pool saves the service tens of MiB of resident memory, and 16MB seeds the demo
 * data and serves the full-size data set as fast as larger pools.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PGlite's WAL bounds. PGlite has no checkpointer process: its backend checkpoints inline once
 * max_wal_size of WAL has been written since the last checkpoint, and keeps up to that much old WAL
 * as recycled segment files. PostgreSQL's default (1GB) leaves a freshly seeded folder with about as
 * much WAL as table data; with the small buffer pool a checkpoint has little to flush, so a small
 * bound costs little. min_wal_size is PostgreSQL's least (two 16MB segments).
 */
export const PGLITE_WAL_SETTINGS = { max_wal_size: '64MB', min_wal_size: '32MB' } as const;

/**
 * The worker's young generation, MB (V8 makes it three semi-spaces' worth: 2 MB each). The worker's
 * JavaScript is the wire server's glue, little of which survives a scavenge; V8's default lets
 * its young generation grow to 16 MB semi-spaces, 32 MB of heap pages resident beside the main
 * thread's.
 */
export const PGLITE_WORKER_YOUNG_GENERATION_MB = 6;

/** A PGlite database served in a worker thread. */
export type PgliteServer = {
  /** Folder of the Unix socket: `pg`'s `host`. */
  socketDir: string;
  /** The socket's port number (`.s.PGSQL.<port>`): `pg`'s `port`. */
  port: number;
  /** Milliseconds PGlite took to open (initdb on a new folder). */
  openedInMs: number;
  /** Stops accepting connections, closes PGlite (flushing it to disk) and ends the worker. */
  stop(): Promise<void>;
};

const PORT = 5432;
const SOCKET_DIR_PREFIX = 'avalanche-data-pglite-';

/** Socket folders of processes that ended without closing their database (killed): named by their pid. */
function removeOrphanSocketDirs(): void {
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(SOCKET_DIR_PREFIX)) continue;
    const pid = Number(entry.slice(SOCKET_DIR_PREFIX.length).split('-')[0]);
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH')
        rmSync(path.join(tmpdir(), entry), { recursive: true, force: true });
    }
  }
}

/**
 * Opens PGlite on `dataDir` in a worker thread and serves it on a private Unix socket.
 * @param dataDir absolute data folder, or `memory://`
 * @param options `sharedBuffers`: PostgreSQL's shared_buffers, e.g. `16MB` (default {@link PGLITE_SHARED_BUFFERS})
 * @returns where to connect and how to stop it
 * @throws Error with PGlite's message when the folder cannot be opened
 * @example
 * const server = await startPgliteServer('/srv/data/pglite')
 * const pool = new pg.Pool({ host: server.socketDir, port: server.port, user: 'postgres', database: 'postgres' })
 */
export async function startPgliteServer(
  dataDir: string,
  options: { sharedBuffers?: string } = {},
): Promise<PgliteServer> {
  removeOrphanSocketDirs();
  const socketDir = mkdtempSync(path.join(tmpdir(), `${SOCKET_DIR_PREFIX}${process.pid}-`));
  const workerData: PgliteWorkerData = {
    dataDir,
    socketFile: path.join(socketDir, `.s.PGSQL.${PORT}`),
    maxConnections: PGLITE_MAX_CONNECTIONS,
    settings: { shared_buffers: options.sharedBuffers ?? PGLITE_SHARED_BUFFERS, ...PGLITE_WAL_SETTINGS },
  };
  const worker = startWorker(require.resolve('./pgliteWorker'), {
    resourceLimits: { maxYoungGenerationSizeMb: PGLITE_WORKER_YOUNG_GENERATION_MB },
    workerData,
  });
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });
  let openedInMs: number;
  // biome-ignore lint/suspicious/noExplicitAny: the listener type of Worker.on, whose arguments differ by event
  const listeners: { event: 'error' | 'exit' | 'message'; listener: (...args: any[]) => void }[] = [];
  try {
    openedInMs = await new Promise<number>((resolve, reject) => {
      listeners.push(
        { event: 'error', listener: reject },
        {
          event: 'exit',
          listener: (code: number) => reject(new Error(`the PGlite worker exited (code ${code}) before it was ready`)),
        },
        {
          event: 'message',
          listener: (message: PgliteWorkerMessage) =>
            'error' in message
              ? reject(new Error(message.error))
              : 'ready' in message
                ? resolve(message.openedInMs)
                : undefined,
        },
      );
      for (const { event, listener } of listeners) worker.once(event, listener);
    });
  } catch (error) {
    await worker.terminate();
    removeSocketDir();
    throw error;
  } finally {
    for (const { event, listener } of listeners) worker.off(event, listener);
  }
  // A worker that dies later (out of memory) must not take the process down: its queries fail.
  worker.on('error', () => {});
  let stopping: Promise<void> | undefined;
  return {
    socketDir,
    port: PORT,
    openedInMs,
    stop: () =>
      (stopping ??= (async () => {
        try {
          await new Promise<void>((resolve) => {
            worker.once('message', () => resolve());
            worker.once('exit', () => resolve());
            worker.postMessage('stop');
          });
        } finally {
          await worker.terminate();
          removeSocketDir();
        }
      })()),
  };
}
