// Originals that test files copy instead of each building its own (an initialized PGlite folder,
// the seeded demo data): made once per key across jest workers and runs, in the temp folder, and
// replaced when their key changes.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '../../prisma/database';
import type { TestDatabaseOptions } from './database';

/** Where the originals live: `<kind>-<key>` (a folder), `<kind>-<key>.summary.json`, `<kind>-<key>.lock`. */
export const ORIGINALS_ROOT = path.join(tmpdir(), 'avalanche-data-service-test-seed');

/** Length of an original's key (hex), by which other keys of the same kind are told apart. */
const KEY_LENGTH = 16;

/** What {@link once} needs to know of an original. */
export type Original<T> = {
  /** What the original is, e.g. `pglite`: older keys of the same kind are removed. */
  kind: string;
  /** {@link KEY_LENGTH} hex characters that change whenever what `make` builds would. */
  key: string;
  /** Builds the original (in `path.join(ORIGINALS_ROOT, kind + '-' + key)` if it is a folder); returns its summary. */
  make: () => Promise<T>;
  /** Removes what an older key left outside the originals folder (a PostgreSQL database). */
  removeOlder?: (key: string) => Promise<void>;
};

/**
 * Runs `make` once per kind and key across jest workers and runs: the first caller holds a lock
 * folder while it builds and then writes the summary; the others wait for the summary. A lock
 * left by a process that died is taken over.
 * @param original what to build and how it is named
 * @returns the summary `make` returned, now or in an earlier run
 * @example const summary = await once({ kind: 'initdb', key, make: () => initialize(folder) })
 */
export async function once<T>({ kind, key, make, removeOlder }: Original<T>): Promise<T> {
  if (key.length !== KEY_LENGTH) throw new Error(`an original's key has ${KEY_LENGTH} characters: ${key}`);
  const name = `${kind}-${key}`;
  mkdirSync(ORIGINALS_ROOT, { recursive: true });
  const done = path.join(ORIGINALS_ROOT, `${name}.summary.json`);
  const lock = path.join(ORIGINALS_ROOT, `${name}.lock`);
  for (;;) {
    if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as T;
    try {
      mkdirSync(lock);
    } catch {
      if (!holderAlive(lock)) rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      await removeStale(kind, key, removeOlder);
      const summary = await make();
      writeFileSync(done, JSON.stringify(summary));
      return summary;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * Forgets an original whose summary outlived it (its database was dropped by hand), so the next
 * {@link once} builds it again.
 */
export function forget(kind: string, key: string): void {
  rmSync(path.join(ORIGINALS_ROOT, `${kind}-${key}.summary.json`), { force: true });
}

/**
 * A new copy of an original folder in the temp folder; the caller removes it.
 * @param original the folder to copy
 * @returns the copy's path
 * @example const dataDir = temporaryCopy(path.join(ORIGINALS_ROOT, 'initdb-' + key))
 */
export function temporaryCopy(original: string): string {
  const copy = path.join(tmpdir(), `avalanche-data-service-test-${randomBytes(6).toString('hex')}`);
  cpSync(original, copy, { recursive: true });
  return copy;
}

/**
 * Opens PGlite on a new copy of an original folder.
 * @param original the PGlite folder to copy
 * @param options hooks of `createDatabase` (`onQuery`, `log`, ...)
 * @returns the database, and `release`, which closes it and deletes the copy
 * @example const { db, release } = await openPgliteCopy(original, {})
 */
export async function openPgliteCopy(
  original: string,
  options: TestDatabaseOptions,
): Promise<{ db: Database; release: () => Promise<void> }> {
  const dataDir = temporaryCopy(original);
  const db = await createDatabase({ refuseHexLiterals: true, ...options, dataDir }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const release = async () => {
    try {
      await db.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  return { db, release };
}

function holderAlive(lock: string): boolean {
  try {
    process.kill(Number(readFileSync(path.join(lock, 'pid'), 'utf8')), 0);
    return true;
  } catch (error) {
    // No pid file yet: the holder is between mkdir and write; a missing process: it died.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      const stat = statSync(lock, { throwIfNoEntry: false });
      return stat !== undefined && Date.now() - stat.mtimeMs < 10_000;
    }
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drops the originals of the kind's other keys, unless one is being built. */
async function removeStale(kind: string, key: string, removeOlder?: (key: string) => Promise<void>): Promise<void> {
  const prefix = `${kind}-`;
  const keys = new Set(
    readdirSync(ORIGINALS_ROOT)
      .filter((entry) => entry.startsWith(prefix))
      .map((entry) => entry.slice(prefix.length, prefix.length + KEY_LENGTH)),
  );
  for (const other of keys) {
    const name = `${prefix}${other}`;
    if (other === key || existsSync(path.join(ORIGINALS_ROOT, `${name}.lock`))) continue;
    rmSync(path.join(ORIGINALS_ROOT, `${name}.summary.json`), { force: true });
    rmSync(path.join(ORIGINALS_ROOT, name), { recursive: true, force: true });
    await removeOlder?.(other);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
