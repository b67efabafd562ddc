// Each command's options: what it reads from the environment and its command line, its defaults and
// what it refuses.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  parseComposeOptions,
  parseDatabaseOptions,
  parseIndexerOptions,
  parseKeysOptions,
  parseMigrateOptions,
  parseNoOptions,
  parseSeedOptions,
  parseStartOptions,
  parseSubgraphOptions,
} from '../../../shared/config/commandOptions';
import { ConfigError, UsageError } from '../../../shared/config/configError';

describe('parseStartOptions()', () => {
  test('defaults: the documented values', () => {
    expect(parseStartOptions({})).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      dataDir: './data',
      seedDemoData: true,
      demoScale: 1,
      subgraphTransport: 'in-process',
      apiKeys: [],
      apiKeyRequired: false,
      rateLimitAnonymousPerMinute: 600,
      rateLimitAnonymousPerDay: 100_000,
      rateLimitKeyPerMinute: 6_000,
      rateLimitKeyPerDay: 5_000_000,
      maxQueryStringBytes: 8192,
      databaseStatementTimeoutMs: 10_000,
      warpBlsBackend: 'auto',
      warpDemoSigners: true,
      logLevel: 'info',
      logDisplayLevel: undefined,
      logDir: 'data/logs',
    });
  });

  test('the log folder is LOG_DIR when set, none when empty, else logs in DATA_DIR', () => {
    expect(parseStartOptions({ DATA_DIR: '/srv/ads' }).logDir).toBe('/srv/ads/logs');
    expect(parseStartOptions({}, ['--data-dir=../elsewhere']).logDir).toBe('../elsewhere/logs');
    expect(parseStartOptions({ DATA_DIR: '/srv/ads', LOG_DIR: '/var/log/ads' }).logDir).toBe('/var/log/ads');
    expect(parseStartOptions({ DATA_DIR: '/srv/ads', LOG_DIR: '' }).logDir).toBeUndefined();
    expect(parseSubgraphOptions({ DATA_DIR: '/srv/ads' }, ['evm']).options.logDir).toBe('/srv/ads/logs');
  });

  test('SEED_DEMO_DATA is true or false: a misspelling is an error, not "true"', () => {
    expect(parseStartOptions({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(parseStartOptions({ SEED_DEMO_DATA: '0' }).seedDemoData).toBe(false);
    expect(() => parseStartOptions({ SEED_DEMO_DATA: 'flase' })).toThrow(
      new ConfigError('SEED_DEMO_DATA=flase', 'true or false (or 1 or 0)'),
    );
    expect(() => parseStartOptions({ WARP_DEMO_SIGNERS: 'no' })).toThrow('Validation failed: WARP_DEMO_SIGNERS=no');
  });

  test('flags override the environment', () => {
    expect(
      parseStartOptions({ PORT: '1', SEED_DEMO_DATA: 'true' }, ['--port=2', '--seed-demo-data=false']),
    ).toMatchObject({ port: 2, seedDemoData: false });
  });

  test('API_KEY_REQUIRED follows API_KEYS unless set', () => {
    expect(parseStartOptions({ API_KEYS: 'a,b' }).apiKeyRequired).toBe(true);
    expect(parseStartOptions({ API_KEYS: 'a', API_KEY_REQUIRED: 'false' }).apiKeyRequired).toBe(false);
    expect(parseStartOptions({ API_KEY_REQUIRED: 'true' }).apiKeyRequired).toBe(true);
  });

  test('SUBGRAPH_TRANSPORT=http needs a URL for every subgraph', () => {
    const urls = 'primary-network=http://a/graphql,evm=http://b/graphql,metrics=http://c/graphql';
    expect(parseStartOptions({ SUBGRAPH_TRANSPORT: 'http', SUBGRAPH_URLS: urls }).subgraphUrls).toEqual({
      'primary-network': 'http://a/graphql',
      evm: 'http://b/graphql',
      metrics: 'http://c/graphql',
    });
    expect(() => parseStartOptions({ SUBGRAPH_TRANSPORT: 'http', SUBGRAPH_URLS: 'evm=http://b/graphql' })).toThrow(
      'Validation failed: SUBGRAPH_URLS lacks primary-network, metrics, expected name=url for every subgraph',
    );
    expect(() => parseStartOptions({ SUBGRAPH_TRANSPORT: 'grpc' })).toThrow(
      'Validation failed: SUBGRAPH_TRANSPORT=grpc, expected in-process or http',
    );
  });

  test('secrets are not repeated in errors', () => {
    expect(() => parseStartOptions({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).toThrow(
      new ConfigError(
        'DATABASE_URL',
        'a PostgreSQL connection string such as postgresql://user:password@host:5432/database',
      ),
    );
    expect(() => parseStartOptions({ REDIS_URL: 'http://:hunter2@127.0.0.1:6379' })).toThrow(
      new ConfigError('REDIS_URL', 'a Redis URL such as redis://127.0.0.1:6379'),
    );
  });
});

describe('parseSubgraphOptions()', () => {
  test('the subgraph by name, and the service options', () => {
    const { name, options } = parseSubgraphOptions({ PORT: '4001' }, ['evm']);
    expect([name, options.port]).toEqual(['evm', 4001]);
  });
  test('no name, or an unknown one, is a usage error listing the names', () => {
    expect(() => parseSubgraphOptions({}, [])).toThrow(
      new UsageError('no subgraph name', 'the subgraph name: primary-network, evm or metrics'),
    );
    expect(() => parseSubgraphOptions({}, ['accounts'])).toThrow(UsageError);
  });
});

describe('parseDatabaseOptions() (rebuild-metrics, and every command that opens the database)', () => {
  test('DATABASE_URL, else DATA_DIR (default ./data), checked as start checks them', () => {
    expect(parseDatabaseOptions({})).toEqual({ databaseUrl: undefined, dataDir: './data' });
    expect(parseDatabaseOptions({ DATABASE_URL: 'postgresql://db/x', DATA_DIR: '/d' })).toEqual({
      databaseUrl: 'postgresql://db/x',
      dataDir: '/d',
    });
    expect(() => parseDatabaseOptions({ DATABASE_URL: 'mysql://db/x' })).toThrow('Validation failed: DATABASE_URL');
    expect(() => parseDatabaseOptions({}, ['--force'])).toThrow(UsageError);
  });
});

describe('parseMigrateOptions() and parseComposeOptions()', () => {
  test('--check, nothing else', () => {
    expect(parseMigrateOptions({ DATA_DIR: '/d' }, ['--check'])).toEqual({
      check: true,
      databaseUrl: undefined,
      dataDir: '/d',
    });
    expect(parseComposeOptions([])).toEqual({ check: false });
    expect(() => parseComposeOptions(['--chek'])).toThrow(
      'Validation failed: unknown flag --chek (did you mean --check?), expected one of --check',
    );
  });
  test('openapi takes no arguments', () => {
    expect(() => parseNoOptions(['--x'])).toThrow(new UsageError('unknown flag --x', 'no flags'));
  });
});

describe('parseSeedOptions()', () => {
  test('--scale N (fractions too), --scale=N and --force; the database as start has it', () => {
    expect(parseSeedOptions({}, [])).toEqual({ scale: 1, force: false, databaseUrl: undefined, dataDir: './data' });
    expect(parseSeedOptions({}, ['--scale', '10', '--force'])).toMatchObject({ scale: 10, force: true });
    expect(parseSeedOptions({}, ['--scale=0.5'])).toMatchObject({ scale: 0.5, force: false });
  });
  test('a scale that is not a positive number, or an unknown argument, is refused', () => {
    expect(() => parseSeedOptions({}, ['--scale', '-1'])).toThrow(
      'Validation failed: --scale=-1, expected a positive number',
    );
    expect(() => parseSeedOptions({}, ['--scale=0'])).toThrow('expected a positive number');
    expect(() => parseSeedOptions({}, ['--scale'])).toThrow(UsageError);
    expect(() => parseSeedOptions({}, ['--fast'])).toThrow('Validation failed: unknown flag --fast');
  });
});

describe('parseKeysOptions()', () => {
  test('the words, --allow, --per-minute, --per-day, --admin', () => {
    expect(parseKeysOptions({}, ['create', 'explorer', '--allow=/v2/*, /graphql', '--per-minute=50'])).toEqual({
      positionals: ['create', 'explorer'],
      allow: ['/v2/*', '/graphql'],
      perMinute: 50,
      perDay: undefined,
      admin: false,
      databaseUrl: undefined,
      dataDir: './data',
    });
    expect(parseKeysOptions({}, ['create', 'operator', '--admin']).admin).toBe(true);
  });
  test('a budget is a positive integer', () => {
    expect(() => parseKeysOptions({}, ['create', 'k', '--per-day=0'])).toThrow(
      'Validation failed: --per-day=0, expected an integer from 1 to 999999999999',
    );
    expect(() => parseKeysOptions({}, ['create', 'k', '--per-day=1.5'])).toThrow(ConfigError);
  });
});

describe('parseIndexerOptions()', () => {
  let folder: string;
  let file: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'indexer-options-'));
    file = path.join(folder, 'indexer.json');
    writeFileSync(file, '{}');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('--config FILE or --config=FILE, --exit-at-head, the database and the loggers', () => {
    expect(parseIndexerOptions({ LOG_LEVEL: 'DEBUG', LOG_DIR: '' }, ['--config', file, '--exit-at-head'])).toEqual({
      config: file,
      exitAtHead: true,
      databaseUrl: undefined,
      dataDir: './data',
      logLevel: 'debug',
      logDisplayLevel: undefined,
      logDir: undefined,
    });
    expect(parseIndexerOptions({}, [`--config=${file}`]).config).toBe(file);
    expect(parseIndexerOptions({ DATA_DIR: '/srv/ads' }, [`--config=${file}`]).logDir).toBe('/srv/ads/logs');
    expect(parseIndexerOptions({ LOG_DIR: 'here' }, [`--config=${file}`]).logDir).toBe('here');
  });
  test('--config is required; an unknown flag is refused', () => {
    expect(() => parseIndexerOptions({}, [])).toThrow(new UsageError('no --config', '--config FILE'));
    expect(() => parseIndexerOptions({}, ['--config', file, '--follow'])).toThrow(UsageError);
    expect(() => parseIndexerOptions({ LOG_LEVEL: 'warning' }, ['--config', file])).toThrow(
      'Validation failed: LOG_LEVEL=warning, expected off, fatal, error, warn, info, trace, debug or verbo',
    );
  });
  test('a config file that does not exist is named by the flag that gave it', () => {
    const missing = path.join(folder, 'missing.json');
    expect(() => parseIndexerOptions({}, ['--config', missing])).toThrow(
      new ConfigError(`--config=${missing} (no such file)`, 'the path of a JSON file'),
    );
  });
});

describe('INDEXER_CONFIG of start', () => {
  test('a config file that does not exist is named by the variable or the flag that gave it', () => {
    const missing = path.join(os.tmpdir(), `no-such-folder-${process.pid}`, 'indexer.json');
    expect(() => parseStartOptions({ INDEXER_CONFIG: missing })).toThrow(
      new ConfigError(`INDEXER_CONFIG=${missing} (no such file)`, 'the path of a JSON file'),
    );
    expect(() => parseStartOptions({}, [`--indexer-config=${missing}`])).toThrow(
      new ConfigError(`--indexer-config=${missing} (no such file)`, 'the path of a JSON file'),
    );
  });
});
