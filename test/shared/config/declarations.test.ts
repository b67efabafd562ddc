// Rules of the declared options: each variable and flag once, defaults a parser would give, every
// command reading them through shared/config, and shared/config standing on nothing of the project.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { commandFlags } from '../../../shared/config/commandOptions';
import { serviceOptions } from '../../../shared/config/serviceOptions';

const root = path.join(__dirname, '../../..');
const declared = Object.values(serviceOptions);

/** The .ts files under a folder of the repository. */
function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe('the declared options', () => {
  test('each environment variable and each flag is declared once', () => {
    const envs = declared.map((option) => option.env);
    expect(new Set(envs).size).toBe(envs.length);
    for (const flags of Object.values(commandFlags)) {
      const names = [...declared, ...Object.values(flags)].map((option) => option.flag);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  test('the flag of a variable is the variable in kebab case', () => {
    for (const option of declared) expect(option.flag).toBe(`--${option.env!.toLowerCase().replace(/_/g, '-')}`);
  });

  test('a scalar default is what the parser reads from its own text', () => {
    for (const option of declared) {
      if (['number', 'string', 'boolean'].includes(typeof option.default))
        expect([option.env, option.parser.parse(String(option.default))]).toEqual([option.env, option.default]);
    }
  });

  test('every option has a meaning and says what values it takes', () => {
    for (const option of declared)
      expect([option.env, option.meaning.length > 10, option.parser.expected.length > 3]).toEqual([
        option.env,
        true,
        true,
      ]);
  });
});

describe('reading options', () => {
  const production = [
    'bin',
    'server',
    'indexer',
    'demo-data',
    'rest-facade',
    'gateway',
    'subgraphs',
    'node-rpc',
    'signature-aggregator',
    'metrics',
    'domain',
    'prisma',
    'avalanche',
    'logging',
  ]
    .flatMap(sources)
    .filter((file) => !file.startsWith(`prisma${path.sep}generated`));

  test('no production file reads a declared variable from the environment itself: commands parse through shared/config', () => {
    const names = new Set(declared.map((option) => option.env));
    const reads = production.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/)/.test(line))
        .flatMap((line) => [...line.matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]*)/g)])
        .filter((match) => names.has(match[1]!))
        .map((match) => `${file}: ${match[0]}`),
    );
    expect(reads).toEqual([]);
  });

  test('shared/config imports nothing of the project outside shared/ (its own files, shared/errors, Node built-ins)', () => {
    const imports = sources('shared/config').flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/from '([^']+)'/g)]
        .map((match) => match[1]!)
        .filter((target) => !target.startsWith('./') && target !== '../errors' && !target.startsWith('node:'))
        .map((target) => `${file}: ${target}`),
    );
    expect(imports).toEqual([]);
  });
});
