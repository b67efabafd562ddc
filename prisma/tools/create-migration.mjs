#!/usr/bin/env node
// Writes the next migration: `npm run db:migration -- <name>`.
//
// Equivalent to `prisma migrate dev --create-only --name <name>`, which we cannot run (it needs
// Prisma's native engine download). The SQL comes from diffing prisma/migrations against the
// schema (prisma/schema/) with the WASM engine (./schemaEngine.mjs). Review the file before
// committing: the engine may warn about data loss or need a hand-written data migration.
import { mkdir, readdir, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import { defaultMigrationsDir, diffMigrationsToSchema, lockfileContent, projectRoot } from './schemaEngine.mjs';

const rawName = process.argv[2];
if (!rawName) {
  console.error('usage: npm run db:migration -- <name>   (e.g. add_token_logo)');
  process.exit(1);
}
// Prisma's own rule for folder names: lower-case words joined by underscores.
const name = rawName
  .trim()
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '_')
  .replace(/^_+|_+$/g, '');
if (!name) {
  console.error(`Validation failed: migration name "${rawName}", expected letters or digits`);
  process.exit(1);
}

const { empty, sql } = await diffMigrationsToSchema();
if (empty) {
  console.log('schema and migrations agree: nothing to write');
  process.exit(0);
}

const folder = `${await nextTimestamp(defaultMigrationsDir)}_${name}`;
const target = path.join(defaultMigrationsDir, folder);
await mkdir(target, { recursive: true });
await writeFile(path.join(target, 'migration.sql'), sql.endsWith('\n') ? sql : `${sql}\n`);
const lockPath = path.join(defaultMigrationsDir, 'migration_lock.toml');
if (
  !(await access(lockPath).then(
    () => true,
    () => false,
  ))
)
  await writeFile(lockPath, lockfileContent);
console.log(`wrote ${path.relative(projectRoot, path.join(target, 'migration.sql'))}`);

/**
 * UTC `YYYYMMDDHHMMSS`, as Prisma names migrations; bumped past the newest existing folder so two
 * migrations created within one second still sort in creation order.
 * @param {string} migrationsDir
 * @returns {Promise<string>}
 */
async function nextTimestamp(migrationsDir) {
  const now = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const existing = (await readdir(migrationsDir).catch(() => []))
    .map((entry) => entry.slice(0, 14))
    .filter((prefix) => /^\d{14}$/.test(prefix))
    .sort();
  const newest = existing.at(-1);
  return newest && newest >= now ? String(BigInt(newest) + 1n) : now;
}
