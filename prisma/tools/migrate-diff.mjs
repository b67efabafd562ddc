#!/usr/bin/env node
// Drift check: `npm run db:diff`. Prints the SQL that prisma/migrations lacks to reach the schema
// (prisma/schema/) and exits 2 when there is any, 0 when they agree, 1 on error — the
// contract of `prisma migrate diff --from-migrations --to-schema-datamodel --script --exit-code`,
// without the native engine.
import { diffMigrationsToSchema } from './schemaEngine.mjs';

try {
  const { sql, exitCode } = await diffMigrationsToSchema();
  process.stdout.write(sql.endsWith('\n') ? sql : `${sql}\n`);
  process.exitCode = exitCode;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
