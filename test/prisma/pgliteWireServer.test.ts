// PGlite's wire server (prisma/pgliteWireServer.ts, run in PGlite's worker by startPgliteServer):
// every connection shares PGlite's one session, so a connection's pipeline and transaction must run
// without anyone else's messages in between, and a connection that goes away must not leave the
// session held. Raw sockets send what `pg` would, split where a network could split it.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGLITE_MAX_CONNECTIONS, startPgliteServer, type PgliteServer } from '../../prisma/pgliteServer';
import { serveWire, type WireDatabase } from '../../prisma/pgliteWireServer';

let server: PgliteServer;
let pool: pg.Pool;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  server = await startPgliteServer('memory://');
  pool = new pg.Pool({
    host: server.socketDir,
    port: server.port,
    user: 'postgres',
    database: 'postgres',
    max: 2,
    idleTimeoutMillis: 0,
  });
  await pool.query('CREATE TABLE item (n int)');
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await pool.end();
  await server.stop();
});

/** A frontend message: type byte, length, body. */
function frontend(type: string, ...parts: (string | number[] | Buffer)[]): Buffer {
  const body = Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(`${part}\0`) : Buffer.from(part))),
  );
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0, 'latin1');
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}
const int16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const int32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
/** Parse of an unnamed statement, Bind of the unnamed portal with text parameters, Execute. */
const parse = (sql: string) => frontend('P', '', sql, int16(0));
const bind = (...values: string[]) =>
  frontend(
    'B',
    '',
    '',
    int16(0),
    int16(values.length),
    ...values.flatMap((v) => [int32(Buffer.byteLength(v)), Buffer.from(v)]),
    int16(0),
  );
const execute = () => frontend('E', '', int32(0));
const sync = () => frontend('S');
const query = (sql: string) => frontend('Q', sql);

