// The raw SQL seam between the database (prisma/database.ts) and what runs statements on it (the
// write path), in a module of its own so neither imports the other.

/** Raw, parameterised SQL on one connection or transaction: what the bulk write path needs. */
export type SqlExecutor = {
  /** Runs one statement (`$1`, `$2`, ...) and returns its rows, parsed as `Database.query` does. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
};
