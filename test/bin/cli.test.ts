// The command line: one entry point, subcommands, --help, exit codes (0 done, 1 failed, 2 usage).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../bin/avalanche-data-service';
import { commands } from '../../bin/commands';
import { defaultMigrationsDir } from '../../prisma/migrate';

/** Runs the CLI in process on the test's data folder, capturing what it prints. */
function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return runWith({}, ...argv);
}

/** Runs the CLI in process with environment variables of its own (DATA_DIR among them), capturing what it prints. */
async function runWith(
  vars: NodeJS.ProcessEnv,
  ...argv: string[]
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  const error = jest
    .spyOn(console, 'error')
    .mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...vars };
    delete env.DATABASE_URL;
    const code = await main(argv, env);
    return { code, out: out.join('\n'), err: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

let dataDir: string;
beforeAll(() => {
  dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'cli-')), 'data');
});
afterAll(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

describe('avalanche-data-service --help', () => {
  it('lists every command with its summary, exit 0; no command prints the same and exits 2', async () => {
    const help = await run('--help');
    expect(help.code).toBe(0);
    for (const [name, { summary }] of Object.entries(commands)) {
      expect(help.out).toContain(`  ${name}`);
      expect(help.out).toContain(summary);
    }
    expect(Object.keys(commands)).toEqual(
      expect.arrayContaining(['start', 'seed', 'migrate', 'compose', 'openapi', 'subgraph']),
    );
    expect((await run()).code).toBe(2);
  });

  it('<command> --help shows its usage; start lists its flags', async () => {
    const start = await run('start', '--help');
    expect(start.code).toBe(0);
    expect(start.out).toContain('Usage: avalanche-data-service start [--option=value ...]');
    expect(start.out).toContain('--database-url');
  });

  it('an unknown command or argument exits 2 naming it', async () => {
    expect(await run('serve')).toMatchObject({ code: 2, err: expect.stringContaining('unknown command "serve"') });
    expect(await run('compose', '--chek')).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown flag --chek (did you mean --check?), expected one of --check'),
    });
    expect(await run('subgraph')).toMatchObject({
      code: 2,
      err: expect.stringContaining('expected the subgraph name: primary-network, evm or metrics'),
    });
    expect(await run('start', '--prot=1')).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown flag --prot (did you mean --port?)'),
    });
    expect(await run('keys', 'create', 'k', '--per-minute=0')).toMatchObject({
      code: 1,
      err: 'Validation failed: --per-minute=0, expected an integer from 1 to 999999999999',
    });
  });
});

describe('did you mean', () => {
  it('an unknown command one slip away (a swap, a missing letter) names the command, and the usage follows', async () => {
    for (const [typed, meant] of [
      ['strat', 'start'],
      ['sed', 'seed'],
      ['migarte', 'migrate'],
      ['--verison', '--version'],
    ]) {
      const { code, err } = await run(typed!);
      expect(code).toBe(2);
      expect(err).toContain(
        `unknown command "${typed}" (did you mean "${meant}"?)\n\nUsage: avalanche-data-service <command>`,
      );
    }
  });

  it('an unknown command that begins one command only names it', async () => {
    expect((await run('rebuild')).err).toContain('unknown command "rebuild" (did you mean "rebuild-metrics"?)');
    expect((await run('comp')).err).toContain('unknown command "comp" (did you mean "compose"?)');
  });

  it('nothing is suggested when no name is near', async () => {
    const { code, err } = await run('serve');
    expect(code).toBe(2);
    expect(err).toContain('unknown command "serve"\n\nUsage: avalanche-data-service <command>');
  });

  it('an unknown flag that begins one flag only names it', async () => {
    expect(await run('indexer', '--exit')).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown flag --exit (did you mean --exit-at-head?)'),
    });
  });
});

describe('avalanche-data-service --version', () => {
  const { version } = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as {
    version: string;
  };

  it.each(['--version', '-v'])('%s prints the version of package.json and exits 0', async (flag) => {
    expect(await run(flag)).toEqual({ code: 0, out: version, err: '' });
  });

  it('--help names it', async () => {
    expect((await run('--help')).out).toContain('avalanche-data-service --version prints the version');
  });
});

