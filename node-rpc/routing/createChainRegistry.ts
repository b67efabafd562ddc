// The chains of the node RPC: every Blockchain row is a chain the aliaser knows (its ID aliases
// itself), the network's primary chains get a node's genesis aliases (P/platform, X/avm, C/evm, as
// chain aliases and as `/ext/<alias>`, `/ext/bc/<alias>` routes), and every indexed EVM chain gets
// its routes (`/ext/bc/<id>/rpc`, and `/validators` on subnet-evm chains). Chains indexed after
// start are picked up on the next refresh (a request for an unknown chain path triggers one).
import { PUBLIC_NETWORKS } from '../../avalanche/networks';
import type { Database } from '../../prisma/database';
import type { ChainAliaser } from './createChainAliaser';
import type { RouteHandler, RouteTable } from './createRouteTable';
import { loadChains, type ChainInfo } from './loadChains';

/** The chains registered so far. */
export type ChainRegistry = {
  /** Loads chains created since the last refresh and registers them. */
  refresh(): Promise<void>;
  /** {@link ChainRegistry.refresh}, unless one ran within the last `minIntervalMs`; resolves true when it ran. */
  refreshIfStale(): Promise<boolean>;
};

/** Options of {@link createChainRegistry}. */
export type ChainRegistryOptions = {
  db: Pick<Database, 'query'>;
  routes: RouteTable;
  aliaser: ChainAliaser;
  /** Network whose primary chains get the genesis aliases. */
  network: 'MAINNET' | 'FUJI';
  /** Handlers of an indexed EVM chain, by endpoint (`/rpc`, `/validators`); `primaryAlias` names its logger. */
  handlers(chain: ChainInfo, primaryAlias: string): Record<string, RouteHandler>;
  /** Least time between refreshes triggered by unknown paths. @default 5000 */
  minIntervalMs?: number;
  /** Told when a chain cannot be registered (its path is taken by an alias); the others still are. */
  onError?: (chain: ChainInfo, error: Error) => void;
};

/**
 * Creates the registry, with the genesis aliases in place (no chain loaded yet: call refresh).
 * @param options database, routes, aliaser, network, handler factory
 * @returns the registry
 * @example const chains = createChainRegistry({ db, routes, aliaser, network: 'MAINNET', handlers }); await chains.refresh()
 */
export function createChainRegistry(options: ChainRegistryOptions): ChainRegistry {
  const { routes, aliaser } = options;
  const primary = PUBLIC_NETWORKS[options.network].chains;
  const genesisAliases: [string, string[]][] = [
    [primary['p-chain'], ['P', 'platform']],
    [primary['x-chain'], ['X', 'avm']],
    [primary['c-chain'], ['C', 'evm']],
  ];
  for (const [chainId, aliases] of genesisAliases) {
    for (const alias of aliases) {
      aliaser.alias(chainId, alias);
      routes.addAlias(`/ext/bc/${chainId}`, `/ext/${alias}`);
      routes.addAlias(`/ext/bc/${chainId}`, `/ext/bc/${alias}`);
    }
  }
  const known = new Set<string>();
  const served = new Set<string>();
  let lastRefresh = 0;
  let running: Promise<void> | undefined;

  const register = (chain: ChainInfo) => {
    if (!known.has(chain.blockchainId)) {
      known.add(chain.blockchainId);
      aliaser.alias(chain.blockchainId, chain.blockchainId);
    }
    if (chain.evmChainId === null || served.has(chain.blockchainId)) return;
    served.add(chain.blockchainId);
    const handlers = options.handlers(chain, aliaser.primaryAlias(chain.blockchainId));
    for (const [endpoint, handler] of Object.entries(handlers))
      routes.addRoute(`/ext/bc/${chain.blockchainId}`, endpoint, handler);
  };
  const refresh = () => {
    running ??= (async () => {
      try {
        lastRefresh = Date.now();
        for (const chain of await loadChains(options.db)) {
          try {
            register(chain);
          } catch (error) {
            options.onError?.(chain, error as Error);
          }
        }
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  return {
    refresh,
    async refreshIfStale() {
      if (Date.now() - lastRefresh < (options.minIntervalMs ?? 5_000)) return false;
      await refresh();
      return true;
    },
  };
}
