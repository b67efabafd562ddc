import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_NOW, seedDemoData } from '../../demo-data';
import { createDatabase, type Database, type DatabaseOptions } from '../../prisma/database';
import { insertValidatorDataSet } from '../list-validators/insertValidatorDataSet';
import { folderBytes, measureTables, type StorageFigures } from '../shared/measureStorage';
import type { Engine } from './suiteArgs';

/** Where an engine's data set is: a PostgreSQL schema, or a PGlite data directory. */
export type EngineLocation =
  | { engine: 'postgres'; databaseUrl: string; schema: string }
  | { engine: 'pglite'; dataDir: string };

/** A seeded data set, what it holds, and how to get rid of it. */
export type EngineData = {
  location: EngineLocation;
  counts: { evmTransactions: number; validators: number; utxos: number; metricRollups: number };
  seedSeconds: number;
  /** Its size on disk, closed (measureStorage.ts). */
  storage: StorageFigures;
  /** Drops the schema or deletes the directory. Call it once, also after a failure. */
  release(): Promise<void>;
};

/**
 * Builds the suite's data set on one engine, then closes it (the measuring process opens it
 * afresh, so its memory shows the service's, not the seeder's): the demo data set at `scale`
 * (EVM traffic, UTXOs, metric rollups, ~2,500 validations) plus the list-validators bench's
 * validator history (14,300 validations) unless told otherwise, planner statistics fresh.
 * PostgreSQL: a new schema `bench_<random>`; PGlite: a new data directory under the temp folder
 * (a file-backed database, as `npm start` uses).
 * @param engine the engine
 * @param options PostgreSQL's URL, the scale, whether to add the validator history, progress lines, and
 *   `onCreated`, given the release as soon as there is something to release (a signal during seeding)
 * @returns the location, row counts and seeding time
 * @example const data = await prepareEngineData('pglite', { databaseUrl, scale: 15, validatorHistory: true, log: console.error })
 */
export async function prepareEngineData(
  engine: Engine,
  options: {
    databaseUrl: string;
    scale: number;
    validatorHistory: boolean;
    log: (line: string) => void;
    onCreated?: (release: () => Promise<void>) => void;
  },
): Promise<EngineData> {
  const location: EngineLocation =
    engine === 'postgres'
      ? { engine, databaseUrl: options.databaseUrl, schema: `bench_${randomBytes(6).toString('hex')}` }
      : { engine, dataDir: mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-')) };
  const release = async () => {
    if (location.engine === 'pglite') return rmSync(location.dataDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: stripSchema(location.databaseUrl) });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS "${location.schema}" CASCADE`);
    } finally {
      await client.end();
    }
  };
  options.onCreated?.(release);
  let db: Database | undefined;
  try {
    db = await openEngineDatabase(location);
    const started = Date.now();
    options.log(
      `${engine}: seeding the demo data set at scale ${options.scale} (about ${Math.round(options.scale * 68).toLocaleString('en-US')}k EVM transactions)`,
    );
    await seedDemoData(db, {
      scale: options.scale,
      log: (line) => /done in|seeded in/.test(line) && options.log(`  ${line}`),
    });
    if (options.validatorHistory) await insertValidatorDataSet(db, DEMO_NOW);
    // This schema's tables only: a bare ANALYZE visits every schema of the database.
    const tables = await db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    for (const { name } of tables) await db.query(`ANALYZE "${name}"`);
    const seedSeconds = (Date.now() - started) / 1000;
    const count = async (table: string) =>
      Number((await db!.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
    const counts = {
      evmTransactions: await count('evm_transaction'),
      validators: await count('validator'),
      utxos: await count('utxo'),
      metricRollups: await count('metric_rollup'),
    };
    const storage = await measureTables(db, counts.evmTransactions);
    // Closed first: the folder as a stopped service leaves it.
    await db.close();
    db = undefined;
    if (location.engine === 'pglite') storage.folderBytes = folderBytes(location.dataDir);
    options.log(`${engine}: data set ready in ${seedSeconds.toFixed(0)} s`);
    return { location, counts, seedSeconds, storage, release };
  } catch (error) {
    await db?.close().catch(() => {});
    db = undefined;
    await release().catch(() => {});
    throw error;
  } finally {
    await db?.close();
  }
}

/**
 * Opens an engine's data set (migrations applied, a no-op on a seeded one).
 * @param location schema or data directory
 * @param onQuery reports every statement Prisma sends (the statement counts)
 * @returns the database
 * @example const db = await openEngineDatabase(location, recorder.onQuery)
 */
export function openEngineDatabase(location: EngineLocation, onQuery?: DatabaseOptions['onQuery']): Promise<Database> {
  return location.engine === 'postgres'
    ? createDatabase({ databaseUrl: location.databaseUrl, schema: location.schema, onQuery })
    : createDatabase({ dataDir: location.dataDir, onQuery });
}

function stripSchema(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.delete('schema');
  return url.toString();
}
