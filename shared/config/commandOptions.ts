// The option set of each command of bin/commands/ and the one function that reads it: the
// environment variables it honours (serviceOptions.ts) and its own flags, declared here once.
import { ConfigError, UsageError } from './configError';
import { option, type OptionSet, type OptionValues } from './declareOption';
import { logFolder } from './logFolder';
import { parseOptions } from './parseOptions';
import { alternatives, boolean, integer, InvalidValue, list, readableFile, text, type Parser } from './parsers';
import { databaseOptions, loggingOptions, serviceOptions, webhookDeliveryOptions } from './serviceOptions';
import { subgraphNames, type SubgraphName } from './subgraphNames';

/** A number above zero, fractions allowed (`--scale 0.5`). */
const positiveNumber: Parser<number> = {
  expected: 'a positive number',
  parse(value) {
    const number = /^[0-9]*\.?[0-9]+$/.test(value) ? Number(value) : Number.NaN;
    if (!(number > 0) || !Number.isFinite(number)) throw new InvalidValue();
    return number;
  },
};

const check = option({
  flag: '--check',
  parse: boolean,
  default: false,
  meaning: 'write nothing; fail when something is out of date',
});

/** The flags of each command besides the environment's options, for `--help`. */
export const commandFlags = {
  migrate: { check: { ...check, meaning: 'list the pending migrations and fail if any, applying none' } },
  compose: {
    check: { ...check, meaning: 'write nothing; fail when a checked-in file differs from what the code composes' },
  },
  seed: {
    scale: option({
      flag: '--scale',
      parse: positiveNumber,
      default: 1,
      placeholder: 'N',
      meaning: 'multiplies the data set (default 1)',
    }),
    force: option({
      flag: '--force',
      parse: boolean,
      default: false,
      meaning: 'empties a database that holds rows first',
    }),
  },
  keys: {
    allow: option({
      flag: '--allow',
      parse: list(text('a route template'), 'comma-separated route templates'),
      default: [],
      placeholder: '<route>,...',
      meaning:
        'limits a new key to route templates (/v1/networks/{network}/subnets, /graphql; a trailing * matches any rest); an entry that matches no route is refused',
    }),
    perMinute: option({
      flag: '--per-minute',
      parse: integer(1, 999_999_999_999),
      placeholder: 'N',
      meaning: "the key's budget per minute (compute units) instead of RATE_LIMIT_KEY_PER_MINUTE",
    }),
    perDay: option({
      flag: '--per-day',
      parse: integer(1, 999_999_999_999),
      placeholder: 'N',
      meaning: "the key's budget per UTC day instead of RATE_LIMIT_KEY_PER_DAY",
    }),
    admin: option({
      flag: '--admin',
      parse: boolean,
      default: false,
      meaning:
        'the new key sees the usage of every key (/v1/apiUsageMetrics, /v1/apiLogs, the RPC usage metrics); others see their own',
    }),
  },
  indexer: {
    config: option({
      flag: '--config',
      parse: readableFile('the path of a JSON file'),
      placeholder: 'FILE',
      meaning: 'the indexer config file (JSON; README "Indexing a chain")',
    }),
    exitAtHead: option({
      flag: '--exit-at-head',
      parse: boolean,
      default: false,
      meaning: 'exit 0 once every chain is indexed up to its head (else follow until SIGTERM/SIGINT)',
    }),
  },
} satisfies Record<string, OptionSet>;

/** The service's options as read for `start`. */
export type StartOptions = Omit<OptionValues<typeof serviceOptions>, 'logDir'> & {
  apiKeyRequired: boolean;
  /** The log folder (LOG_DIR, else `logs` in DATA_DIR); none: no files. */
  logDir?: string;
};

/**
 * `start`: every option of the service, from the environment and as flags (flags win).
 * @example parseStartOptions(process.env, ['--port=8081']).port // 8081
 */
export function parseStartOptions(env: NodeJS.ProcessEnv, argv: readonly string[] = []): StartOptions {
  return withServiceRules(parseOptions(serviceOptions, env, argv).values);
}

/**
 * `subgraph <name>`: the subgraph to serve, and the service's options.
 * @example parseSubgraphOptions(process.env, ['evm']).name // 'evm'
 */