describe('a command that fails', () => {
  // What each command does, in the words the failure line uses: never the command's name as a verb.
  const phrases: Record<string, string> = {
    start: 'start the service',
    seed: 'seed the database',
    migrate: 'migrate the database',
    compose: 'write the checked-in contracts',
    openapi: 'print the OpenAPI document',
    subgraph: 'serve the subgraph',
    keys: 'manage the API keys',
    'rebuild-metrics': 'rebuild the metric rollups',
    indexer: 'run the indexer',
    webhooks: 'deliver webhook messages',
  };

  it('every command has its phrase', () => {
    expect(Object.keys(phrases).sort()).toEqual(Object.keys(commands).sort());
  });

  it.each(Object.keys(phrases))('%s: "Cannot <what it does>: <why>", exit 1', async (name) => {
    const failing = jest.spyOn(commands[name]!, 'run').mockRejectedValue(new Error('the disk is full'));
    try {
      expect(await run(name)).toEqual({ code: 1, out: '', err: `Cannot ${phrases[name]}: the disk is full` });
    } finally {
      failing.mockRestore();
    }
  });

  it('subgraph without DATABASE_URL, as an operator meets it', async () => {
    expect(await run('subgraph', 'evm')).toEqual({
      code: 1,
      out: '',
      err: 'Cannot serve the subgraph: a subgraph service needs DATABASE_URL (PostgreSQL)',
    });
  });
});

describe('avalanche-data-service indexer', () => {
  it('a missing config file is named by --config, the flag that gave it: exit 1', async () => {
    const missing = path.join(path.dirname(dataDir), 'missing.json');
    expect(await run('indexer', '--config', missing)).toEqual({
      code: 1,
      out: '',
      err: `Validation failed: --config=${missing} (no such file), expected the path of a JSON file`,
    });
  });
});

describe('avalanche-data-service start', () => {
  it('a missing config file is named by INDEXER_CONFIG when the environment gave it: exit 1', async () => {
    const missing = path.join(path.dirname(dataDir), 'missing.json');
    expect(await runWith({ INDEXER_CONFIG: missing }, 'start')).toEqual({
      code: 1,
      out: '',
      err: `Validation failed: INDEXER_CONFIG=${missing} (no such file), expected the path of a JSON file`,
    });
  });
});

