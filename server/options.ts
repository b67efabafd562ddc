import { subgraphNames } from '../shared/config/subgraphNames';
import type { NodeRpcOptions } from '../node-rpc/options';
import { buildLoggingOptions, buildNodeRpcOptions, NODE_RPC_OPTION_NAMES, type LoggingOptions } from './nodeRpcOptions';
import { parseFlags } from './parseFlags';
import type { BlsBackend } from '../signature-aggregator/bls/blsWorkerSource';
import { defaultBlsBackend } from '../signature-aggregator/bls/createBlsPool';
import type { AccessOptions } from './access/accessControl';

/** Everything the service reads from its environment, parsed once at start. */
export type ServiceOptions = {
  /** HTTP port of /v1, /v2 and /graphql. `PORT`, default 8080. */
  port: number;
  /** PostgreSQL connection string; unset means embedded PGlite. `DATABASE_URL`. */
  databaseUrl?: string;
  /** PGlite data folder. `DATA_DIR`, default ./data. */
  dataDir: string;
  /** Key signing page tokens. `PAGE_TOKEN_SECRET`; unset: a key generated once and kept in the database (resolvePageTokenSecret.ts). */
  pageTokenSecret?: string;
  /** Fill an empty embedded database with the demo data set at start. `SEED_DEMO_DATA`, default true. */
  seedDemoData: boolean;
  /** Scale of the demo data set. `DEMO_SCALE`, default 1. */
  demoScale: number;
  /** Subgraphs in this process, or at `SUBGRAPH_URLS` (`name=url,...`). `SUBGRAPH_TRANSPORT`. */
  subgraphTransport: 'in-process' | 'http';
  subgraphUrls: Record<string, string>;
  /** Keys accepted in x-service-api-key on /v1 and /graphql; none means open. `API_KEYS` (comma separated). */
  apiKeys: string[];
  /** Keys, compute-unit budgets, Redis, request limits (server/access/). */
  access: AccessOptions;
  /** Bound on one database statement, ms; a longer one is cancelled (503). PostgreSQL only. `DATABASE_STATEMENT_TIMEOUT_MS`, default 10000; 0: none. */
  statementTimeoutMs: number;
  /** Warp signature aggregation (4.1, 4.2). */
  warp: WarpOptions;
  /** The node JSON-RPC at /ext: admin API, chain RPC, validators (server/nodeRpcOptions.ts). */
  nodeRpc: NodeRpcOptions;
  /** Named loggers: levels and log folder (server/nodeRpcOptions.ts). */
  logging: LoggingOptions;
  /** Indexer config file (indexer/config/readIndexerConfig.ts): `start` then runs the indexer in-process. `INDEXER_CONFIG`. */
  indexerConfig?: string;
};

/** Options of the signature aggregator. */
export type WarpOptions = {
  /** Bound on one validator's answer. `WARP_REQUEST_TIMEOUT_MS`, default 2000. */
  requestTimeoutMs: number;
  /** Bound on a whole aggregation request. `WARP_AGGREGATION_TIMEOUT_MS`, default 10000. */
  aggregationTimeoutMs: number;
  /** BLS secret keys of validators this operator runs; they sign locally. `WARP_SIGNER_KEYS` (comma-separated 0x-hex). */
  signerKeys: Uint8Array[];
  /** Sign for the demo data's validators with their derived keys. `WARP_DEMO_SIGNERS`, default true. */
  demoSigners: boolean;
  /** BLS curve library: `auto` (blst where it loads, else noble), `blst`, `noble`. `WARP_BLS_BACKEND`. */
  blsBackend?: 'auto' | BlsBackend;
};

/** The aggregator's settings when nothing is configured. */
export const defaultWarpOptions: WarpOptions = { requestTimeoutMs: 2_000, aggregationTimeoutMs: 10_000, signerKeys: [], demoSigners: true, blsBackend: 'auto' };

/** A configuration value that cannot be used. */
export class ConfigError extends Error {
  constructor(what: string, expected: string) {
    super(`Validation failed: ${what}, expected ${expected}`);
    this.name = 'ConfigError';
  }
}

