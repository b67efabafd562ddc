// The admin API (`/ext/admin`, avalanchego api/admin/service.go): aliases of endpoints and chains,
// logger levels, VM plugins and profiles. Calls run one at a time (the service-wide lock).
import path from 'node:path';
import type { LoggerFactory, Logger } from '../../logging/createLoggerFactory';
import { toLogLevel, type LogLevel } from '../../logging/levels';
import { ArgumentError, decodeArgs, goString, type FieldDecoder } from '../envelope/goArgs';
import type { GorillaMethod, GorillaServices } from '../envelope/gorillaHandler';
import type { ChainAliaser } from '../routing/createChainAliaser';
import type { RouteTable } from '../routing/createRouteTable';
import type { Profiler } from './createProfiler';
import type { VmRegistry } from './createVmRegistry';
import { idFromString } from './idFromString';

/** `admin.alias` and `admin.aliasChain` refuse longer aliases (in bytes, as Go's len). */
export const MAX_ALIAS_LENGTH = 512;

/** What the admin API acts on. */
export type AdminDeps = {
  routes: RouteTable;
  aliaser: ChainAliaser;
  /** Loads chains created since the last look (a chain the aliaser does not know yet). */
  refreshChains(): Promise<void>;
  loggers: LoggerFactory;
  /** The logger the API logs its calls to (the node's main logger). */
  log: Logger;
  profiler: Profiler;
  vms: VmRegistry;
};

/** logging.Level.UnmarshalJSON: a known level name in any case; anything else fails the decode. */
const levelField: FieldDecoder<LogLevel> = (value) => {
  if (typeof value !== 'string') throw new ArgumentError();
  try {
    return toLogLevel(value);
  } catch {
    throw new ArgumentError();
  }
};

/**
 * The `admin` service.
 * @param deps routes, aliases, loggers, profiler, VM registry
 * @returns the gorilla services map
 * @example createGorillaHandler(createAdminService(deps), 5 << 20)
 */
export function createAdminService(deps: AdminDeps): GorillaServices {
  let lock: Promise<unknown> = Promise.resolve();
  const locked =
    (name: string, run: GorillaMethod): GorillaMethod =>
    (params, request) => {
      deps.log.debug('API called', { service: 'admin', method: name });
      const next = lock.then(() => run(params, request));
      lock = next.catch(() => undefined);
      return next;
    };
  const checkAlias = (alias: string) => {
    if (Buffer.byteLength(alias, 'utf8') > MAX_ALIAS_LENGTH) throw new Error('alias length is too long');
  };
  const levels = (names: string[]) => {
    const entries = names.map(
      (name) =>
        [name, { logLevel: deps.loggers.getLogLevel(name), displayLevel: deps.loggers.getDisplayLevel(name) }] as const,
    );
    return { loggerLevels: Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
  };

  return {
    admin: {
      Alias: locked('alias', async (params) => {
        const { endpoint = '', alias = '' } = decodeArgs(params, { endpoint: goString, alias: goString });
        checkAlias(alias);
        deps.routes.addAlias(`/ext/${endpoint}`, `/ext/${alias}`);
        return {};
      }),
      AliasChain: locked('aliasChain', async (params) => {
        const { chain = '', alias = '' } = decodeArgs(params, { chain: goString, alias: goString });
        checkAlias(alias);
        let chainId: string;
        try {
          chainId = deps.aliaser.lookup(chain);
        } catch {
          await deps.refreshChains();
          chainId = deps.aliaser.lookup(chain);
        }
        deps.aliaser.alias(chainId, alias);
        deps.routes.addAlias(`/ext/${path.posix.join('bc', chainId)}`, `/ext/${path.posix.join('bc', alias)}`);
        return {};
      }),
      GetChainAliases: locked('getChainAliases', async (params) => {
        const { chain = '' } = decodeArgs(params, { chain: goString });
        idFromString(chain);
        if (deps.aliaser.aliases(chain) === undefined) await deps.refreshChains();
        return { aliases: deps.aliaser.aliases(chain) ?? null };
      }),
      GetLoggerLevel: locked('getLoggerLevel', async (params) => {
        const { loggerName = '' } = decodeArgs(params, { loggerName: goString });
        return levels(loggerName === '' ? deps.loggers.names() : [loggerName]);
      }),
      SetLoggerLevel: locked('setLoggerLevel', async (params) => {
        const {
          loggerName = '',
          logLevel,
          displayLevel,
        } = decodeArgs(params, { loggerName: goString, logLevel: levelField, displayLevel: levelField });
        if (logLevel === undefined && displayLevel === undefined)
          throw new Error('need to specify either displayLevel or logLevel');
        const names = loggerName === '' ? deps.loggers.names() : [loggerName];
        for (const name of names) {
          if (logLevel !== undefined) deps.loggers.setLogLevel(name, logLevel);
          if (displayLevel !== undefined) deps.loggers.setDisplayLevel(name, displayLevel);
        }
        return levels(names);
      }),
      LoadVMs: locked('loadVMs', async (params) => {
        decodeArgs(params, {});
        const { newVMs, failedVMs } = await deps.vms.reload();
        return Object.keys(failedVMs).length === 0 ? { newVMs } : { newVMs, failedVMs };
      }),
      StartCPUProfiler: locked('startCPUProfiler', async (params) => {
        decodeArgs(params, {});
        await deps.profiler.startCpuProfiler();
        return {};
      }),
      StopCPUProfiler: locked('stopCPUProfiler', async (params) => {
        decodeArgs(params, {});
        await deps.profiler.stopCpuProfiler();
        return {};
      }),
      MemoryProfile: locked('memoryProfile', async (params) => {
        decodeArgs(params, {});
        await deps.profiler.memoryProfile();
        return {};
      }),
      LockProfile: locked('lockProfile', async (params) => {
        decodeArgs(params, {});
        await deps.profiler.lockProfile();
        return {};
      }),
    },
  };
}