describe('avalanche-data-service migrate', () => {
  const migrations = readdirSync(defaultMigrationsDir)
    .filter((name) => /^\d{14}_/.test(name))
    .sort();

  it('--check on a fresh database lists every migration as pending and exits 1; migrate applies them; --check then exits 0', async () => {
    const before = await run('migrate', '--check');
    expect(before.code).toBe(1);
    expect(before.out.split('\n').filter((line) => line.startsWith('pending: '))).toEqual(
      migrations.map((name) => `pending: ${name}`),
    );
    expect((await run('migrate')).code).toBe(0);
    expect(await run('migrate', '--check')).toMatchObject({
      code: 0,
      out: expect.stringContaining('the database is up to date'),
    });
  });

  it('a DATABASE_URL that is not PostgreSQL fails with what it expects, exit 1', async () => {
    const err: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((text: unknown) => void err.push(String(text)));
    try {
      expect(await main(['migrate'], { DATABASE_URL: 'mysql://root@db/x' })).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(err).toEqual([
      'Validation failed: DATABASE_URL, expected a PostgreSQL connection string such as postgresql://user:password@host:5432/database',
    ]);
  });
});

describe('avalanche-data-service keys', () => {
  /** The ID `keys create` printed. */
  const createdId = (out: string) => /^created (key_[0-9a-f]+);/m.exec(out)?.[1];

  it('create refuses an --allow entry that matches no route: exit 2, the nearest template, the usage; no key is made', async () => {
    const colon = await run('keys', 'create', 'colon-syntax', '--allow=/v1/networks/:network/subnets');
    expect(colon.code).toBe(2);
    expect(colon.err).toContain(
      'Validation failed: --allow entry /v1/networks/:network/subnets matches no route of the service (did you mean "/v1/networks/{network}/subnets"?), expected route templates',
    );
    expect(colon.err).toContain('Usage: avalanche-data-service keys create');
    const prefix = await run('keys', 'create', 'v3-prefix', '--allow=/v2/*,/v3/*');
    expect(prefix.code).toBe(2);
    expect(prefix.err).toContain('--allow entry /v3/* matches no route of the service, expected');
    const listed = await run('keys', 'list');
    expect(listed.out).not.toMatch(/colon-syntax|v3-prefix/);
  });

  it('create takes route templates, /graphql and prefixes ending in * that match routes', async () => {
    const created = await run('keys', 'create', 'scoped', '--allow=/v1/networks/{network}/subnets,/graphql,/v2/*');
    expect(created.code).toBe(0);
    expect(createdId(created.out)).toBeDefined();
  });

  it('create refuses a name an active key has (exit 1, naming that key); a revoked key frees its name', async () => {
    const first = createdId((await run('keys', 'create', 'explorer')).out)!;
    expect(await run('keys', 'create', 'explorer')).toEqual({
      code: 1,
      out: '',
      err: `Cannot create the key: an active key is already named "explorer" (${first}): choose another name, or revoke that key first`,
    });
    expect((await run('keys', 'revoke', first)).code).toBe(0);
    const second = await run('keys', 'create', 'explorer');
    expect(second.code).toBe(0);
    expect(createdId(second.out)).not.toBe(first);
  });

  it('create --admin makes a key that sees the usage of every key (USAGE in keys list)', async () => {
    const created = await run('keys', 'create', 'operator', '--admin');
    expect(created.code).toBe(0);
    expect(created.out).toContain('; an admin key, it sees the usage of every key):');
    const id = createdId(created.out)!;
    const { out } = await run('keys', 'list');
    const [header, ...rows] = out.split('\n');
    const row = rows.find((line) => line.startsWith(id))!;
    expect(row.slice(header!.indexOf('USAGE'), header!.indexOf('BUDGET'))).toMatch(/^every key +$/);
    expect(await run('keys', 'revoke', id, '--admin')).toMatchObject({ code: 2 });
  });

  it('list prints a header row, and each column of every row starts where its header does', async () => {
    const { code, out } = await run('keys', 'list');
    expect(code).toBe(0);
    const [header, ...rows] = out.split('\n');
    expect(header).toMatch(/^ID {2,}PREFIX {2,}STATUS {2,}USAGE {2,}BUDGET {2,}ROUTES {2,}NAME$/);
    const at = (column: string) => header!.indexOf(column);
    const scoped = rows.find((row) => row.endsWith('scoped'))!;
    expect(scoped.slice(0, at('PREFIX'))).toMatch(/^key_[0-9a-f]{12} +$/);
    expect(scoped.slice(at('PREFIX'), at('STATUS'))).toMatch(/^ads_\S{6}… +$/);
    expect(scoped.slice(at('STATUS'), at('USAGE'))).toMatch(/^active +$/);
    expect(scoped.slice(at('USAGE'), at('BUDGET'))).toMatch(/^own +$/);
    expect(scoped.slice(at('BUDGET'), at('ROUTES'))).toMatch(/^default\/min default\/day +$/);
    expect(scoped.slice(at('ROUTES'), at('NAME'))).toMatch(
      /^\/v1\/networks\/\{network\}\/subnets,\/graphql,\/v2\/\* +$/,
    );
    expect(scoped.slice(at('NAME'))).toBe('scoped');
    expect(rows.find((row) => row.endsWith('explorer') && row.includes('revoked'))!.slice(at('STATUS'))).toMatch(
      /^revoked \d{4}-\d\d-\d\dT/,
    );
  });

  it("prints only the command's own lines: none of the database's upkeep (the tables it analyzed on open)", async () => {
    // A fresh folder: the first open after a table got rows is the one that analyzes it.
    const folder = path.join(path.dirname(dataDir), 'upkeep');
    const created = await runWith({ DATA_DIR: folder }, 'keys', 'create', 'only');
    expect(created.err).toBe('');
    const id = createdId(created.out)!;
    expect(created.out.split('\n').filter((line) => !line.startsWith('applied migration '))).toEqual([
      `created ${id}; the key (shown once, send it in x-service-api-key):`,
      expect.stringMatching(/^ads_[A-Za-z0-9_-]{43}$/),
    ]);
    const listed = await runWith({ DATA_DIR: folder }, 'keys', 'list');
    expect(listed.err).toBe('');
    expect(listed.out.split('\n')).toEqual([
      expect.stringMatching(/^ID +PREFIX/),
      expect.stringMatching(new RegExp(`^${id} +ads_.* only$`)),
    ]);
  });

  it('an unknown action one slip away names the action', async () => {
    expect(await run('keys', 'lsit')).toMatchObject({
      code: 2,
      err: expect.stringContaining('action lsit (did you mean "list"?), expected create, list or revoke'),
    });
  });
});

describe('avalanche-data-service openapi', () => {
  it('prints the OpenAPI document that is checked in as schema/openapi.json', async () => {
    const chunks: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    });
    let code: number;
    try {
      code = await main(['openapi'], process.env);
    } finally {
      write.mockRestore();
    }
    expect(code).toBe(0);
    const checkedIn = jest
      .requireActual('node:fs')
      .readFileSync(path.join(__dirname, '../../schema/openapi.json'), 'utf8');
    expect(chunks.join('')).toBe(checkedIn);
  });
});
