import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The service's package name and version. */
export type ServicePackage = { name: string; version: string };

let read: ServicePackage | undefined;

/**
 * The name and version of the nearest package.json above this file (the source tree and the build
 * find the same one), read once.
 * @returns e.g. `{ name: 'avalanche-data-service', version: '0.1.0' }`
 * @example `${servicePackage().name}/v${servicePackage().version}`
 */
export function servicePackage(): ServicePackage {
  read ??= find();
  return read;
}

function find(): ServicePackage {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      return { name: name ?? 'avalanche-data-service', version: version ?? '0.0.0' };
    }
    if (path.dirname(dir) === dir) return { name: 'avalanche-data-service', version: '0.0.0' };
  }
}
