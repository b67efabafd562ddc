// Where the log files go when LOG_DIR does not say: beside the data (DATA_DIR), so a start from any
// folder writes its logs where its database is, not into a `logs/` of the current folder.
import path from 'node:path';

/**
 * The folder of the `<logger>.log` files.
 * @param values LOG_DIR as parsed (a folder; null when set to the empty string; undefined when unset) and DATA_DIR
 * @returns LOG_DIR when set, none when it is empty, else `logs` in DATA_DIR
 * @example logFolder({ logDir: undefined, dataDir: './data' }) // 'data/logs'
 */
export function logFolder(values: { logDir?: string | null; dataDir: string }): string | undefined {
  if (values.logDir === null) return undefined;
  return values.logDir ?? path.join(values.dataDir, 'logs');
}
