// The PostgreSQL wire protocol in front of PGlite, run in PGlite's worker thread (pgliteServer.ts):
// every connection of the service's `pg` pool talks to PGlite's one session through it.
//
// It is ours rather than @electric-sql/pglite-socket, which hands PGlite one protocol message at a
// time and writes each message's answer to the socket on its own: a read by a named statement is
// Bind, Describe, Execute and Sync, so four calls into PGlite's WASM and four socket writes, where
// one of each does. pglite-socket's queue also has two open defects
// (electric-sql/pglite#1046): connections' messages interleave outside an explicit transaction, so
// one connection's Bind can replace another's unnamed portal between its Bind and its Execute, and
// one failed call leaves the queue stopped for good, every later query hanging.
//
// What it does:
// - A connection's complete messages, as they arrive, go to PGlite in one call, and PGlite's
//   answer to them in one socket write. The first message is the startup packet (or an SSL
//   request, answered `N`: the socket is private), which PGlite must get alone.
// - One queue serialises the calls, first come first served, except that a connection holds the
//   session while it has an explicit transaction open or an extended-protocol pipeline unfinished
//   (its last call did not end in Sync or a simple Query): meanwhile only its own calls run.
// - A connection that closes while it holds the session has its pipeline ended (Sync) and its
//   transaction rolled back before anyone else runs. A call PGlite throws from (not an SQL error,
//   which PostgreSQL answers itself) closes that connection; the queue goes on.
// - Terminate closes the connection; a cancel request is closed unanswered (PGlite cannot cancel).

import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSS_ENCRYPTION_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'
const SYNC = 0x53; // 'S'
const SIMPLE_QUERY = 0x51; // 'Q'

/** What the wire server uses of PGlite. */
export type WireDatabase = Pick<PGlite, 'isInTransaction' | 'runExclusive' | 'execProtocolRawStream'>;

/** A wire server listening on its socket. */
export type WireServer = {
  /** Closes every connection and stops listening. */
  stop(): Promise<void>;
};

/** One client connection and the session state it holds. */
type Connection = { socket: net.Socket; started: boolean; pipelineOpen: boolean; closed: boolean };

/** A call waiting for PGlite: a connection's messages, or the release of the session it left held. */
type QueueItem =
  | { connection: Connection; batch: Uint8Array; pipelineOpen: boolean; release?: undefined }
  | { connection: Connection; release: true };

/** A frontend message: type, length of what follows the type byte (itself included), body. */
function message(type: number, body: Buffer): Buffer {
  const out = Buffer.alloc(5 + body.length);
  out[0] = type;
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

/**
 * Serves `db` over the PostgreSQL wire protocol on the Unix socket `options.path`.
 * @param db PGlite, open
 * @param options `path`: the socket file; `maxConnections`: connections accepted at once
 * @returns the listening server
 * @throws Error when the socket cannot be listened on
 * @example
 * const server = await serveWire(db, { path: '/tmp/pglite/.s.PGSQL.5432', maxConnections: 8 })
 * await server.stop()
 */
export async function serveWire(
  db: WireDatabase,
  options: { path: string; maxConnections: number },
): Promise<WireServer> {
  /** Calls waiting for PGlite. */
  const queue: QueueItem[] = [];
  let running = false;
  /** The connection of the last call; it holds the session while a transaction or pipeline is open. */
  let holder: Connection | null = null;
  const sockets = new Set<net.Socket>();

  const holds = () => holder !== null && (holder.pipelineOpen || db.isInTransaction());
  function next(): QueueItem | undefined {
    if (holds()) {
      const i = queue.findIndex((item) => item.connection === holder);
      return i === -1 ? undefined : queue.splice(i, 1)[0];
    }
    return queue.shift();
  }
  async function run(batch: Uint8Array): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await db.runExclusive(() =>
      db.execProtocolRawStream(batch, {
        onRawData: (data) => {
          chunks.push(Buffer.from(data));
        },
      }),
    );
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }
  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (let item = next(); item; item = next()) {
        const connection = item.connection;
        holder = connection;
        try {
          if (item.release) {
            // The connection went away inside its pipeline or transaction: end both, for the next caller.
            if (connection.pipelineOpen) await run(message(SYNC, Buffer.alloc(0)));
            if (db.isInTransaction()) await run(message(SIMPLE_QUERY, Buffer.from('ROLLBACK\0')));
            connection.pipelineOpen = false;
            holder = null;
            continue;
          }
          connection.pipelineOpen = item.pipelineOpen;
          const answer = await run(item.batch);
          if (answer.length > 0 && !connection.socket.destroyed) connection.socket.write(answer);
        } catch {
          // Not an SQL error (PostgreSQL answers those itself): this connection cannot know the session's state.
          connection.socket.destroy();
          if (item.release) holder = null;
          else forget(connection);
        }
      }
    } finally {
      running = false;
    }
  }
  function enqueue(item: QueueItem): void {
    queue.push(item);
    void drain();
  }
  /** A closed connection: its waiting calls are dropped, and its pipeline and transaction ended if it holds the session. */
  function forget(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    sockets.delete(connection.socket);
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.connection === connection) queue.splice(i, 1);
    if (holder !== connection) return;
    // Its last call may still be running (a BEGIN, say): the release decides once it has finished.
    queue.unshift({ connection, release: true });
    void drain();
  }

  function accept(socket: net.Socket): void {
    sockets.add(socket);
    const connection: Connection = { socket, started: false, pipelineOpen: false, closed: false };
    let buffer: Buffer = Buffer.alloc(0);
    socket.on('close', () => forget(connection));
    socket.on('error', () => socket.destroy());
    socket.on('data', (data: Buffer) => {
      buffer = buffer.length === 0 ? data : Buffer.concat([buffer, data]);
      while (!connection.started && buffer.length >= 8) {
        const length = buffer.readInt32BE(0);
        const code = buffer.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSS_ENCRYPTION_REQUEST) {
          socket.write('N');
          buffer = buffer.subarray(8);
        } else if (code === CANCEL_REQUEST || length < 8 || length > 10000) {
          socket.destroy();
          return;
        } else if (buffer.length >= length) {
          connection.started = true;
          enqueue({ connection, batch: new Uint8Array(buffer.subarray(0, length)), pipelineOpen: false });
          buffer = buffer.subarray(length);
        } else {
          return;
        }
      }
      if (!connection.started) return;
      let end = 0;
      let last = 0;
      let terminated = false;
      while (buffer.length - end >= 5) {
        const length = buffer.readInt32BE(end + 1);
        if (length < 4) {
          socket.destroy();
          return;
        }
        if (buffer.length - end < 1 + length) break;
        if (buffer[end] === TERMINATE) {
          terminated = true;
          break;
        }
        last = buffer[end]!;
        end += 1 + length;
      }
      if (end > 0)
        enqueue({
          connection,
          batch: new Uint8Array(buffer.subarray(0, end)),
          pipelineOpen: last !== SYNC && last !== SIMPLE_QUERY,
        });
      buffer = terminated ? Buffer.alloc(0) : buffer.subarray(end);
      if (terminated) socket.end();
    });
  }

  const server = net.createServer(accept);
  server.maxConnections = options.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
