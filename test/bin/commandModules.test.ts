// A command loads what it uses: `--help`, `migrate`, `keys` and `indexer` never load the GraphQL
// layer (type-graphql, Apollo, graphql-js, the subgraphs, the gateway, the REST facade; `keys create
// --allow` only the REST route table, to check the list) nor the demo data generator. Each runs as
// its own process, which records every module it loaded.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const graphqlLayer = [
  /node_modules\/type-graphql\//,
  /node_modules\/@apollo\//,
  /node_modules\/graphql\//,
  /^(subgraphs|gateway|rest-facade|demo-data)\//,
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'command-modules-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI from source in a child process; resolves to its exit code and the modules it loaded (relative to the repository, packages from node_modules/ on). */
function loadedBy(...argv: string[]): Promise<{ code: number; modules: string[] }> {
  const record = path.join(dir, `${argv.join('-').replace(/[^a-z-]/gi, '')}.txt`);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(dir, 'data'), LOADED_MODULES_FILE: record };
  delete env.DATABASE_URL;
  const args = [
    '-r',
    './test/support/registerTypeScript.js',
    '-r',
    './test/support/recordLoadedModules.js',
    'bin/avalanche-data-service.ts',
    ...argv,
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: root, env }, (error) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      try {
        // node_modules may be a link: a package's files are named from its node_modules/ on.
        const modules = readFileSync(record, 'utf8')
          .split('\n')
          .map((file) => file.replace(/^.*?\/node_modules\//, 'node_modules/'))
          .map((file) => (file.startsWith('node_modules/') ? file : path.relative(root, file)));
        resolve({ code, modules });
      } catch (readError) {
        reject(readError);
      }
    });
  });
}

const graphqlModules = (modules: string[]) =>
  modules.filter((file) => graphqlLayer.some((pattern) => pattern.test(file)));

describe('the modules a command loads', () => {
  it.each(['--help', 'indexer --help', 'start --help'])(
    '%s loads no command module and nothing of the GraphQL layer',
    async (command) => {
      const { code, modules } = await loadedBy(...command.split(' '));
      expect(code).toBe(0);
      expect(modules).toContain('bin/commands/index.ts');
      expect(modules.filter((file) => file.startsWith('bin/commands/') && file !== 'bin/commands/index.ts')).toEqual(
        [],
      );
      expect(graphqlModules(modules)).toEqual([]);
    },
  );

  it('indexer (up to reading its config file) loads the indexer and nothing of the GraphQL layer', async () => {
    const { code, modules } = await loadedBy('indexer', '--config', path.join(dir, 'missing.json'));
    expect(code).toBe(1);
    expect(modules).toEqual(expect.arrayContaining(['bin/commands/indexer.ts', 'indexer/createIndexer.ts']));
    expect(graphqlModules(modules)).toEqual([]);
  });

  it('migrate --check and keys list, on an embedded database, load nothing of the GraphQL layer', async () => {
    const check = await loadedBy('migrate', '--check');
    expect(check.code).toBe(1);
    expect(check.modules).toEqual(expect.arrayContaining(['bin/commands/migrate.ts', 'prisma/database.ts']));
    expect(graphqlModules(check.modules)).toEqual([]);
    const keys = await loadedBy('keys', 'list');
    expect(keys.code).toBe(0);
    expect(keys.modules).toEqual(expect.arrayContaining(['bin/commands/keys.ts', 'server/access/apiKeys.ts']));
    expect(graphqlModules(keys.modules)).toEqual([]);
  });

  it('keys create --allow loads the REST route table to check the list, and nothing else of the GraphQL layer', async () => {
    const { code, modules } = await loadedBy('keys', 'create', 'scoped', '--allow=/v2/*');
    expect(code).toBe(0);
    // The route table is data (its imports are types only): the access templates come from it.
    const routeTable = ['rest-facade/routes.ts', 'rest-facade/openApiPath.ts', 'rest-facade/pathParameter.ts'];
    expect(modules).toEqual(expect.arrayContaining(['server/access/allowedRoutes.ts', ...routeTable]));
    expect(graphqlModules(modules).filter((file) => !routeTable.includes(file))).toEqual([]);
  });

  it('openapi loads the GraphQL layer: what the rule above looks for is what such a command loads', async () => {
    const { code, modules } = await loadedBy('openapi');
    expect(code).toBe(0);
    expect(graphqlModules(modules)).toEqual(
      expect.arrayContaining(['node_modules/type-graphql/build/cjs/index.js', 'subgraphs/index.ts']),
    );
  });
});