/** Every option name, as an environment variable; each is also a flag (`--api-admin-enabled=true`). */
export const OPTION_NAMES = [
  'PORT', 'DATABASE_URL', 'DATA_DIR', 'PAGE_TOKEN_SECRET', 'SEED_DEMO_DATA', 'DEMO_SCALE', 'SUBGRAPH_TRANSPORT', 'SUBGRAPH_URLS', 'API_KEYS',
  'API_KEY_REQUIRED', 'REDIS_URL', 'RATE_LIMIT_ANONYMOUS_PER_MINUTE', 'RATE_LIMIT_ANONYMOUS_PER_DAY', 'RATE_LIMIT_KEY_PER_MINUTE',
  'RATE_LIMIT_KEY_PER_DAY', 'MAX_QUERY_STRING_BYTES', 'DATABASE_STATEMENT_TIMEOUT_MS', 'TRUST_PROXY',
  'INDEXER_CONFIG', 'WARP_REQUEST_TIMEOUT_MS', 'WARP_AGGREGATION_TIMEOUT_MS', 'WARP_SIGNER_KEYS', 'WARP_DEMO_SIGNERS', 'WARP_BLS_BACKEND', ...NODE_RPC_OPTION_NAMES,
];

/**
 * Reads and checks the service's options; fails fast with what is wrong. Flags override the environment.
 * @param env the environment
 * @param argv command-line arguments (`--api-admin-enabled=true`); none by default
 * @example const options = buildOptions(process.env, process.argv.slice(2))
 */
export function buildOptions(environment: NodeJS.ProcessEnv, argv: readonly string[] = []): ServiceOptions {
  const fail = (what: string, expected: string): never => {
    throw new ConfigError(what, expected);
  };
  const env: NodeJS.ProcessEnv = { ...environment, ...parseFlags(argv, OPTION_NAMES, fail) };
  const port = integer(env.PORT ?? '8080', 'PORT', 0, 65535);
  const transport = env.SUBGRAPH_TRANSPORT ?? 'in-process';
  if (transport !== 'in-process' && transport !== 'http') {
    throw new ConfigError(`SUBGRAPH_TRANSPORT=${transport}`, 'in-process or http');
  }
  const subgraphUrls = parseUrls(env.SUBGRAPH_URLS ?? '');
  if (transport === 'http') {
    const missing = subgraphNames.filter((name) => !subgraphUrls[name]);
    if (missing.length > 0) throw new ConfigError(`SUBGRAPH_URLS lacks ${missing.join(', ')}`, 'name=url for every subgraph');
  }
  const apiKeys = (env.API_KEYS ?? '').split(',').map((key) => key.trim()).filter(Boolean);
  return {
    port,
    databaseUrl: env.DATABASE_URL ? postgresUrl(env.DATABASE_URL) : undefined,
    dataDir: env.DATA_DIR || './data',
    pageTokenSecret: env.PAGE_TOKEN_SECRET || undefined,
    seedDemoData: (env.SEED_DEMO_DATA ?? 'true') !== 'false',
    demoScale: integer(env.DEMO_SCALE ?? '1', 'DEMO_SCALE', 1, 1000),
    subgraphTransport: transport,
    subgraphUrls,
    apiKeys,
    access: {
      apiKeys,
      // Keys listed in the configuration keep their old meaning (required) unless told otherwise.
      apiKeyRequired: boolean(env.API_KEY_REQUIRED ?? String(apiKeys.length > 0), 'API_KEY_REQUIRED'),
      redisUrl: env.REDIS_URL ? redisUrl(env.REDIS_URL) : undefined,
      anonymousBudget: {
        perMinute: integer(env.RATE_LIMIT_ANONYMOUS_PER_MINUTE ?? '600', 'RATE_LIMIT_ANONYMOUS_PER_MINUTE', 0, 1e12),
        perDay: integer(env.RATE_LIMIT_ANONYMOUS_PER_DAY ?? '100000', 'RATE_LIMIT_ANONYMOUS_PER_DAY', 0, 1e12),
      },
      keyBudget: {
        perMinute: integer(env.RATE_LIMIT_KEY_PER_MINUTE ?? '6000', 'RATE_LIMIT_KEY_PER_MINUTE', 0, 1e12),
        perDay: integer(env.RATE_LIMIT_KEY_PER_DAY ?? '5000000', 'RATE_LIMIT_KEY_PER_DAY', 0, 1e12),
      },
      maxQueryStringBytes: integer(env.MAX_QUERY_STRING_BYTES ?? '8192', 'MAX_QUERY_STRING_BYTES', 256, 16_384),
      trustProxy: env.TRUST_PROXY ? trustProxy(env.TRUST_PROXY) : undefined,
    },
    statementTimeoutMs: integer(env.DATABASE_STATEMENT_TIMEOUT_MS ?? '10000', 'DATABASE_STATEMENT_TIMEOUT_MS', 0, 3_600_000),
    warp: {
      requestTimeoutMs: integer(env.WARP_REQUEST_TIMEOUT_MS ?? String(defaultWarpOptions.requestTimeoutMs), 'WARP_REQUEST_TIMEOUT_MS', 10, 600_000),
      aggregationTimeoutMs: integer(env.WARP_AGGREGATION_TIMEOUT_MS ?? String(defaultWarpOptions.aggregationTimeoutMs), 'WARP_AGGREGATION_TIMEOUT_MS', 10, 600_000),
      signerKeys: parseSignerKeys(env.WARP_SIGNER_KEYS ?? ''),
      demoSigners: (env.WARP_DEMO_SIGNERS ?? 'true') !== 'false',
      blsBackend: parseBlsBackend(env.WARP_BLS_BACKEND ?? 'auto'),
    },
    nodeRpc: buildNodeRpcOptions(env, fail),
    logging: buildLoggingOptions(env, fail),
    indexerConfig: env.INDEXER_CONFIG || undefined,
  };
}

