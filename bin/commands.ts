// The subcommands of `avalanche-data-service`. Each loads its module only when it runs, so `--help`
// is instant and `start` never loads the demo data generator unless the database needs it.
import { ServiceError } from '../shared/errors';
import { OPTION_NAMES, buildOptions } from '../server/options';

/** One subcommand: what `--help` shows and what it runs. */
export type Command = {
  /** One line for the command list. */
  summary: string;
  /** Arguments after the command name, as `--help` shows them. */
  usage: string;
  /** More lines for `<command> --help`. */
  details?: string[];
  /** Runs it with the arguments after its name; resolves to the exit code. */
  run(argv: string[], env: NodeJS.ProcessEnv): Promise<number>;
};

/** The database the service would use: DATABASE_URL, else embedded PGlite in DATA_DIR (checked as `start` checks them). */
async function openDatabase(env: NodeJS.ProcessEnv, migrate = true) {
  const { databaseUrl, dataDir } = buildOptions({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR });
  const { createDatabase } = await import('../prisma/database');
  return createDatabase({ databaseUrl, dataDir, migrate, log: (line) => console.log(line) });
}

/** Fails on arguments a command does not take (a typo must not silently do the default). */
function onlyFlags(argv: string[], allowed: string[]): void {
  const unknown = argv.filter((arg) => !allowed.includes(arg));
  if (unknown.length > 0) throw new UsageError(`unknown argument ${unknown[0]}; expected ${allowed.length ? allowed.join(' or ') : 'none'}`);
}

/** Wrong arguments: told with the command's usage, exit code 2. */
export class UsageError extends ServiceError {
  override name = 'UsageError';
  constructor(message: string) {
    super(message);
  }
}

