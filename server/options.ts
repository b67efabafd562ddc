import { subgraphNames } from '../subgraphs';

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
  /** Warp signature aggregation (4.1, 4.2). */
  warp: WarpOptions;
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
};

/** The aggregator's settings when nothing is configured. */
export const defaultWarpOptions: WarpOptions = { requestTimeoutMs: 2_000, aggregationTimeoutMs: 10_000, signerKeys: [], demoSigners: true };

/** A configuration value that cannot be used. */
export class ConfigError extends Error {
  constructor(what: string, expected: string) {
    super(`Validation failed: ${what}, expected ${expected}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and checks the service's options; fails fast with what is wrong.
 * @example const options = buildOptions(process.env)
 */
export function buildOptions(env: NodeJS.ProcessEnv): ServiceOptions {
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
  return {
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    pageTokenSecret: env.PAGE_TOKEN_SECRET || undefined,
    seedDemoData: (env.SEED_DEMO_DATA ?? 'true') !== 'false',
    demoScale: integer(env.DEMO_SCALE ?? '1', 'DEMO_SCALE', 1, 1000),
    subgraphTransport: transport,
    subgraphUrls,
    apiKeys: (env.API_KEYS ?? '').split(',').map((key) => key.trim()).filter(Boolean),
    warp: {
      requestTimeoutMs: integer(env.WARP_REQUEST_TIMEOUT_MS ?? String(defaultWarpOptions.requestTimeoutMs), 'WARP_REQUEST_TIMEOUT_MS', 10, 600_000),
      aggregationTimeoutMs: integer(env.WARP_AGGREGATION_TIMEOUT_MS ?? String(defaultWarpOptions.aggregationTimeoutMs), 'WARP_AGGREGATION_TIMEOUT_MS', 10, 600_000),
      signerKeys: parseSignerKeys(env.WARP_SIGNER_KEYS ?? ''),
      demoSigners: (env.WARP_DEMO_SIGNERS ?? 'true') !== 'false',
    },
  };
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
