#!/usr/bin/env node
// Generates the Prisma client (prisma/generated/) without Prisma's native engine download.
//
// `prisma generate` never runs the schema engine, it only checks that a binary exists; pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips the download, which fails on machines
// that reach only the npm registry (air-gapped clusters, corporate proxies, our CI).
// Runs as `postinstall`, so `npm install` leaves a ready client.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');

const result = spawnSync(process.execPath, [cli, 'generate', '--schema', 'prisma/schema'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
    // No update checks or telemetry from the CLI.
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
process.exit(result.status ?? 1);