/** The subcommands, in the order `--help` lists them. */
export const commands: Record<string, Command> = {
  start: {
    summary: 'serve REST (/v1, /v2), GraphQL, the node RPC and the operator endpoints on one port',
    usage: '[--option=value ...]',
    details: [
      'Every option of the README\'s "Configuration" table is an environment variable and a flag; flags win:',
      `  ${OPTION_NAMES.map((name) => `--${name.toLowerCase().replace(/_/g, '-')}`).join(' ')}`,
      'Embedded PGlite in DATA_DIR unless DATABASE_URL is set; a fresh embedded database gets the demo data set.',
      'SIGTERM or SIGINT drains the requests in flight, then stops; a second one exits at once.',
    ],
    run: async (argv, env) => {
      const { startService } = await import('../server');
      await startService(argv, env);
      return 0;
    },
  },
  seed: {
    summary: 'fill the database with the deterministic demo data set',
    usage: '[--scale N] [--force]',
    details: ['--scale N multiplies the data set (default 1); --force empties a database that holds rows first.'],
    run: async (argv) => {
      const { runSeed } = await import('../demo-data/seed');
      return runSeed(argv);
    },
  },
  migrate: {
    summary: 'apply the pending database migrations (start does it too); --check lists them and fails if any',
    usage: '[--check]',
    run: async (argv, env) => {
      onlyFlags(argv, ['--check']);
      const check = argv.includes('--check');
      const db = await openDatabase(env, !check);
      try {
        const { pendingMigrations } = await import('../prisma/migrate');
        const pending = await pendingMigrations(db.query);
        for (const name of pending) console.log(`pending: ${name}`);
        console.log(pending.length === 0 ? 'the database is up to date' : `${pending.length} pending migration(s)`);
        return pending.length === 0 ? 0 : 1;
      } finally {
        await db.close();
      }
    },
  },
  compose: {
    summary: 'write the checked-in contracts: schema/*.graphql, supergraph, REST route table, OpenAPI',
    usage: '[--check]',
    details: ['--check writes nothing and fails when a checked-in file differs from what the code composes.'],
    run: async (argv) => {
      onlyFlags(argv, ['--check']);
      const { compose } = await import('../gateway/compose');
      const { stale } = await compose({ check: argv.includes('--check') });
      return argv.includes('--check') && stale.length > 0 ? 1 : 0;
    },
  },
  openapi: {
    summary: 'print the OpenAPI 3 document of /v1 and /v2 (what GET /openapi.json serves)',
    usage: '',
    run: async (argv) => {
      onlyFlags(argv, []);
      const [{ buildSubgraphs }, { composeSupergraph }, { openApiDocument }] = await Promise.all([
        import('../subgraphs'),
        import('../gateway/supergraph'),
        import('../rest-facade/openApiDocument'),
      ]);
      const { supergraphSdl } = composeSupergraph(await buildSubgraphs());
      process.stdout.write(`${JSON.stringify(openApiDocument(supergraphSdl), null, 2)}\n`);
      return 0;
    },
  },
  subgraph: {
    summary: 'serve one subgraph over HTTP, for the scale-out shape (needs DATABASE_URL)',
    usage: '<primary-network|evm|metrics>',
    details: ['Then run `start` with SUBGRAPH_TRANSPORT=http SUBGRAPH_URLS=primary-network=http://...,evm=...,metrics=...'],
    run: async (argv, env) => {
      if (argv.length !== 1) throw new UsageError('expected the subgraph name');
      const { startSubgraph } = await import('../server/subgraph');
      await startSubgraph(argv[0] as never, env);
      return 0;
    },
  },
  keys: {
    summary: 'API keys: create, list or revoke them (only their hashes are stored)',
    usage: 'create <name> [--allow=<route>,...] [--per-minute=N] [--per-day=N] | list | revoke <key id>',
    details: [
      'create prints the new key once: it cannot be shown again. --allow limits it to route templates',
      '  (/v1/networks/{network}/subnets, /graphql; a trailing * matches any rest); --per-minute and --per-day',
      '  override the RATE_LIMIT_KEY_* budgets (compute units). A revoked key is refused within 5 s.',
    ],
    run: async (argv, env) => {
      const [action, ...rest] = argv;
      const flags = new Map<string, string>();
      const positional: string[] = [];
      for (const arg of rest) {
        const flag = /^--(allow|per-minute|per-day)=(.*)$/s.exec(arg);
        if (flag) flags.set(flag[1]!, flag[2]!);
        else if (arg.startsWith('--')) throw new UsageError(`unknown argument ${arg}`);
        else positional.push(arg);
      }
      const budget = (name: string) => {
        const text = flags.get(name);
        if (text === undefined) return undefined;
        if (!/^[1-9][0-9]{0,11}$/.test(text)) throw new UsageError(`--${name} must be a positive integer`);
        return Number(text);
      };
      if (action === 'create' && positional.length !== 1) throw new UsageError('expected: keys create <name>');
      if (action === 'revoke' && positional.length !== 1) throw new UsageError('expected: keys revoke <key id>');
      if (action === 'list' && (positional.length > 0 || flags.size > 0)) throw new UsageError('keys list takes no arguments');
      if (action !== 'create' && action !== 'list' && action !== 'revoke') throw new UsageError('expected create, list or revoke');
      const perMinute = budget('per-minute');
      const perDay = budget('per-day');
      const allowedRoutes = (flags.get('allow') ?? '').split(',').map((route) => route.trim()).filter(Boolean);
      const db = await openDatabase(env);
      try {
        const keys = await import('../server/access/apiKeys');
        if (action === 'create') {
          const { id, key } = await keys.createApiKey(db.prisma, { name: positional[0]!, allowedRoutes, perMinute, perDay });
          console.log(`created ${id}; the key (shown once, send it in x-service-api-key):`);
          console.log(key);
          return 0;
        }
        if (action === 'revoke') {
          const revoked = await keys.revokeApiKey(db.prisma, positional[0]!);
          console.log(revoked ? `revoked ${positional[0]}` : `no active key ${positional[0]}`);
          return revoked ? 0 : 1;
        }
        for (const key of await keys.listApiKeys(db.prisma)) {
          const budgetText = `${key.perMinute ?? 'default'}/min ${key.perDay ?? 'default'}/day`;
          const routes = key.allowedRoutes.length ? key.allowedRoutes.join(',') : 'all routes';
          console.log([key.id, `${key.prefix}…`, key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active', budgetText, routes, key.name].join('\t'));
        }
        return 0;
      } finally {
        await db.close();
      }
    },
  },
  'rebuild-metrics': {
    summary: 'recompute every metric rollup from the raw rows (after a bulk load or a change of definition)',
    usage: '',
    run: async (argv, env) => {
      onlyFlags(argv, []);
      const db = await openDatabase(env);
      try {
        const { rebuildMetrics } = await import('../metrics/rebuildMetrics');
        const started = Date.now();
        const rows = await rebuildMetrics(db, { log: (line) => console.log(line) });
        console.log(`${rows} rollup rows rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return 0;
      } finally {
        await db.close();
      }
    },
  },
  indexer: {
    summary: 'follow the EVM chains of a config file into the database (blocks, transactions, logs, traces, tokens, balances)',
    usage: '--config FILE [--exit-at-head]',
    details: [
      'FILE is JSON: {"evm": [{"chainId": 43114, "rpcUrl": "http://…/ext/bc/C/rpc", "network": "mainnet", "startBlock": 0, "confirmations": 0}]}',
      '(README "Indexing a chain" lists every key). Same database as start: DATABASE_URL, else embedded PGlite in DATA_DIR.',
      '--exit-at-head exits 0 once every chain is indexed up to its head; without it the indexer follows until SIGTERM/SIGINT.',
    ],
    run: async (argv, env) => {
      let config: string | undefined;
      let exitAtHead = false;
      for (let i = 0; i < argv.length; i++) {
        const arg = argv[i]!;
        if (arg === '--exit-at-head') exitAtHead = true;
        else if (arg === '--config' && argv[i + 1] !== undefined) config = argv[++i];
        else if (arg.startsWith('--config=')) config = arg.slice('--config='.length);
        else throw new UsageError(`unknown argument ${arg}; expected --config FILE or --exit-at-head`);
      }
      if (!config) throw new UsageError('expected --config FILE');
      const { runIndexerCommand } = await import('../indexer/runIndexerCommand');
      return runIndexerCommand({ config, exitAtHead }, env);
    },
  },
};
