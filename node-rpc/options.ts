// The node RPC's settings (declared in shared/config/serviceOptions.ts, shaped in server/options.ts).
import { LOOPBACK_ONLY } from './routing/createAddressPolicy';

/** Settings of the node RPC. */
export type NodeRpcOptions = {
  /** Serve `/ext/admin`. `--api-admin-enabled` / `API_ADMIN_ENABLED`, default false (not routed at all). */
  adminEnabled: boolean;
  /** Peers allowed to call the admin API: addresses and CIDR ranges, `*` for anyone. `API_ADMIN_ALLOWED_ADDRESSES`, default loopback. */
  adminAllowedAddresses: string[];
  /** Where profiles are written. `--profile-dir` / `PROFILE_DIR`, default ./profiles. */
  profileDir: string;
  /** Where VM plugins are looked for. `--plugin-dir` / `PLUGIN_DIR`, default ./plugins. */
  pluginDir: string;
  /** VM aliases: VM ID → aliases (the content of `--vm-aliases-file` / `VM_ALIASES_FILE`). */
  vmAliases: Record<string, string[]>;
  /** Network whose P/X/C chains get the genesis aliases (`C`, `evm`, …). `RPC_NETWORK`, default mainnet. */
  network: 'MAINNET' | 'FUJI';
  /** Upstream node RPC URL per chain (blockchain ID, EVM chain ID or alias → URL). `RPC_UPSTREAM_URLS`. */
  upstreams: Record<string, string>;
  /** Bound on one forwarded call. `RPC_UPSTREAM_TIMEOUT_MS`, default 30000. */
  upstreamTimeoutMs: number;
  /** eth_getLogs block range cap (0: none). `RPC_LOGS_MAX_BLOCKS`, default 2000. */
  logsMaxBlocks: number;
  /** eth_getLogs result cap (0: none). `RPC_LOGS_MAX_RESULTS`, default 10000. */
  logsMaxResults: number;
  /** CORS origins. `HTTP_ALLOWED_ORIGINS`, default `*`. */
  allowedOrigins: string[];
};

/** The settings when nothing is configured. */
export const defaultNodeRpcOptions: NodeRpcOptions = {
  adminEnabled: false,
  adminAllowedAddresses: LOOPBACK_ONLY,
  profileDir: './profiles',
  pluginDir: './plugins',
  vmAliases: {},
  network: 'MAINNET',
  upstreams: {},
  upstreamTimeoutMs: 30_000,
  logsMaxBlocks: 2_000,
  logsMaxResults: 10_000,
  allowedOrigins: ['*'],
};

/** Fixed limits of a node's HTTP RPC (subnet-evm defaults). */
export const RPC_LIMITS = {
  /** `http-body-limit` default: 5 MiB. */
  bodyLimit: 5 * 1024 * 1024,
  /** `batch-request-limit` default. */
  batchLimit: 1_000,
  /** `batch-response-max-size` default, bytes. */
  batchResponseMaxSize: 25_000_000,
} as const;
