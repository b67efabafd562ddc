import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The service's name and version (`web3_clientVersion`), from the nearest package.json above this
 * file (the source tree and the build find the same one).
 * @returns e.g. `avalanche-data-service/v0.1.0`
 * @example serviceVersion() // 'avalanche-data-service/v0.1.0'
 */
export function serviceVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      return `${name ?? 'service'}/v${version ?? '0.0.0'}`;
    }
    if (path.dirname(dir) === dir) return 'avalanche-data-service';
  }
}