/** The BLS library asked for; `blst` must load here (its binary is an optional, per-platform package). */
function parseBlsBackend(text: string): 'auto' | BlsBackend {
  if (text !== 'auto' && text !== 'blst' && text !== 'noble') throw new ConfigError(`WARP_BLS_BACKEND=${text}`, 'auto, blst or noble');
  if (text === 'blst' && defaultBlsBackend() !== 'blst') throw new ConfigError('WARP_BLS_BACKEND=blst', 'auto or noble: @chainsafe/blst has no binary that loads on this platform');
  return text;
}

/** BLS secret keys: 32-byte big-endian scalars in [1, r), as avalanchego's signer.key files hold. */
function parseSignerKeys(text: string): Uint8Array[] {
  const order = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
  return text
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key, i) => {
      const hex = key.replace(/^0x/, '');
      const scalar = /^[0-9a-fA-F]{64}$/.test(hex) ? BigInt(`0x${hex}`) : 0n;
      if (scalar === 0n || scalar >= order) throw new ConfigError(`WARP_SIGNER_KEYS entry ${i + 1}`, 'a BLS secret key: 0x and 64 hex digits, a scalar below the group order');
      return Uint8Array.from(Buffer.from(hex, 'hex'));
    });
}

/** Express's `trust proxy`: true or false, a hop count, or addresses and CIDR ranges (checked by Express at start). */
function trustProxy(text: string): boolean | number | string {
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^[0-9]+$/.test(text)) return integer(text, 'TRUST_PROXY', 0, 100);
  if (!/^[0-9A-Za-z.:/,\s]+$/.test(text)) throw new ConfigError(`TRUST_PROXY=${text}`, 'true, a hop count, or addresses and CIDR ranges (loopback, 10.0.0.0/8)');
  return text;
}

function boolean(text: string, name: string): boolean {
  if (text !== 'true' && text !== 'false') throw new ConfigError(`${name}=${text}`, 'true or false');
  return text === 'true';
}

/** A Redis connection string, checked for its form (the server itself is tried at start). */
function redisUrl(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^rediss?:$/.test(url.protocol) || !url.hostname) throw new ConfigError('REDIS_URL', 'a Redis URL such as redis://127.0.0.1:6379');
  return text;
}

function integer(text: string, name: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name}=${text}`, `an integer from ${min} to ${max}`);
  }
  return value;
}

function parseUrls(text: string): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const entry of text.split(',').filter(Boolean)) {
    const [name, url] = entry.split('=', 2);
    if (!name || !url || !/^https?:\/\//.test(url)) throw new ConfigError(`SUBGRAPH_URLS entry ${entry}`, 'name=http://host:port/graphql');
    urls[name.trim()] = url.trim();
  }
  return urls;
}

/** A PostgreSQL connection string, checked for its form (the server itself is tried at start). */
function postgresUrl(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^postgres(ql)?:$/.test(url.protocol) || !url.hostname) {
    throw new ConfigError('DATABASE_URL', 'a PostgreSQL connection string such as postgresql://user:password@host:5432/database');
  }
  return text;
}
