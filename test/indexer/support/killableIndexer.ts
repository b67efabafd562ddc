// The crash-resume tests' two halves: a database indexer child processes share (a schema of the
// test PostgreSQL, or a PGlite folder on disk), and a run of indexerChild.ts that may be killed
// with SIGKILL at a chosen moment.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createDatabase, type Database } from '../../../prisma/database';
import { initializedPgliteFolder, setupTestDatabase, teardown } from '../../setup/database';

/**
 * Where the children write: `env` for them, `seed` for rows the test puts there before the first
 * child (the schema migrated), `open` for the test once they have exited, `close` at the end.
 */
export type ChildDatabase = {
  env: NodeJS.ProcessEnv;
  seed(work: (db: Database) => Promise<void>): Promise<void>;
  open(): Promise<Database>;
  close(): Promise<void>;
};

/** How one child run ended: blocks it reported, whether it reached the head, exit code or signal, stderr. */
export type ChildRun = {
  heights: number;
  done: boolean;
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
};

/** Children not exited yet: a failing expectation may end a test before they do. */
const live = new Set<ChildProcess>();

/**
 * A fresh database for indexer children: with DATABASE_URL a schema of its own, else a PGlite
 * folder in the temp folder (PGlite in memory cannot be shared between processes).
 * @example const target = await childDatabase(); ...; const db = await target.open()
 */
export async function childDatabase(): Promise<ChildDatabase> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (process.env.DATABASE_URL) {
    const db = await setupTestDatabase();
    const [{ schema }] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const url = new URL(process.env.DATABASE_URL);
    url.searchParams.set('schema', schema);
    env.DATABASE_URL = url.toString();
    return { env, seed: (work) => work(db), open: async () => db, close: () => teardown(db) };
  }
  // A copy of an initialized folder, so the first child does not spend its run in initdb.
  const dir = await initializedPgliteFolder();
  env.INDEXER_DATA_DIR = dir;
  let db: Database | undefined;
  return {
    env,
    // PGlite on disk takes one process at a time: a handle of the test's own, closed before the children run.
    seed: async (work) => {
      const seeding = await createDatabase({ dataDir: dir });
      try {
        await work(seeding);
      } finally {
        await seeding.close();
      }
    },
    open: async () => (db ??= await createDatabase({ dataDir: dir, migrate: false })),
    close: async () => {
      await db?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs indexerChild.ts over `config` until the head, or kills it with SIGKILL `killAfterMs` after
 * its `killAfterHeights`-th block (null: after start; -1: never).
 * @example const outcome = await runIndexerChild(config, target.env, 2, 10)
 */
export function runIndexerChild(
  config: string,
  env: NodeJS.ProcessEnv,
  killAfterHeights: number | null,
  killAfterMs: number,
): Promise<ChildRun> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['-r', './test/support/registerTypeScript.js', 'test/indexer/support/indexerChild.ts', config],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    live.add(child);
    let heights = 0;
    let done = false;
    let stderr = '';
    const kill = () => child.kill('SIGKILL');
    // Some kills land during start-up (opening the database, registering the chain), most while blocks are written.
    if (killAfterHeights === null) setTimeout(kill, killAfterMs);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (line.startsWith('height ') && ++heights === killAfterHeights) setTimeout(kill, killAfterMs);
        if (line === 'done') done = true;
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('exit', (code, signal) => {
      live.delete(child);
      resolve({ heights, done, code, signal, stderr });
    });
  });
}

/** Kills the children still running (afterAll). */
export function killLiveChildren(): void {
  for (const child of live) child.kill('SIGKILL');
}
