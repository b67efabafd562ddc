import { ConfigError } from '../shared/config/configError';

/**
 * What to tell the operator when the service cannot start: configuration errors as they are
 * ("Validation failed: X, expected Y"), and the usual environment failures in words that say what
 * to change (a port in use, a database that cannot be reached or refuses the login, a data folder
 * that cannot be written). Never a stack trace for these.
 *
 * @param error what start-up threw
 * @param action what could not be done, as words after `Cannot` for the fallback wording (each command
 *   declares its own in bin/commands/index.ts: `run the indexer`)
 * @returns one or two lines for the console
 * @example console.error(startupError(error))
 */
export function startupError(error: unknown, action = 'start'): string {
  if (error instanceof ConfigError) return error.message;
  const { code, message, address, port, syscall, path } = error as NodeJS.ErrnoException & {
    address?: string;
    port?: number;
  };
  if (code === 'EADDRINUSE')
    return `Cannot listen on port ${port}: it is in use by another process. Stop it, or set PORT to a free port.`;
  if (code === 'EACCES' && syscall === 'listen')
    return `Cannot listen on port ${port}: permission denied. Use a port above 1023, or set PORT.`;
  if (code === 'ECONNREFUSED')
    return `Cannot reach PostgreSQL at ${address}:${port} (DATABASE_URL): connection refused. Is it running?`;
  if (code === 'ENOTFOUND')
    return `Cannot reach PostgreSQL (DATABASE_URL): the host ${(error as { hostname?: string }).hostname ?? ''} is unknown.`;
  if (code === '28P01' || code === '28000') return `PostgreSQL refused the login (DATABASE_URL): ${message}`;
  if (code === '3D000') return `PostgreSQL has no such database (DATABASE_URL): ${message}`;
  if (code === 'EACCES' || code === 'EROFS' || code === 'ENOTDIR')
    return `Cannot write the data folder ${path ?? ''} (DATA_DIR): ${code}. Point DATA_DIR at a writable folder.`;
  return `Cannot ${action}: ${error instanceof Error ? error.message : String(error)}`;
}
