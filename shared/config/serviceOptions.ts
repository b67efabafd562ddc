// Every option of the service, declared once: the environment variable, its flag (the variable in
// kebab case), how it is read, its default and its meaning. The README's "Configuration" table is
// rendered from these (npm run docs:options), and each command reads the ones it uses.
import { option } from './declareOption';
import { boolean, integer, list, namedUrls, oneOf, readableFile, text, url } from './parsers';
import { addressRanges, blsSecretKeys, trustProxy, vmAliasesFile, webhookHosts } from './valueParsers';

/** Log level names, any case (logging/levels.ts turns them into its upper-case levels). */
export const logLevelNames = ['off', 'fatal', 'error', 'warn', 'info', 'trace', 'debug', 'verbo'] as const;

const logLevel = oneOf(logLevelNames, { ignoreCase: true });

/** Where the service's data is: PostgreSQL, else embedded PGlite in a folder. */
export const databaseOptions = {
  databaseUrl: option({
    env: 'DATABASE_URL',
    parse: url(
      ['postgres', 'postgresql'],
      'a PostgreSQL connection string such as postgresql://user:password@host:5432/database',
    ),
    secret: true,
    meaning: 'PostgreSQL connection string (`?schema=` honoured). Unset: embedded PGlite.',
  }),
  dataDir: option({
    env: 'DATA_DIR',
    parse: text('a folder'),
    default: './data',
    meaning:
      'PGlite data folder. PGlite runs in a worker thread of the service and is reached over the PostgreSQL protocol on a Unix socket in a private (0700) folder of the temp directory, so a slow query never holds up the HTTP server; nothing listens on the network. Its buffer pool is 16MB (the data files are cached by the operating system too).',
  }),
};

/** The named loggers: levels and log folder. */
export const loggingOptions = {
  logLevel: option({
    env: 'LOG_LEVEL',
    parse: logLevel,
    default: 'info',
    meaning:
      "Level of the named loggers' files (`off`, `fatal`, `error`, `warn`, `info`, `trace`, `debug`, `verbo`, any case). `admin.setLoggerLevel` changes it at run time.",
  }),
  logDisplayLevel: option({
    env: 'LOG_DISPLAY_LEVEL',
    parse: logLevel,
    defaultText: '`LOG_LEVEL`',
    meaning: 'Level of what the loggers show on the console.',
  }),
  // Unset: `logs` in DATA_DIR (logFolder.ts); the empty string: no files (null).
  logDir: option({
    env: 'LOG_DIR',
    parse: { expected: 'a folder, or empty for no files', parse: (value: string): string | null => value || null },
    defaultText: '`DATA_DIR/logs`',
    keepsEmpty: true,
    meaning:
      'Folder of `<logger>.log` (`main`, `http`, `indexer`, `webhooks`, `vm-factory`, one per chain), created when the first line is written; empty: no files. Unset, it is `logs` in `DATA_DIR`, beside the data (with PostgreSQL too), and the start banner names it.',
  }),
};

/** How webhook messages are delivered: by `start` (unless WEBHOOK_DELIVERY=false) and by `webhooks`. */
export const webhookDeliveryOptions = {
  webhookAllowedHosts: option({
    env: 'WEBHOOK_ALLOWED_HOSTS',
    parse: webhookHosts,
    default: [],
    meaning:
      'Webhook receivers allowed over plain http and at loopback, private or link-local addresses: host names, IP addresses and CIDR ranges (`localhost,10.0.0.0/8`). Other webhook URLs must be https to a host whose addresses are public, checked when a webhook is created or changed and again on each delivery.',
  }),
  webhookConcurrency: option({
    env: 'WEBHOOK_CONCURRENCY',
    parse: integer(1, 1000),
    default: 16,
    meaning: 'Webhook POSTs one deliverer has in flight at most.',
  }),
  webhookPollIntervalMs: option({
    env: 'WEBHOOK_POLL_INTERVAL_MS',
    parse: integer(10, 60_000),
    default: 250,
    meaning:
      "How often a deliverer looks for due webhook messages when it has none; the time from a block's commit to its delivery is at most about this plus the POST.",
  }),
};

