// The subcommands of `avalanche-data-service`: what `--help` says of each, and its module
// (bin/commands/<command>.ts), loaded only when it runs: `--help` loads none of them, and a command
// loads what it uses (`migrate` and `keys` no GraphQL, `start` no demo data generator unless the
// database needs it).
import { OPTION_NAMES } from '../../server/options';

export { UsageError } from '../usageError';

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
    usage: '[--option=value ...]',
    details: [
      'Every option of the README\'s "Configuration" table is an environment variable and a flag; flags win:',
      `  ${OPTION_NAMES.map((name) => `--${name.toLowerCase().replace(/_/g, '-')}`).join(' ')}`,
      'Embedded PGlite in DATA_DIR unless DATABASE_URL is set; a fresh embedded database gets the demo data set.',
      'SIGTERM or SIGINT drains the requests in flight, then stops; a second one exits at once.',
    ],
    run: lazy(() => import('./start')),
  },
  seed: {
    summary: 'fill the database with the deterministic demo data set',
    usage: '[--scale N] [--force]',
    details: ['--scale N multiplies the data set (default 1); --force empties a database that holds rows first.'],
    run: lazy(() => import('./seed')),
  },
  migrate: {
    summary: 'apply the pending database migrations (start does it too); --check lists them and fails if any',
    usage: '[--check]',
    run: lazy(() => import('./migrate')),
  },
  compose: {
    summary: 'write the checked-in contracts: schema/*.graphql, supergraph, REST route table, OpenAPI',
    usage: '[--check]',
    details: ['--check writes nothing and fails when a checked-in file differs from what the code composes.'],
    run: lazy(() => import('./compose')),
  },
  openapi: {
    summary: 'print the OpenAPI 3 document of /v1 and /v2 (what GET /openapi.json serves)',
    usage: '',
    run: lazy(() => import('./openapi')),
  },
  subgraph: {
    summary: 'serve one subgraph over HTTP, for the scale-out shape (needs DATABASE_URL)',
    usage: '<primary-network|evm|metrics>',
    details: ['Then run `start` with SUBGRAPH_TRANSPORT=http SUBGRAPH_URLS=primary-network=http://...,evm=...,metrics=...'],
    run: lazy(() => import('./subgraph')),
  },
  keys: {
    summary: 'API keys: create, list or revoke them (only their hashes are stored)',
    usage: 'create <name> [--allow=<route>,...] [--per-minute=N] [--per-day=N] | list | revoke <key id>',
    details: [
      'create prints the new key once: it cannot be shown again. --allow limits it to route templates',
      '  (/v1/networks/{network}/subnets, /graphql; a trailing * matches any rest); --per-minute and --per-day',
      '  override the RATE_LIMIT_KEY_* budgets (compute units). A revoked key is refused within 5 s.',
    ],
    run: lazy(() => import('./keys')),
  },
  'rebuild-metrics': {
    summary: 'recompute every metric rollup from the raw rows (after a bulk load or a change of definition)',
    usage: '',
    run: lazy(() => import('./rebuildMetrics')),
  },
  indexer: {
    summary: 'follow the EVM chains of a config file into the database (blocks, transactions, logs, traces, tokens, balances)',
    usage: '--config FILE [--exit-at-head]',
    details: [
      'FILE is JSON: {"evm": [{"chainId": 43114, "rpcUrl": "http://…/ext/bc/C/rpc", "network": "mainnet", "startBlock": 0, "confirmations": 0}]}',
      '(README "Indexing a chain" lists every key). Same database as start: DATABASE_URL, else embedded PGlite in DATA_DIR.',
      '--exit-at-head exits 0 once every chain is indexed up to its head; without it the indexer follows until SIGTERM/SIGINT.',
    ],
    run: lazy(() => import('./indexer')),
  },
};
