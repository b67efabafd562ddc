import pg from 'pg';

/** At most this many statement texts get a name; the rest run unnamed (see {@link createPreparedReads}). */
export const PREPARED_READS_LIMIT = 200;

/**
 * PostgreSQL's answer when a migration changed a table under a prepared `SELECT *` ("cached plan
 * must not change result type", SQLSTATE 0A000 from the server function named here, which unlike
 * the message is not translated).
 */
const isCachedPlanChanged = (error: unknown) =>
  error instanceof pg.DatabaseError && error.code === '0A000' && error.routine === 'RevalidateCachedQuery';

/** How a read statement runs. */
export type ReadOptions = {
  /**
   * Prepared under a name, so the connection parses it once and PostgreSQL may keep a generic plan
   * for it. Only for a statement whose generic plan serves any values as well as a plan made for
   * them: a lookup by key, or a page read along the index that holds its filter and its order
   * ({@link KEEP_PLAN}). Without it the statement is parsed and planned for its values on every
   * execution.
   * @default false
   */
  keepPlan?: boolean;
};

/**
 * The option of the statements that keep their plan: lookups by key and keyset pages along their
 * own index (the loaders, GET transaction, transfers, ERC-20 balances, block transactions, metrics),
 * and the UTXOs of addresses, whose plan starts from the owners' index once the tables have
 * statistics (which every writer keeps, and the database's opening makes where they are missing).
 */
export const KEEP_PLAN: ReadOptions = { keepPlan: true };

/** Runs one read statement on the pool, prepared under a name when told so. */
export type PreparedRead = <T>(
  text: string,
  values: unknown[],
  types: pg.CustomTypesConfig,
  options?: ReadOptions,
) => Promise<T[]>;

/**
 * Read statements on the pool, the ones that may keep their plan as named prepared statements.
 * PostgreSQL parses and plans an unnamed statement on every execution, which for the index
 * lookups behind most requests costs more than running them. A named statement is
 * parsed once per connection, and from its sixth execution PostgreSQL keeps a generic plan when
 * that is estimated no dearer than the custom ones (plan_cache_mode `auto`).
 *
 * - Keeping a plan is opt-in (`keepPlan`): a generic plan is estimated without the values, and
 *   for a statement whose best plan depends on them it can be ruinous: the validators list with
 *   its filters runs several times slower, and the UTXOs of one address, on tables never
 *   analyzed, reach the statement timeout at the sixth request, walking every UTXO in time order.
 * - Names are per connection (`c<connection>_s<statement>`): PGlite serves every connection of
 *   the pool from one session (pgliteWireServer.ts), where one connection's name would collide with
 *   another's. Its pool therefore keeps idle connections (database.ts), or their statements would
 *   stay behind in the session.
 * - At most `limit` statement texts get names, the first seen: texts built with a variable number
 *   of terms (a DataLoader batch's `OR`s) must not grow the server's plan caches without bound.
 * - A statement PostgreSQL refuses to reuse after a migration changed its result columns runs
 *   unnamed from then on, and the request is answered.
 *
 * @param pool the database's pool
 * @param limit how many statement texts get names
 * @returns the runner
 * @example const read = createPreparedReads(pool); const rows = await read(sql, params, types, KEEP_PLAN)
 */
export function createPreparedReads(pool: pg.Pool, limit = PREPARED_READS_LIMIT): PreparedRead {
  /** Statement text → its name's suffix, or null once it must run unnamed. */
  const suffixes = new Map<string, string | null>();
  const connectionTags = new WeakMap<pg.PoolClient, string>();
  let connections = 0;
  const suffixOf = (text: string): string | null => {
    const known = suffixes.get(text);
    if (known !== undefined) return known;
    if (suffixes.size >= limit) return null;
    const suffix = `s${suffixes.size}`;
    suffixes.set(text, suffix);
    return suffix;
  };
  return async <T>(text: string, values: unknown[], types: pg.CustomTypesConfig, options: ReadOptions = {}) => {
    const suffix = options.keepPlan ? suffixOf(text) : null;
    const client = await pool.connect();
    let tag = connectionTags.get(client);
    if (!tag) connectionTags.set(client, (tag = `c${connections++}`));
    // A server's error answer leaves the connection usable; anything else (a dropped socket) closes it.
    let broken: Error | undefined;
    try {
      try {
        return (await client.query({ name: suffix ? `${tag}_${suffix}` : undefined, text, values, types })).rows as T[];
      } catch (error) {
        if (!suffix || !isCachedPlanChanged(error)) throw error;
        suffixes.set(text, null);
        return (await client.query({ text, values, types })).rows as T[];
      }
    } catch (error) {
      if (!(error instanceof pg.DatabaseError)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
