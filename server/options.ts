// The service's options in the shape its parts take them, from the declared options
// (shared/config/serviceOptions.ts), plus what only this process can check (the BLS binary).
import { toLogLevel, type LogLevel } from '../logging/levels';
import type { NodeRpcOptions } from '../node-rpc/options';
import { ConfigError } from '../shared/config/configError';
import { parseStartOptions, type StartOptions } from '../shared/config/commandOptions';
import type { BlsBackend } from '../signature-aggregator/bls/blsCurve';
import { defaultBlsBackend } from '../signature-aggregator/bls/createBlsPool';
import { createHostAllowList } from '../webhooks/urls/hostAllowList';
import type { DelivererOptions } from '../webhooks/delivery/createDeliverer';
import type { WebhookOptions } from '../webhooks/subscriptions/webhookStore';
import type { AccessOptions } from './access/accessControl';
import type { UsageOptions } from './usage/createUsageRecorder';

/** Everything the service reads from its environment, parsed once at start (meanings: shared/config/serviceOptions.ts). */
export type ServiceOptions = {
  port: number;
  /** Unset means embedded PGlite. */
  databaseUrl?: string;
  /** Streaming replicas of `databaseUrl` for the requests' reads (prisma/replicas/); none: the primary. */
  replicas: { urls: string[]; maxLagMs: number };
  dataDir: string;
  /** Unset: a key generated once and kept in the database (resolvePageTokenSecret.ts). */
  pageTokenSecret?: string;
  seedDemoData: boolean;
  demoScale: number;
  subgraphTransport: 'in-process' | 'http';
  /** Subgraph name → URL, with `http`. */
  subgraphUrls: Record<string, string>;
  apiKeys: string[];
  /** Keys, compute-unit budgets, Redis, request limits (server/access/). */
  access: AccessOptions;
  /** The record of finished requests the usage operations read (server/usage/). */
  usage: UsageOptions;
  /** Bound on one database statement, ms; 0: none. PostgreSQL only. */
  statementTimeoutMs: number;
  /** Warp signature aggregation (4.1, 4.2). */
  warp: WarpOptions;
  /** The node JSON-RPC at /ext: admin API, chain RPC, validators. */
  nodeRpc: NodeRpcOptions;
  /** The webhook API: allowed receivers, webhooks per key, addresses per webhook. */
  webhooks: WebhookOptions;
  /** This process's deliverer (WEBHOOK_DELIVERY), its POSTs in flight and its poll interval; the receivers allowed are `webhooks`'. */
  webhookDelivery: Pick<DelivererOptions, 'concurrency' | 'pollIntervalMs'> & { enabled: boolean };
  /** Transaction exports: the download links' origin, retention, size, and whether this process builds them. */
  exports: TransactionExportOptions;
  /** Named loggers: levels and log folder. */
  logging: LoggingOptions;
  /** Indexer config file (indexer/config/readIndexerConfig.ts): `start` then runs the indexer in-process. */
  indexerConfig?: string;
};

/** Transaction exports (TRANSACTION_EXPORT* options). */
export type TransactionExportOptions = {
  /** TRANSACTION_EXPORTS: a worker in this process. */
  worker: boolean;
  /** TRANSACTION_EXPORT_BASE_URL, else `http://localhost:PORT`. */
  downloadBaseUrl: string;
  retentionMs: number;
  maxTransactions: number;
};

/** Where and how much the named loggers write. */
export type LoggingOptions = {
  /** Threshold of the log files. */
  logLevel: LogLevel;
  /** Threshold of the console. */
  displayLevel: LogLevel;
  /** Folder of `<logger>.log`; none: no files. */
  logDir?: string;
};

/** Options of the signature aggregator. */
export type WarpOptions = {
  /** Bound on one validator's answer, ms. */
  requestTimeoutMs: number;
  /** Bound on a whole aggregation request, ms. */
  aggregationTimeoutMs: number;
  /** BLS secret keys of validators this operator runs; they sign locally. */
  signerKeys: Uint8Array[];
  /** Sign for the demo data's validators with their derived keys. */
  demoSigners: boolean;
  /** BLS curve library: `auto` (blst where it loads, else noble), `blst`, `noble`. */
  blsBackend?: 'auto' | BlsBackend;
};

/** The aggregator's settings when nothing is configured. */
export const defaultWarpOptions: WarpOptions = {
  requestTimeoutMs: 2_000,
  aggregationTimeoutMs: 10_000,
  signerKeys: [],
  demoSigners: true,
  blsBackend: 'auto',
};

/**
 * Reads and checks the service's options; fails fast with what is wrong. Flags override the environment.
 * @param env the environment
 * @param argv command-line arguments (`--api-admin-enabled=true`); none by default
 * @throws ConfigError (shared/config/configError.ts) naming the variable or flag
 * @example const options = buildOptions(process.env, process.argv.slice(3))
 */
