// A PostgreSQL 15 primary and its streaming replica, for the replica tests and the replica bench:
// a cluster of its own (initdb, WAL for replication, the replication entry initdb writes in
// pg_hba.conf) and a replica made from it by `pg_basebackup -R`, each on a free loopback port with
// its sockets in a private folder. Its own primary rather than the machine's server: pg_basebackup
// needs a replication entry in the server's pg_hba.conf, which a test or a bench must not change
// on a shared server.
import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ReadReplicas } from '../../prisma/replicas/openReadReplicas';
import { freePort } from './freePort';

/** A running primary and replica. */
export type StreamingPair = {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs one statement on the replica (as its superuser). */
  onReplica<T>(sql: string): Promise<T[]>;
  /** Stops replaying WAL on the replica: it keeps answering, and falls behind as the primary writes. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the replica has replayed everything the primary had flushed when called. */
  caughtUp(): Promise<void>;
  stopReplica(): void;
  startReplica(): void;
  /** Stops both servers and removes their folders. */
  close(): void;
};

/** Where the PostgreSQL 15 server binaries are (`pg_config --bindir`), or undefined without them. */
export function postgresBinaries(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    statSync(path.join(dir, 'pg_basebackup'));
    statSync(path.join(dir, 'initdb'));
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Starts a primary and a replica streaming from it.
 * @param bin the server binaries' folder (postgresBinaries)
 * @returns the pair; close it in afterAll
 * @example const pair = await startStreamingPair(postgresBinaries()!)
 */
export async function startStreamingPair(bin: string): Promise<StreamingPair> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ads-replica-'));
  // The server refuses to run as root: as root, the folders go to the postgres user and the commands run as it.
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()) : undefined;
  const groupOf = asRoot ? Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()) : undefined;
  if (owner !== undefined) chownSync(root, owner, groupOf!);
  const run = (command: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, command),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, command), ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        cwd: root,
      },
    );
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-instructions']);
  appendFileSync(
    path.join(primaryDir, 'postgresql.conf'),
    [
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${root}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'fsync = off',
      'shared_buffers = 16MB',
      '',
    ].join('\n'),
  );
  const start = (dir: string) => run('pg_ctl', ['-D', dir, '-l', `${dir}.log`, '-w', '-t', '60', 'start']);
  const stop = (dir: string, mode: 'fast' | 'immediate') => run('pg_ctl', ['-D', dir, '-m', mode, '-w', 'stop']);
  start(primaryDir);
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  appendFileSync(path.join(replicaDir, 'postgresql.conf'), `port = ${replicaPort}\n`);
  start(replicaDir);

  const primaryUrl = `postgresql://postgres@127.0.0.1:${primaryPort}/postgres`;
  const replicaUrl = `postgresql://postgres@127.0.0.1:${replicaPort}/postgres`;
  const once = async <T>(url: string, sql: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const pair: StreamingPair = {
    primaryUrl,
    replicaUrl,
    onReplica: (sql) => once(replicaUrl, sql),
    pauseReplay: async () => void (await once(replicaUrl, 'SELECT pg_wal_replay_pause()')),
    resumeReplay: async () => void (await once(replicaUrl, 'SELECT pg_wal_replay_resume()')),
    async caughtUp() {
      const [target] = await once<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_flush_lsn()::text AS lsn');
      for (let waited = 0; waited < 30_000; waited += 50) {
        const [row] = await once<{ done: boolean }>(
          replicaUrl,
          `SELECT pg_last_wal_replay_lsn() >= '${target!.lsn}'::pg_lsn AS done`,
        );
        if (row?.done) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the replica did not replay up to ${target!.lsn} in 30 s`);
    },
    stopReplica: () => void stop(replicaDir, 'fast'),
    startReplica: () => void start(replicaDir),
    close() {
      for (const dir of [replicaDir, primaryDir]) {
        try {
          stop(dir, 'immediate');
        } catch {
          // Already stopped.
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
  // Streaming, not just started: the first statement of a test must not race the replica's start.
  await pair.caughtUp();
  return pair;
}

/**
 * Checks replicas until the first one serves: one opened right after writes may be behind the first
 * position of the primary it is compared with, so its lag is unknown until a later check.
 * @param replicas replicas of the pair's primary
 * @throws when it does not serve within 10 s, with why not
 * @example await checkUntilServing(replicas)
 */
export async function checkUntilServing(replicas: ReadReplicas): Promise<void> {
  for (let waited = 0; waited < 10_000 && !replicas.states()[0]!.serving; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await replicas.check();
  }
  const [state] = replicas.states();
  if (!state?.serving) throw new Error(`the replica does not serve: ${state?.reason}`);
}
