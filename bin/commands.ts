// The subcommands of `avalanche-data-service`. Each loads its module only when it runs, so `--help`
// is instant and `start` never loads the demo data generator unless the database needs it. Each reads
// its options through shared/config/commandOptions.ts, where they are declared.
import {
  commandFlags,
  parseComposeOptions,
  parseDatabaseOptions,
  parseIndexerOptions,
  parseKeysOptions,
  parseMigrateOptions,
  parseNoOptions,
  parseSeedOptions,
  parseSubgraphOptions,
} from '../shared/config/commandOptions';
import { UsageError } from '../shared/config/configError';
import { flagLines } from '../shared/config/parseOptions';
import { serviceOptions } from '../shared/config/serviceOptions';

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
async function openDatabase({ databaseUrl, dataDir }: { databaseUrl?: string; dataDir: string }, migrate = true) {
  const { createDatabase } = await import('../prisma/database');
  return createDatabase({ databaseUrl, dataDir, migrate, log: (line) => console.log(line) });
}

/** The subcommands, in the order `--help` lists them. */
export const commands: Record<string, Command> = {
  start: {
    summary: 'serve REST (/v1, /v2), GraphQL, the node RPC and the operator endpoints on one port',
    usage: '[--option=value ...]',
    details: [
      'Every option of the README\'s "Configuration" table is an environment variable and a flag; flags win:',
      `  ${Object.values(serviceOptions).map((declared) => declared.flag).join(' ')}`,
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
    details: [...flagLines(commandFlags.seed), 'Same database as start: DATABASE_URL, else embedded PGlite in DATA_DIR.'],
    run: async (argv, env) => {
      const options = parseSeedOptions(env, argv);
      const { runSeed } = await import('../demo-data/seed');
      return runSeed(options);
    },
  },
  migrate: {
    summary: 'apply the pending database migrations (start does it too); --check lists them and fails if any',
    usage: '[--check]',
    details: flagLines(commandFlags.migrate),
    run: async (argv, env) => {
      const { check, ...database } = parseMigrateOptions(env, argv);
      const db = await openDatabase(database, !check);
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
    details: flagLines(commandFlags.compose),
    run: async (argv) => {
      const { check } = parseComposeOptions(argv);
      const { compose } = await import('../gateway/compose');
      const { stale } = await compose({ check });
      return check && stale.length > 0 ? 1 : 0;
    },
  },
  openapi: {
    summary: 'print the OpenAPI 3 document of /v1 and /v2 (what GET /openapi.json serves)',
    usage: '',
    run: async (argv) => {
      parseNoOptions(argv);
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
      const { name, options } = parseSubgraphOptions(env, argv);
      const { startSubgraph } = await import('../server/subgraph');
      await startSubgraph(name, options);
      return 0;
    },
  },
  keys: {
    summary: 'API keys: create, list or revoke them (only their hashes are stored)',
    usage: 'create <name> [--allow=<route>,...] [--per-minute=N] [--per-day=N] | list | revoke <key id>',
    details: [
      'create prints the new key once: it cannot be shown again. A revoked key is refused within 5 s.',
      ...flagLines(commandFlags.keys),
    ],
    run: async (argv, env) => {
      const { positionals, allow: allowedRoutes, perMinute, perDay, ...database } = parseKeysOptions(env, argv);
      const [action, ...positional] = positionals;
      const keyFlags = allowedRoutes.length > 0 || perMinute !== undefined || perDay !== undefined;
      if (action !== 'create' && action !== 'list' && action !== 'revoke') throw new UsageError(`action ${action ?? '(none)'}`, 'create, list or revoke');
      if (action === 'create' && positional.length !== 1) throw new UsageError('keys create without a name', 'keys create <name>');
      if (action === 'revoke' && (positional.length !== 1 || keyFlags)) throw new UsageError('keys revoke without a key id, or with flags', 'keys revoke <key id>');
      if (action === 'list' && (positional.length > 0 || keyFlags)) throw new UsageError('keys list with arguments', 'none');
      const db = await openDatabase(database);
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
      const db = await openDatabase(parseDatabaseOptions(env, argv));
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
      ...flagLines(commandFlags.indexer),
      'FILE is JSON: {"evm": [{"chainId": 43114, "rpcUrl": "http://…/ext/bc/C/rpc", "network": "mainnet", "startBlock": 0, "confirmations": 0}]}',
      '(README "Indexing a chain" lists every key; an unknown key is an error). Same database as start: DATABASE_URL, else',
      'embedded PGlite in DATA_DIR; loggers as start: LOG_LEVEL, LOG_DISPLAY_LEVEL, LOG_DIR.',
    ],
    run: async (argv, env) => {
      const options = parseIndexerOptions(env, argv);
      const { runIndexerCommand } = await import('../indexer/runIndexerCommand');
      return runIndexerCommand(options);
    },
  },
};