export function buildOptions(env: NodeJS.ProcessEnv, argv: readonly string[] = []): ServiceOptions {
  return toServiceOptions(parseStartOptions(env, argv));
}

/**
 * The parsed options in the shape the service's parts take.
 * @example toServiceOptions(parseSubgraphOptions(process.env, ['evm']).options)
 */
export function toServiceOptions(values: StartOptions): ServiceOptions {
  // The blst binary is an optional, per-platform package: asked for, it must load here.
  if (values.warpBlsBackend === 'blst' && defaultBlsBackend() !== 'blst') {
    throw new ConfigError(
      'WARP_BLS_BACKEND=blst',
      'auto or noble: @chainsafe/blst has no binary that loads on this platform',
    );
  }
  if (values.databaseReplicaUrls.length > 0 && !values.databaseUrl)
    throw new ConfigError('DATABASE_REPLICA_URLS', 'unset without DATABASE_URL (embedded PGlite has no replicas)');
  return {
    port: values.port,
    databaseUrl: values.databaseUrl,
    replicas: { urls: values.databaseReplicaUrls, maxLagMs: values.databaseReplicaMaxLagMs },
    dataDir: values.dataDir,
    pageTokenSecret: values.pageTokenSecret,
    seedDemoData: values.seedDemoData,
    demoScale: values.demoScale,
    subgraphTransport: values.subgraphTransport,
    subgraphUrls: values.subgraphUrls,
    apiKeys: values.apiKeys,
    access: {
      apiKeys: values.apiKeys,
      apiKeyRequired: values.apiKeyRequired,
      redisUrl: values.redisUrl,
      anonymousBudget: { perMinute: values.rateLimitAnonymousPerMinute, perDay: values.rateLimitAnonymousPerDay },
      keyBudget: { perMinute: values.rateLimitKeyPerMinute, perDay: values.rateLimitKeyPerDay },
      maxQueryStringBytes: values.maxQueryStringBytes,
      trustProxy: values.trustProxy,
    },
    usage: {
      enabled: values.usageRecording,
      retentionDays: values.usageRetentionDays,
      flushIntervalMs: values.usageFlushIntervalMs,
      flushRows: values.usageFlushRows,
    },
    statementTimeoutMs: values.databaseStatementTimeoutMs,
    warp: {
      requestTimeoutMs: values.warpRequestTimeoutMs,
      aggregationTimeoutMs: values.warpAggregationTimeoutMs,
      signerKeys: values.warpSignerKeys,
      demoSigners: values.warpDemoSigners,
      blsBackend: values.warpBlsBackend,
    },
    nodeRpc: {
      adminEnabled: values.apiAdminEnabled,
      adminAllowedAddresses: values.apiAdminAllowedAddresses,
      profileDir: values.profileDir,
      pluginDir: values.pluginDir,
      vmAliases: values.vmAliasesFile,
      network: values.rpcNetwork === 'mainnet' ? 'MAINNET' : 'FUJI',
      upstreams: values.rpcUpstreamUrls,
      upstreamTimeoutMs: values.rpcUpstreamTimeoutMs,
      logsMaxBlocks: values.rpcLogsMaxBlocks,
      logsMaxResults: values.rpcLogsMaxResults,
      allowedOrigins: values.httpAllowedOrigins,
    },
    webhooks: {
      allowedHosts: createHostAllowList(values.webhookAllowedHosts),
      maxWebhooksPerKey: values.webhookMaxPerKey,
      maxAddressesPerWebhook: values.webhookMaxAddresses,
    },
    webhookDelivery: {
      enabled: values.webhookDelivery,
      concurrency: values.webhookConcurrency,
      pollIntervalMs: values.webhookPollIntervalMs,
    },
    exports: {
      worker: values.transactionExports,
      downloadBaseUrl: values.transactionExportBaseUrl ?? `http://localhost:${values.port}`,
      retentionMs: values.transactionExportRetentionHours * 3_600_000,
      maxTransactions: values.transactionExportMaxTransactions,
    },
    logging: toLoggingOptions(values),
    indexerConfig: values.indexerConfig,
  };
}

/** The loggers' options from the parsed LOG_LEVEL, LOG_DISPLAY_LEVEL (default: the log level) and LOG_DIR. */
function toLoggingOptions(values: { logLevel: string; logDisplayLevel?: string; logDir?: string }): LoggingOptions {
  const logLevel = toLogLevel(values.logLevel);
  return {
    logLevel,
    displayLevel: values.logDisplayLevel === undefined ? logLevel : toLogLevel(values.logDisplayLevel),
    logDir: values.logDir,
  };
}
