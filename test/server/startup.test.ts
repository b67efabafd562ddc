// Start-up failures are told in words that say what to change, never as a stack trace.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../../prisma/database';
import { buildOptions } from '../../server/options';
import { createService } from '../../server/service';
import { startupError } from '../../server/startupError';
import { setupTestDatabase, teardown } from '../setup/database';

describe('start-up errors', () => {
  it.each(['mysql://root@localhost/db', 'not a url', 'postgresql://'])(
    'refuses DATABASE_URL=%s with what it expects',
    (url) => {
      expect(() => buildOptions({ DATABASE_URL: url })).toThrow(
        'Validation failed: DATABASE_URL, expected a PostgreSQL connection string such as postgresql://user:password@host:5432/database',
      );
    },
  );

  it('names a port that is in use', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const db = await setupTestDatabase();
    const service = await createService({
      db,
      options: { pageTokenSecret: 's', subgraphTransport: 'in-process', subgraphUrls: {} },
    });
    try {
      const error = await service.listen(port, '127.0.0.1').catch((caught: unknown) => caught);
      expect(startupError(error)).toBe(
        `Cannot listen on port ${port}: it is in use by another process. Stop it, or set PORT to a free port.`,
      );
    } finally {
      await service.close();
      await teardown(db);
      blocker.close();
    }
  });

  it('names a data folder that cannot be written', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'data-dir-'));
    const file = path.join(folder, 'a-file');
    writeFileSync(file, 'not a folder');
    try {
      const error = await createDatabase({ dataDir: path.join(file, 'pglite') }).catch((caught: unknown) => caught);
      expect(startupError(error)).toMatch(
        /^Cannot write the data folder .*a-file.* \(DATA_DIR\): E[A-Z]+\. Point DATA_DIR at a writable folder\.$/,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('names a PostgreSQL server that cannot be reached', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await createDatabase({ databaseUrl: `postgresql://postgres@127.0.0.1:${port}/test` }).catch(
      (caught: unknown) => caught,
    );
    expect(startupError(error)).toBe(
      `Cannot reach PostgreSQL at 127.0.0.1:${port} (DATABASE_URL): connection refused. Is it running?`,
    );
  });
});