/** Webhooks: how many webhooks and watched addresses a key may have. */
export const webhookOptions = {
  webhookMaxPerKey: option({
    env: 'WEBHOOK_MAX_PER_KEY',
    parse: integer(1, 1_000_000),
    default: 100,
    meaning: 'Webhooks one API key may have (active and inactive); creating one more is 403.',
  }),
  webhookMaxAddresses: option({
    env: 'WEBHOOK_MAX_ADDRESSES',
    parse: integer(1, 10_000_000),
    default: 100_000,
    meaning: 'Addresses (or node or subnet IDs) one webhook may watch; a create or add beyond it is 403.',
  }),
};

/** Transaction exports (postTransactionExportJob): where their links point, how long they are kept, how big they get. */
export const transactionExportOptions = {
  transactionExports: option({
    env: 'TRANSACTION_EXPORTS',
    parse: boolean,
    default: true,
    meaning:
      'Build transaction exports in this process (a background worker). Any number of workers, in any number of processes on one database, share the jobs; a job whose worker dies is taken over when its 60 s lease ends.',
  }),
  transactionExportBaseUrl: option({
    env: 'TRANSACTION_EXPORT_BASE_URL',
    parse: url(['http', 'https'], 'an http or https URL such as https://data.example.com'),
    defaultText: '`http://localhost:PORT`',
    meaning:
      "Where an export's `downloadUrl` points: this service's origin as its clients reach it (behind a proxy, the proxy's).",
  }),
  transactionExportRetentionHours: option({
    env: 'TRANSACTION_EXPORT_RETENTION_HOURS',
    parse: integer(1, 8_760),
    default: 24,
    meaning:
      'How long a finished export and its CSV file are kept; then `getOperationResult` answers 404, its link too, and the job and file are deleted.',
  }),
  transactionExportMaxTransactions: option({
    env: 'TRANSACTION_EXPORT_MAX_TRANSACTIONS',
    parse: integer(1, 10_000_000),
    default: 100_000,
    meaning:
      'Transactions one export holds: it stops at the first day boundary at or past this many, `COMPLETED_WITH_WARNING` with the day to ask from next (`metadata.nextDate`).',
  }),
};