/** A raw connection: sends bytes, collects the backend's messages (type and body). */
async function connect(socketPath = path.join(server.socketDir, `.s.PGSQL.${server.port}`)): Promise<{
  send(bytes: Buffer): void;
  until(type: string): Promise<{ type: string; body: Buffer }[]>;
  socket: net.Socket;
}> {
  const socket = net.connect(socketPath);
  sockets.push(socket);
  let pending = Buffer.alloc(0);
  const received: { type: string; body: Buffer }[] = [];
  let wake = () => {};
  socket.on('data', (data) => {
    pending = Buffer.concat([pending, data]);
    while (pending.length >= 5 && pending.length >= 1 + pending.readInt32BE(1)) {
      const length = pending.readInt32BE(1);
      received.push({ type: String.fromCharCode(pending[0]!), body: pending.subarray(5, 1 + length) });
      pending = pending.subarray(1 + length);
    }
    wake();
  });
  const until = async (type: string) => {
    for (;;) {
      const at = received.findIndex((m) => m.type === type);
      if (at >= 0) return received.splice(0, at + 1);
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const startup = Buffer.concat([
    Buffer.from(int32(0)),
    Buffer.from(int32(196608)),
    Buffer.from('user\0postgres\0database\0postgres\0\0'),
  ]);
  startup.writeInt32BE(startup.length, 0);
  socket.write(startup);
  await until('Z');
  return { send: (bytes) => socket.write(bytes), until, socket };
}
/** The text of each DataRow's first column. */
const firstColumns = (messages: { type: string; body: Buffer }[]) =>
  messages.filter((m) => m.type === 'D').map((m) => m.body.subarray(6, 6 + m.body.readInt32BE(2)).toString());
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('PGlite wire server', () => {
  test("a pipeline split across writes runs without another connection's statement in between", async () => {
    const a = await connect();
    const b = await connect();
    // A's unnamed statement and portal are bound, then B's statement arrives before A's Execute.
    a.send(Buffer.concat([parse('SELECT $1::text AS who'), bind('a')]));
    await settle();
    b.send(Buffer.concat([parse('SELECT $1::text AS who'), bind('b'), execute(), sync()]));
    await settle();
    a.send(Buffer.concat([execute(), sync()]));
    expect(firstColumns(await a.until('Z'))).toEqual(['a']);
    expect(firstColumns(await b.until('Z'))).toEqual(['b']);
  });

  test("a connection's transaction runs alone: another connection waits for its COMMIT", async () => {
    const a = await connect();
    a.send(query('BEGIN; INSERT INTO item VALUES (1)'));
    await a.until('Z');
    let counted: number | undefined;
    const count = pool
      .query<{ n: number }>('SELECT count(*)::int AS n FROM item')
      .then((result) => (counted = result.rows[0]!.n));
    await settle();
    expect(counted).toBeUndefined();
    a.send(query('COMMIT'));
    await a.until('Z');
    await count;
    expect(counted).toBe(1);
    await pool.query('DELETE FROM item');
  });

  test('a connection that closes inside its transaction is rolled back, and the others go on', async () => {
    const a = await connect();
    a.send(query('BEGIN; INSERT INTO item VALUES (2)'));
    await a.until('Z');
    const count = pool.query<{ n: number }>('SELECT count(*)::int AS n FROM item');
    await settle();
    a.socket.destroy();
    expect((await count).rows[0]!.n).toBe(0);
  });

  test('a connection that closes inside a pipeline does not hold the session', async () => {
    const a = await connect();
    a.send(Buffer.concat([parse('SELECT 1'), bind()]));
    await settle();
    const answer = pool.query<{ n: number }>('SELECT 41 + 1 AS n');
    await settle();
    a.socket.destroy();
    expect((await answer).rows).toEqual([{ n: 42 }]);
  });

  test('an SQL error is answered on the connection, which stays usable', async () => {
    const client = await pool.connect();
    try {
      await expect(client.query('SELECT 1/0')).rejects.toThrow('division by zero');
      expect((await client.query('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]);
    } finally {
      client.release();
    }
  });

  test('a call PGlite throws from closes only its connection: the queue goes on', async () => {
    // The server run here, in front of a stand-in for PGlite whose calls with "boom" throw.
    const readyForQuery = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
    const db: WireDatabase = {
      isInTransaction: () => false,
      runExclusive: <T>(work: () => Promise<T> | T) => Promise.resolve(work()),
      execProtocolRawStream: async (batch: Uint8Array, options: { onRawData(data: Uint8Array): void }) => {
        if (Buffer.from(batch).includes('boom')) throw new Error('RuntimeError: unreachable');
        options.onRawData(readyForQuery);
      },
    };
    const folder = mkdtempSync(path.join(tmpdir(), 'wire-'));
    const fake = await serveWire(db, { path: path.join(folder, 'socket'), maxConnections: 4 });
    try {
      const a = await connect(path.join(folder, 'socket'));
      const closed = new Promise((resolve) => a.socket.once('close', resolve));
      a.send(query('SELECT boom'));
      await closed;
      const next = async () => {
        const b = await connect(path.join(folder, 'socket'));
        b.send(query('SELECT 1'));
        return (await b.until('Z')).map((m) => m.type);
      };
      // Bounded, so a stopped queue fails this test instead of hanging the run.
      const answer = await Promise.race([
        next(),
        new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), 2000).unref()),
      ]);
      expect(answer).toEqual(['Z']);
    } finally {
      await fake.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test(`at most ${PGLITE_MAX_CONNECTIONS} connections; one more is refused while the others are served`, async () => {
    const many = new pg.Pool({
      host: server.socketDir,
      port: server.port,
      user: 'postgres',
      database: 'postgres',
      max: PGLITE_MAX_CONNECTIONS + 1,
    });
    try {
      // The suite's pool and raw sockets hold connections too: close the raw ones first.
      for (const socket of sockets.splice(0)) socket.destroy();
      await settle();
      const held = await Promise.all(
        Array.from({ length: PGLITE_MAX_CONNECTIONS - pool.totalCount }, () => many.connect()),
      );
      const extra = new pg.Client({
        host: server.socketDir,
        port: server.port,
        user: 'postgres',
        database: 'postgres',
      });
      await expect(extra.connect().then(() => extra.query('SELECT 1'))).rejects.toThrow();
      expect((await held[0]!.query('SELECT 3 AS n')).rows).toEqual([{ n: 3 }]);
      for (const client of held) client.release();
    } finally {
      await many.end();
    }
  });
});
