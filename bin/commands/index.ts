// The subcommands of `avalanche-data-service`: what `--help` says of each, and its module
// (bin/commands/<command>.ts), loaded only when it runs: `--help` loads none of them, and a command
// loads what it uses (`migrate` and `keys` no GraphQL, `start` no demo data generator unless the
// database needs it).
import { commandFlags } from '../../shared/config/commandOptions';
import { flagLines } from '../../shared/config/parseOptions';
import { serviceOptions } from '../../shared/config/serviceOptions';

export { UsageError } from '../../shared/config/configError';

/** One subcommand: what `--help` shows and what it runs. */
export type Command = {
  /** One line for the command list. */
  summary: string;
  /** What it does as words after `Cannot` (`run the indexer`), for the line a failure prints. */
  action: string;
  /** Arguments after the command name, as `--help` shows them. */
  usage: string;
  /** More lines for `<command> --help`. */
  details?: string[];
  /** Runs it with the arguments after its name; resolves to the exit code. */
  run(argv: string[], env: NodeJS.ProcessEnv): Promise<number>;
};

/** A command module: its `run`. */
type CommandModule = { run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> };

/** Runs a command module, importing it at the first run. */
function lazy(load: () => Promise<CommandModule>): Command['run'] {
  return async (argv, env) => (await load()).run(argv, env);
}

/** The subcommands, in the order `--help` lists them. */
export const commands: Record<string, Command> = {
  start: {
    summary: 'serve REST (/v1, /v2), GraphQL, the node RPC and the operator endpoints on one port',
    action: 'start the service',
    usage: '[--option=value ...]',
    details: [
      'Every option of the README\'s "Configuration" table is an environment variable and a flag; flags win:',
      `  ${Object.values(serviceOptions)
        .map((declared) => declared.flag)
        .join(' ')}`,
      'Embedded PGlite in DATA_DIR unless DATABASE_URL is set; a fresh embedded database gets the demo data set.',
      'SIGTERM or SIGINT drains the requests in flight, then stops; a second one exits at once.',
    ],
    run: lazy(() => import('./start')),
  },
  seed: {
    summary: 'fill the database with the deterministic demo data set',
    action: 'seed the database',
    usage: '[--scale N] [--force]',
    details: [
      ...flagLines(commandFlags.seed),
      'Same database as start: DATABASE_URL, else embedded PGlite in DATA_DIR.',
    ],
    run: lazy(() => import('./seed')),
  },
  migrate: {
    summary: 'apply the pending database migrations (start does it too); --check lists them and fails if any',
    action: 'migrate the database',
    usage: '[--check]',
    details: flagLines(commandFlags.migrate),
    run: lazy(() => import('./migrate')),
  },
  compose: {
    summary: 'write the checked-in contracts: schema/*.graphql, supergraph, REST route table, OpenAPI',
    action: 'write the checked-in contracts',
    usage: '[--check]',
    details: flagLines(commandFlags.compose),
    run: lazy(() => import('./compose')),
  },
  openapi: {
    summary: 'print the OpenAPI 3 document of /v1 and /v2 (what GET /openapi.json serves)',
    action: 'print the OpenAPI document',
    usage: '',
    run: lazy(() => import('./openapi')),
  },
  subgraph: {
    summary: 'serve one subgraph over HTTP, for the scale-out shape (needs DATABASE_URL)',
    action: 'serve the subgraph',
    usage: '<primary-network|evm|metrics>',
    details: [
      'Then run `start` with SUBGRAPH_TRANSPORT=http SUBGRAPH_URLS=primary-network=http://...,evm=...,metrics=...',
    ],
    run: lazy(() => import('./subgraph')),
  },
  keys: {
    summary: 'API keys: create, list or revoke them (only their hashes are stored)',
    action: 'manage the API keys',
    usage: 'create <name> [--allow=<route>,...] [--per-minute=N] [--per-day=N] | list | revoke <key id>',
    details: [
      'create prints the new key once: it cannot be shown again. No two active keys share a name.',
      'A revoked key is refused within 5 s; its name is free again.',
      ...flagLines(commandFlags.keys),
    ],
    run: lazy(() => import('./keys')),
  },
  'rebuild-metrics': {
    summary: 'recompute every metric rollup from the raw rows (after a bulk load or a change of definition)',
    action: 'rebuild the metric rollups',
    usage: '',
    run: lazy(() => import('./rebuildMetrics')),
  },
  indexer: {
    summary: 'follow the EVM chains and primary networks of a config file into the database',
    action: 'run the indexer',
    usage: '--config FILE [--exit-at-head]',
    details: [
      ...flagLines(commandFlags.indexer),
      'FILE is JSON: {"evm": [{"chainId": 43114, "rpcUrl": "http://…/ext/bc/C/rpc", "network": "mainnet"}],',
      '  "primaryNetwork": [{"network": "mainnet", "nodeUrl": "http://…:9650"}]}',
      '(README "Indexing a chain" lists every key; an unknown key is an error). Same database as start: DATABASE_URL, else',
      'embedded PGlite in DATA_DIR; loggers as start: LOG_LEVEL, LOG_DISPLAY_LEVEL, LOG_DIR.',
    ],
    run: lazy(() => import('./indexer')),
  },
  webhooks: {
    summary: 'deliver webhook messages from the outbox, beside or instead of the deliverer of start',
    action: 'deliver webhook messages',
    usage: '[--option=value ...]',
    details: [
      'Options: WEBHOOK_ALLOWED_HOSTS, WEBHOOK_CONCURRENCY, WEBHOOK_POLL_INTERVAL_MS (README "Configuration"), as variables or flags.',
      "Any number of deliverers share one database's queue; run start with WEBHOOK_DELIVERY=false to leave delivery to them.",
      'Same database as start: DATABASE_URL, else embedded PGlite in DATA_DIR (one process at a time); loggers as start.',
      'SIGTERM or SIGINT lets the attempts in flight finish and be recorded, then stops; a second one exits at once.',
    ],
    run: lazy(() => import('./webhooks')),
  },
};