/** The options of `start` (and of `subgraph`), in the order of the README's table. */
export const serviceOptions = {
  port: option({
    env: 'PORT',
    parse: integer(0, 65535),
    default: 8080,
    meaning: 'HTTP port of `/v1`, `/v2`, `/graphql`, `/openapi.json`, `/health`.',
  }),
  ...databaseOptions,
  databaseReplicaUrls: option({
    env: 'DATABASE_REPLICA_URLS',
    parse: list(
      url(['postgres', 'postgresql'], 'a PostgreSQL connection string'),
      'comma-separated PostgreSQL connection strings of streaming replicas of DATABASE_URL',
    ),
    default: [],
    secret: true,
    meaning:
      "Streaming replicas of DATABASE_URL (comma-separated; `?schema=` honoured, else DATABASE_URL's) that answer the requests' reads, round robin; writes, keys, webhooks, usage and exports stay on DATABASE_URL. A replica that fails or falls behind is taken out and comes back by itself; with none serving, requests read from DATABASE_URL.",
  }),
  databaseReplicaMaxLagMs: option({
    env: 'DATABASE_REPLICA_MAX_LAG_MS',
    parse: integer(100, 3_600_000),
    default: 5_000,
    meaning:
      "A replica further behind DATABASE_URL's write-ahead log than this answers no requests until it catches up (checked every second).",
  }),
  seedDemoData: option({
    env: 'SEED_DEMO_DATA',
    parse: boolean,
    default: true,
    meaning: 'Load the demo data set into an empty embedded database at start.',
  }),
  demoScale: option({
    env: 'DEMO_SCALE',
    parse: integer(1, 1000),
    default: 1,
    meaning: 'Size of the demo data set (EVM volume multiplier).',
  }),
  pageTokenSecret: option({
    env: 'PAGE_TOKEN_SECRET',
    parse: text('a secret string'),
    secret: true,
    defaultText: 'generated',
    meaning:
      'Key signing page tokens. Unset: a random key generated at the first start and kept in the database (`service_setting`), so tokens survive restarts and every process on the same database shares it.',
  }),
  subgraphTransport: option({
    env: 'SUBGRAPH_TRANSPORT',
    parse: oneOf(['in-process', 'http']),
    default: 'in-process',
    meaning: '`http` runs the gateway against subgraphs started separately.',
  }),
  subgraphUrls: option({
    env: 'SUBGRAPH_URLS',
    parse: namedUrls('name=http://host:port/graphql'),
    default: {},
    meaning: 'With `http`: `primary-network=http://…/graphql,evm=…,metrics=…`.',
  }),
  apiKeys: option({
    env: 'API_KEYS',
    parse: list(text('a key'), 'comma-separated keys'),
    default: [],
    secret: true,
    meaning:
      'Comma-separated keys accepted beside the stored ones (`avalanche-data-service keys create`), with the key budget and every route. Setting it makes keys mandatory unless `API_KEY_REQUIRED=false`.',
  }),
  apiKeyRequired: option({
    env: 'API_KEY_REQUIRED',
    parse: boolean,
    defaultText: '`false` (`true` with `API_KEYS`)',
    meaning:
      'Refuse requests without a key on `/v1` and `/graphql` (401). Otherwise anonymous callers are served with the anonymous budget. `/v2` metrics never require one.',
  }),
  rateLimitAnonymousPerMinute: option({
    env: 'RATE_LIMIT_ANONYMOUS_PER_MINUTE',
    parse: integer(0, 1e12),
    default: 600,
    meaning: 'Compute units per minute of each anonymous client IP address; `0`: no limit.',
  }),
  rateLimitAnonymousPerDay: option({
    env: 'RATE_LIMIT_ANONYMOUS_PER_DAY',
    parse: integer(0, 1e12),
    default: 100_000,
    meaning: 'Compute units per UTC day of each anonymous IP address; `0`: no limit.',
  }),
  rateLimitKeyPerMinute: option({
    env: 'RATE_LIMIT_KEY_PER_MINUTE',
    parse: integer(0, 1e12),
    default: 6_000,
    meaning: 'Compute units per minute of each key (a key created with `--per-minute` has its own).',
  }),
  rateLimitKeyPerDay: option({
    env: 'RATE_LIMIT_KEY_PER_DAY',
    parse: integer(0, 1e12),
    default: 5_000_000,
    meaning: 'Compute units per UTC day of each key (`--per-day` overrides).',
  }),
  redisUrl: option({
    env: 'REDIS_URL',
    parse: url(['redis', 'rediss'], 'a Redis URL such as redis://127.0.0.1:6379'),
    secret: true,
    meaning:
      "`redis://host:6379`: rate-limit counters live in Redis, so every instance enforces one budget. Unset: in this process's memory.",
  }),
  trustProxy: option({
    env: 'TRUST_PROXY',
    parse: trustProxy,
    meaning:
      "Proxies whose `X-Forwarded-For` names the client, for the anonymous budget per address (Express's `trust proxy`: `true`, a hop count, or addresses and CIDR ranges such as `loopback, 10.0.0.0/8`). Unset: the TCP peer is the client.",
  }),
  maxQueryStringBytes: option({
    env: 'MAX_QUERY_STRING_BYTES',
    parse: integer(256, 16_384),
    default: 8192,
    meaning: 'Longest query string of a `/v1` or `/v2` request; longer is 414.',
  }),
  usageRecording: option({
    env: 'USAGE_RECORDING',
    parse: boolean,
    default: true,
    meaning:
      'Record each answered `/v1`, `/v2`, `/graphql` and `/ext` request (key, route, status, chain, RPC method, duration, compute units) for the usage operations (`/v1/apiUsageMetrics`, `/v1/apiLogs`, `/v1/subnetRpcUsageMetrics`, `/v1/primaryNetworkRpcUsageMetrics`), written in batches off the request path. `false`: nothing is recorded and they answer what is kept.',
  }),
  usageRetentionDays: option({
    env: 'USAGE_RETENTION_DAYS',
    parse: integer(1, 3650),
    default: 30,
    meaning: 'Days a recorded request is kept; older ones are deleted hourly (and at start).',
  }),
  usageFlushIntervalMs: option({
    env: 'USAGE_FLUSH_INTERVAL_MS',
    parse: integer(10, 60_000),
    default: 1000,
    meaning: 'Longest time a recorded request waits in memory before its batch is written (also written on shutdown).',
  }),
  usageFlushRows: option({
    env: 'USAGE_FLUSH_ROWS',
    parse: integer(1, 100_000),
    default: 1000,
    meaning:
      'Recorded requests that start a write at once; while the database falls behind, at most ten times this many wait, and newer ones are dropped (logged).',
  }),
  databaseStatementTimeoutMs: option({
    env: 'DATABASE_STATEMENT_TIMEOUT_MS',
    parse: integer(0, 3_600_000),
    default: 10_000,
    meaning:
      'PostgreSQL: a statement of a request running longer is cancelled and the request answered 503; `0`: none. Migrations and the write path are exempt. PGlite cannot cancel a statement.',
  }),
  warpRequestTimeoutMs: option({
    env: 'WARP_REQUEST_TIMEOUT_MS',
    parse: integer(10, 600_000),
    default: 2_000,
    meaning: 'Signature aggregation: how long one validator may take to answer before it counts as not answering.',
  }),
  warpAggregationTimeoutMs: option({
    env: 'WARP_AGGREGATION_TIMEOUT_MS',
    parse: integer(10, 600_000),
    default: 10_000,
    meaning: 'Signature aggregation: bound on a whole 4.1 / 4.2 request; it answers (signed message or 503) by then.',
  }),
  warpBlsBackend: option({
    env: 'WARP_BLS_BACKEND',
    parse: oneOf(['auto', 'blst', 'noble']),
    default: 'auto',
    meaning:
      "Curve library of the aggregator's BLS worker threads: `blst` (ChainSafe's native binding of supranational's blst, about 10× faster), `noble` (pure JavaScript), `auto` = blst where its prebuilt binary loads, else noble.",
  }),
  warpSignerKeys: option({
    env: 'WARP_SIGNER_KEYS',
    parse: blsSecretKeys,
    default: [],
    secret: true,
    meaning:
      "Comma-separated BLS secret keys (`0x` + 64 hex digits, as avalanchego's `signer.key`) of validators you run; they sign locally for any message of their network. For devnets and your own validators only: the endpoint then signs whatever is sent to it.",
  }),
  apiAdminEnabled: option({
    env: 'API_ADMIN_ENABLED',
    parse: boolean,
    default: false,
    meaning:
      'Serve the node admin API at `/ext/admin` (`--api-admin-enabled=true`). When false it is not routed at all (404).',
  }),
  apiAdminAllowedAddresses: option({
    env: 'API_ADMIN_ALLOWED_ADDRESSES',
    parse: addressRanges,
    default: ['127.0.0.0/8', '::1'],
    meaning:
      'Peers (IP addresses and CIDR ranges, IPv4 and IPv6; `*` for anyone) allowed to call the admin API; others get 403. Behind a proxy the peer is the proxy.',
  }),
  profileDir: option({
    env: 'PROFILE_DIR',
    parse: text('a folder'),
    default: './profiles',
    meaning:
      'Where `admin.startCPUProfiler`/`stopCPUProfiler`, `memoryProfile` and `lockProfile` write `cpu.profile`, `mem.profile`, `lock.profile`.',
  }),
  pluginDir: option({
    env: 'PLUGIN_DIR',
    parse: text('a folder'),
    default: './plugins',
    meaning:
      'Where `admin.loadVMs` looks for VM plugins (CommonJS modules named `<VM ID or alias>.js`); a folder that does not exist holds none.',
  }),
  vmAliasesFile: option({
    env: 'VM_ALIASES_FILE',
    parse: vmAliasesFile,
    default: {},
    meaning:
      'JSON `{ "<VM ID>": ["alias", …] }` (avalanchego\'s `--vm-aliases-file`): plugin files may be named by these aliases.',
  }),
  rpcNetwork: option({
    env: 'RPC_NETWORK',
    parse: oneOf(['mainnet', 'fuji', 'testnet'], { ignoreCase: true }),
    default: 'mainnet',
    meaning:
      "Network whose P-, X- and C-Chain get a node's genesis aliases (`P`/`platform`, `X`/`avm`, `C`/`evm`, so `/ext/bc/C/rpc`). Chains of the other network are served by blockchain ID.",
  }),
  rpcUpstreamUrls: option({
    env: 'RPC_UPSTREAM_URLS',
    parse: namedUrls('chain=http://host:port/ext/bc/<chain>/rpc'),
    default: {},
    meaning:
      'Per chain, the RPC URL of a node the chain RPC forwards what the index cannot answer to (`eth_call`, `eth_estimateGas`, `eth_sendRawTransaction`, `eth_gasPrice`, blocks outside the indexed range, …): `C=http://10.0.0.5:9650/ext/bc/C/rpc,737373=http://…`, the chain named by alias, EVM chain ID or blockchain ID. Unset: those methods answer the node\'s -32601 "does not exist/is not available".',
  }),
  rpcUpstreamTimeoutMs: option({
    env: 'RPC_UPSTREAM_TIMEOUT_MS',
    parse: integer(100, 600_000),
    default: 30_000,
    meaning: 'Bound on one forwarded call.',
  }),
  rpcLogsMaxBlocks: option({
    env: 'RPC_LOGS_MAX_BLOCKS',
    parse: integer(0, 1_000_000_000),
    default: 2_000,
    meaning: "`eth_getLogs`: most blocks one query spans (subnet-evm's `api-max-blocks-per-request`); `0` no limit.",
  }),
  rpcLogsMaxResults: option({
    env: 'RPC_LOGS_MAX_RESULTS',
    parse: integer(0, 10_000_000),
    default: 10_000,
    meaning: '`eth_getLogs`: most logs one answer holds; `0` no limit.',
  }),
  httpAllowedOrigins: option({
    env: 'HTTP_ALLOWED_ORIGINS',
    parse: list(text('an origin'), 'comma-separated origins, or *'),
    default: ['*'],
    meaning: "CORS origins of `/ext` (avalanchego's `--http-allowed-origins`).",
  }),
  ...webhookOptions,
  webhookDelivery: option({
    env: 'WEBHOOK_DELIVERY',
    parse: boolean,
    default: true,
    meaning:
      'Deliver webhook messages in this process. `false` for deployments that run `avalanche-data-service webhooks` separately; any number of deliverers share the queue.',
  }),
  ...webhookDeliveryOptions,
  ...transactionExportOptions,
  ...loggingOptions,
  warpDemoSigners: option({
    env: 'WARP_DEMO_SIGNERS',
    parse: boolean,
    default: true,
    meaning:
      "When the database holds the demo data set, sign for its validators with their derived keys (`demo-data/validatorKeys.ts`), so both aggregation endpoints work on a fresh start. It never matches a real validator (node ID and key must both be the demo's). On real data the demo code is not even loaded.",
  }),
  indexerConfig: option({
    env: 'INDEXER_CONFIG',
    parse: readableFile('the path of a JSON file'),
    meaning:
      'An indexer config file (see "Indexing a chain"): `start` then follows its chains in the same process, stopped at a block boundary on shutdown; `/metrics` shows `indexer_head_block`, `indexer_indexed_block`, `indexer_lag_blocks`, `indexer_blocks_total`. With `SEED_DEMO_DATA=false` the database holds real data only.',
  }),
};
