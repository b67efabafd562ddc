import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '../..');

describe('prisma/migrations', () => {
  // The WASM schema engine is an ES module that jest's CommonJS runtime cannot load, so the diff
  // runs as its CLI (`npm run db:diff`) in a plain Node process. It needs no database server.
  it('the schema folder (prisma/schema/) and prisma/migrations agree', async () => {
    const result = await promisify(execFile)(process.execPath, ['prisma/tools/migrate-diff.mjs'], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code,
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }),
    );

    if (result.code === 2) {
      throw new Error(
        'prisma/schema/ has changes that no migration contains; run `npm run db:migration -- <name>`.\n' +
          `Missing SQL:\n${result.stdout}`,
      );
    }
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it('the schema is every .prisma file of its folder: a column added in a domain file is a drift', async () => {
    const schemaDir = path.join(root, 'prisma/schema');
    expect(readdirSync(schemaDir).filter((name) => name.endsWith('.prisma')).length).toBeGreaterThan(1);
    const copy = mkdtempSync(path.join(tmpdir(), 'schema-'));
    try {
      cpSync(schemaDir, copy, { recursive: true });
      const service = path.join(copy, 'service.prisma');
      writeFileSync(
        service,
        readFileSync(service, 'utf8').replace(
          'model ServiceSetting {\n',
          'model ServiceSetting {\n  driftProbe String?\n',
        ),
      );
      const script =
        `import { diffMigrationsToSchema } from ${JSON.stringify(path.join(root, 'prisma/tools/schemaEngine.mjs'))};\n` +
        `const { exitCode, sql } = await diffMigrationsToSchema({ schemaDir: ${JSON.stringify(copy)} });\n` +
        'console.log(JSON.stringify({ exitCode, sql }));';
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      });
      const { exitCode, sql } = JSON.parse(stdout) as { exitCode: number; sql: string };
      expect(exitCode).toBe(2);
      expect(sql).toContain('ALTER TABLE "service_setting" ADD COLUMN');
      expect(sql).toContain('"driftProbe"');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 120_000);
});