export function parseSubgraphOptions(
  env: NodeJS.ProcessEnv,
  argv: readonly string[],
): { name: SubgraphName; options: StartOptions } {
  const { values, positionals } = parseOptions(serviceOptions, env, argv, 1);
  const name = positionals[0];
  if (!subgraphNames.includes(name as SubgraphName))
    throw new UsageError(
      name === undefined ? 'no subgraph name' : `subgraph ${name}`,
      `the subgraph name: ${alternatives(subgraphNames)}`,
    );
  return { name: name as SubgraphName, options: withServiceRules(values) };
}

/** What several options decide together. */
function withServiceRules(values: OptionValues<typeof serviceOptions>): StartOptions {
  if (values.subgraphTransport === 'http') {
    const missing = subgraphNames.filter((name) => !values.subgraphUrls[name]);
    if (missing.length > 0)
      throw new ConfigError(`SUBGRAPH_URLS lacks ${missing.join(', ')}`, 'name=url for every subgraph');
  }
  // Keys listed in the configuration keep their meaning (required) unless told otherwise.
  return {
    ...values,
    apiKeyRequired: values.apiKeyRequired ?? values.apiKeys.length > 0,
    logDir: logFolder(values),
  };
}

/**
 * `rebuild-metrics`, and any command that only opens the database: DATABASE_URL, DATA_DIR.
 * @example parseDatabaseOptions({ DATA_DIR: '/tmp/d' }).dataDir // '/tmp/d'
 */
export function parseDatabaseOptions(
  env: NodeJS.ProcessEnv,
  argv: readonly string[] = [],
): OptionValues<typeof databaseOptions> {
  return parseOptions(databaseOptions, env, argv).values;
}

/** `migrate [--check]`. */
export function parseMigrateOptions(env: NodeJS.ProcessEnv, argv: readonly string[]) {
  return parseOptions({ ...commandFlags.migrate, ...databaseOptions }, env, argv).values;
}

/** `compose [--check]`. */
export function parseComposeOptions(argv: readonly string[]) {
  return parseOptions(commandFlags.compose, {}, argv).values;
}

/** `openapi`: no options; anything given is an error. */
export function parseNoOptions(argv: readonly string[]): void {
  parseOptions({}, {}, argv);
}

/** The options of `seed`. */
export type SeedOptions = OptionValues<typeof commandFlags.seed & typeof databaseOptions>;

/** `seed [--scale N] [--force]`, on the database the service would use. */
export function parseSeedOptions(env: NodeJS.ProcessEnv, argv: readonly string[]): SeedOptions {
  return parseOptions({ ...commandFlags.seed, ...databaseOptions }, env, argv).values;
}

/** `keys create <name> [--allow=…] [--per-minute=N] [--per-day=N] | list | revoke <key id>`: the flags and the words. */
export function parseKeysOptions(env: NodeJS.ProcessEnv, argv: readonly string[]) {
  const { values, positionals } = parseOptions({ ...commandFlags.keys, ...databaseOptions }, env, argv, 2);
  return { ...values, positionals };
}

/** The options of `indexer`. */
export type IndexerCommandOptions = Omit<
  OptionValues<typeof commandFlags.indexer & typeof databaseOptions & typeof loggingOptions>,
  'logDir'
> & {
  config: string;
  /** The log folder (LOG_DIR, else `logs` in DATA_DIR); none: no files. */
  logDir?: string;
};

/** `indexer --config FILE [--exit-at-head]`: the file, the database and the loggers. */
export function parseIndexerOptions(env: NodeJS.ProcessEnv, argv: readonly string[]): IndexerCommandOptions {
  const { values } = parseOptions({ ...commandFlags.indexer, ...databaseOptions, ...loggingOptions }, env, argv);
  if (values.config === undefined) throw new UsageError('no --config', '--config FILE');
  return { ...values, config: values.config, logDir: logFolder(values) };
}

/** The options of `webhooks`. */
export type WebhooksCommandOptions = Omit<
  OptionValues<typeof databaseOptions & typeof loggingOptions & typeof webhookDeliveryOptions>,
  'logDir'
> & {
  /** The log folder (LOG_DIR, else `logs` in DATA_DIR); none: no files. */
  logDir?: string;
};

/** `webhooks`: the database, the loggers and the delivery options. */
export function parseWebhooksOptions(env: NodeJS.ProcessEnv, argv: readonly string[]): WebhooksCommandOptions {
  const { values } = parseOptions({ ...databaseOptions, ...loggingOptions, ...webhookDeliveryOptions }, env, argv);
  return { ...values, logDir: logFolder(values) };
}
