// The node RPC's and the loggers' options, read from the environment (or flags) like every option.
import { readFileSync } from 'node:fs';
import { toLogLevel, type LogLevel } from '../logging/levels';
import { defaultNodeRpcOptions, type NodeRpcOptions } from '../node-rpc/options';
import { createAddressPolicy } from '../node-rpc/routing/createAddressPolicy';

/** Where and how much the named loggers write. */
export type LoggingOptions = {
  /** Threshold of the log files. `LOG_LEVEL` / `--log-level`, default INFO. */
  logLevel: LogLevel;
  /** Threshold of the console. `LOG_DISPLAY_LEVEL`, default the log level. */
  displayLevel: LogLevel;
  /** Folder of `<logger>.log`. `LOG_DIR`, default ./logs; empty: no files. */
  logDir?: string;
};

/** Option names read here (environment variables; flags in kebab case). */
export const NODE_RPC_OPTION_NAMES = [
  'API_ADMIN_ENABLED', 'API_ADMIN_ALLOWED_ADDRESSES', 'PROFILE_DIR', 'PLUGIN_DIR', 'VM_ALIASES_FILE', 'RPC_NETWORK', 'RPC_UPSTREAM_URLS',
  'RPC_UPSTREAM_TIMEOUT_MS', 'RPC_LOGS_MAX_BLOCKS', 'RPC_LOGS_MAX_RESULTS', 'HTTP_ALLOWED_ORIGINS', 'LOG_LEVEL', 'LOG_DISPLAY_LEVEL', 'LOG_DIR',
];

type Fail = (what: string, expected: string) => never;

/**
 * Reads the node RPC's options.
 * @param env environment (flags merged in)
 * @param fail throws the service's ConfigError
 * @returns the options
 * @example buildNodeRpcOptions({ API_ADMIN_ENABLED: 'true' }, fail).adminEnabled // true
 */
export function buildNodeRpcOptions(env: NodeJS.ProcessEnv, fail: Fail): NodeRpcOptions {
  const d = defaultNodeRpcOptions;
  const list = (text: string | undefined, fallback: string[]) => (text === undefined ? fallback : text.split(',').map((s) => s.trim()).filter(Boolean));
  const adminAllowedAddresses = list(env.API_ADMIN_ALLOWED_ADDRESSES, d.adminAllowedAddresses);
  try {
    createAddressPolicy(adminAllowedAddresses);
  } catch (error) {
    fail(`API_ADMIN_ALLOWED_ADDRESSES (${(error as Error).message})`, 'IP addresses and CIDR ranges, or *');
  }
  const network = (env.RPC_NETWORK ?? 'mainnet').toLowerCase();
  if (network !== 'mainnet' && network !== 'fuji' && network !== 'testnet') fail(`RPC_NETWORK=${env.RPC_NETWORK}`, 'mainnet or fuji');
  return {
    adminEnabled: boolean(env.API_ADMIN_ENABLED, 'API_ADMIN_ENABLED', d.adminEnabled, fail),
    adminAllowedAddresses,
    profileDir: env.PROFILE_DIR || d.profileDir,
    pluginDir: env.PLUGIN_DIR || d.pluginDir,
    vmAliases: env.VM_ALIASES_FILE ? vmAliases(env.VM_ALIASES_FILE, fail) : {},
    network: network === 'mainnet' ? 'MAINNET' : 'FUJI',
    upstreams: upstreams(env.RPC_UPSTREAM_URLS ?? '', fail),
    upstreamTimeoutMs: integer(env.RPC_UPSTREAM_TIMEOUT_MS, 'RPC_UPSTREAM_TIMEOUT_MS', d.upstreamTimeoutMs, 100, 600_000, fail),
    logsMaxBlocks: integer(env.RPC_LOGS_MAX_BLOCKS, 'RPC_LOGS_MAX_BLOCKS', d.logsMaxBlocks, 0, 1_000_000_000, fail),
    logsMaxResults: integer(env.RPC_LOGS_MAX_RESULTS, 'RPC_LOGS_MAX_RESULTS', d.logsMaxResults, 0, 10_000_000, fail),
    allowedOrigins: list(env.HTTP_ALLOWED_ORIGINS, d.allowedOrigins),
  };
}

/**
 * Reads the loggers' options.
 * @example buildLoggingOptions({ LOG_LEVEL: 'debug' }, fail).displayLevel // 'DEBUG'
 */
export function buildLoggingOptions(env: NodeJS.ProcessEnv, fail: Fail): LoggingOptions {
  const level = (text: string | undefined, name: string, fallback: LogLevel): LogLevel => {
    if (text === undefined || text === '') return fallback;
    try {
      return toLogLevel(text);
    } catch {
      return fail(`${name}=${text}`, 'one of off, fatal, error, warn, info, trace, debug, verbo');
    }
  };
  const logLevel = level(env.LOG_LEVEL, 'LOG_LEVEL', 'INFO');
  return { logLevel, displayLevel: level(env.LOG_DISPLAY_LEVEL, 'LOG_DISPLAY_LEVEL', logLevel), logDir: env.LOG_DIR === undefined ? './logs' : env.LOG_DIR || undefined };
}

function boolean(text: string | undefined, name: string, fallback: boolean, fail: Fail): boolean {
  if (text === undefined || text === '') return fallback;
  if (text === 'true') return true;
  if (text === 'false') return false;
  return fail(`${name}=${text}`, 'true or false');
}

function integer(text: string | undefined, name: string, fallback: number, min: number, max: number, fail: Fail): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) fail(`${name}=${text}`, `an integer from ${min} to ${max}`);
  return value;
}

function upstreams(text: string, fail: Fail): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const entry of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const at = entry.indexOf('=');
    const chain = entry.slice(0, at).trim();
    const url = entry.slice(at + 1).trim();
    if (at <= 0 || !/^https?:\/\/\S+$/.test(url)) fail(`RPC_UPSTREAM_URLS entry ${entry.replace(/\/\/[^@/]*@/, '//…@')}`, 'chain=http://host:port/ext/bc/<chain>/rpc');
    urls[chain] = url;
  }
  return urls;
}

function vmAliases(file: string, fail: Fail): Record<string, string[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(`VM_ALIASES_FILE=${file} (${(error as Error).message})`, 'a readable JSON file');
  }
  const valid =
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) &&
    Object.values(parsed).every((aliases) => Array.isArray(aliases) && aliases.every((alias) => typeof alias === 'string'));
  if (!valid) fail(`VM_ALIASES_FILE=${file}`, 'a JSON object mapping VM IDs to arrays of aliases');
  return parsed as Record<string, string[]>;
}
