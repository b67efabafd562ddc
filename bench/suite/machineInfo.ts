import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What the results were measured on. */
export type MachineInfo = {
  cpuModel: string;
  cores: number;
  ramGiB: number;
  node: string;
  pglite: string;
  commit: string;
  date: string;
  loadAverage: number[];
};

/**
 * The machine, runtime and checkout of this run. The commit is read from `.git` directly (no git
 * binary needed); `unknown` outside a checkout.
 * @param repoRoot the repository's root
 * @returns the facts
 * @example machineInfo(process.cwd()).cores // 2
 */
export function machineInfo(repoRoot: string): MachineInfo {
  return {
    cpuModel: os.cpus()[0]?.model.trim() ?? '?',
    cores: os.availableParallelism(),
    ramGiB: os.totalmem() / 2 ** 30,
    node: process.version,
    pglite: packageVersion(repoRoot, '@electric-sql/pglite'),
    commit: gitCommit(repoRoot),
    date: new Date().toISOString(),
    loadAverage: os.loadavg(),
  };
}

/** A dependency's version from its package.json in node_modules (PGlite does not export that file). */
function packageVersion(repoRoot: string, name: string): string {
  try {
    return (
      JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return '?';
  }
}

function gitCommit(repoRoot: string): string {
  try {
    const gitDir = path.join(repoRoot, '.git');
    const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head;
    const ref = head.slice(5);
    const loose = path.join(gitDir, ref);
    if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
    const packed = readFileSync(path.join(gitDir, 'packed-refs'), 'utf8')
      .split('\n')
      .find((line) => line.endsWith(` ${ref}`));
    return packed?.split(' ')[0] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
