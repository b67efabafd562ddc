import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '../..');

describe('prisma/migrations', () => {
  // The WASM schema engine is an ES module that jest's CommonJS runtime cannot load, so the diff
  // runs as its CLI (`npm run db:diff`) in a plain Node process. It needs no database server.
  it('schema.prisma and prisma/migrations agree', async () => {
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
        'prisma/schema.prisma has changes that no migration contains; run `npm run db:migration -- <name>`.\n' +
          `Missing SQL:\n${result.stdout}`,
      );
    }
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);
});
