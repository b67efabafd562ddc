// VM plugins (admin.loadVMs, avalanchego vms/registry): every file of the plugin directory named by
// a VM alias or a VM ID (extension stripped) is a module extending the service for that VM, e.g.
// decoding a custom precompile's events. Loading follows the node: names that are neither an alias
// nor a VM ID fail the whole call, VMs already registered are skipped, and a plugin that does not
// load (throws, has no version, times out) lands in `failedVMs` while the others load.
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../logging/createLoggerFactory';
import { idFromString } from './idFromString';

/** What a plugin module exports (as `module.exports` or `export default`). */
export type VmPlugin = {
  /** The plugin's version, read when it loads (the node's handshake reads the VM's Version()). */
  version: string | (() => string | Promise<string>);
  /**
   * Decoders of the events this VM's chains emit that the service does not know (a custom
   * precompile's), by topic 0. They return the event's name and arguments.
   */
  events?: Record<
    string,
    (log: { address: string; topics: string[]; data: string }) => { name: string; args: Record<string, unknown> }
  >;
};

/** A plugin once loaded. */
export type LoadedVm = { vmId: string; file: string; version: string; plugin: VmPlugin };

/** The VMs of the process. */
export type VmRegistry = {
  /** Loads the plugins not loaded yet (admin.loadVMs); a missing directory holds none. @throws Error when the directory cannot be read or a name is no VM */
  reload(): Promise<{ newVMs: Record<string, string[]>; failedVMs: Record<string, string> }>;
  /** The loaded plugin of a VM. */
  plugin(vmId: string): LoadedVm | undefined;
};

/** The VMs every node has built in, with their aliases (genesis/aliases.go). */
const BUILT_IN: Record<string, string[]> = {
  '11111111111111111111111111111111LpoYY': ['platform'],
  jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TL8Z2h2gyNW: ['avm'],
  mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6: ['evm'],
};

/** How long a plugin may take to give its version (the node's handshake timeout). */
const HANDSHAKE_MS = 5_000;

/**
 * Creates the registry.
 * @param options plugin directory, VM aliases (`--vm-aliases-file`: VM ID → aliases), logger
 * @returns the registry, holding the built-in VMs
 * @example const vms = createVmRegistry({ pluginDir: './plugins', vmAliases: {}, logger }); await vms.reload()
 */
export function createVmRegistry(options: {
  pluginDir: string;
  vmAliases: Record<string, string[]>;
  logger: Logger;
}): VmRegistry {
  const aliasesOf = new Map<string, string[]>(Object.entries(BUILT_IN).map(([id, aliases]) => [id, [...aliases]]));
  for (const [id, aliases] of Object.entries(options.vmAliases))
    aliasesOf.set(id, [...(aliasesOf.get(id) ?? []), ...aliases]);
  const byAlias = new Map<string, string>();
  for (const [id, aliases] of aliasesOf) for (const alias of aliases) byAlias.set(alias, id);
  const registered = new Set(Object.keys(BUILT_IN));
  const loaded = new Map<string, LoadedVm>();

  const resolve = (name: string): string => {
    const aliased = byAlias.get(name);
    if (aliased) return aliased;
    try {
      idFromString(name);
      return name;
    } catch {
      throw new Error(`invalid vmID: ${JSON.stringify(name)}`);
    }
  };

  return {
    async reload() {
      const entries = await pluginFiles(options.pluginDir);
      const found = new Map<string, string[]>();
      for (const entry of entries) {
        if (entry.isDirectory()) continue;
        // Go's filepath.Ext: from the last dot, so a dotfile (`.gitkeep`) leaves an empty name.
        const dot = entry.name.lastIndexOf('.');
        const name = dot < 0 ? entry.name : entry.name.slice(0, dot);
        if (name === '') continue;
        const vmId = resolve(name);
        if (registered.has(vmId)) continue;
        found.set(vmId, [...(found.get(vmId) ?? []), path.resolve(options.pluginDir, entry.name)]);
      }
      const newVMs: Record<string, string[]> = {};
      const failedVMs: Record<string, string> = {};
      for (const [vmId, files] of found) {
        for (const [i, file] of files.entries()) {
          if (i > 0) {
            failedVMs[vmId] = `${JSON.stringify(vmId)} was already registered as a vm`;
            continue;
          }
          try {
            const vm = await loadPlugin(vmId, file);
            loaded.set(vmId, vm);
            registered.add(vmId);
            newVMs[vmId] = (aliasesOf.get(vmId) ?? []).filter((alias) => alias !== vmId);
            options.logger.info('loaded VM plugin', { vmId, file, version: vm.version });
          } catch (error) {
            failedVMs[vmId] = (error as Error).message;
            options.logger.warn('VM plugin failed to load', { vmId, file, error: (error as Error).message });
          }
        }
      }
      return { newVMs, failedVMs };
    },
    plugin: (vmId) => loaded.get(vmId),
  };
}

/**
 * The entries of the plugin directory. A directory that does not exist yet holds no plugins: the
 * node creates its default plugin directory at start, so on a fresh checkout (no ./plugins) the
 * answer is the one of an empty directory, not an error naming a path. Any other read error
 * (not a directory, no permission) fails the call, as on the node.
 */
async function pluginFiles(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function loadPlugin(vmId: string, file: string): Promise<LoadedVm> {
  delete require.cache[file];
  const exported = require(file) as { default?: VmPlugin } & VmPlugin;
  const plugin: VmPlugin | undefined =
    exported && typeof exported === 'object' && 'default' in exported && exported.default ? exported.default : exported;
  if (!plugin || (typeof plugin.version !== 'string' && typeof plugin.version !== 'function')) {
    throw new Error('plugin exports no version: expected an object with a version string or function');
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`plugin did not give its version within ${HANDSHAKE_MS / 1000} s`)),
      HANDSHAKE_MS,
    );
  });
  try {
    const version = await Promise.race([
      typeof plugin.version === 'function' ? Promise.resolve(plugin.version()) : Promise.resolve(plugin.version),
      timeout,
    ]);
    if (typeof version !== 'string' || version === '') throw new Error('plugin version is empty');
    return { vmId, file, version, plugin };
  } finally {
    clearTimeout(timer);
  }
}
