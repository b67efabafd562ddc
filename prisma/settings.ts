// Process-wide settings kept in the database (service_setting), so every replica and every restart
// sees the same value: the generated page-token signing secret, the demo data marker.
import type { SqlExecutor } from './database';

/** What the seeder records once the demo data set is loaded. */
export type DemoDataMarker = {
  /** EVM volume multiplier the set was generated with. */
  scale: number;
  /** The data set's "now", Unix seconds (2026-11-01T00:00:00Z). */
  demoNow: number;
  /** When it was loaded, ISO 8601. */
  seededAt: string;
};

/** Every setting and its value type. */
export type ServiceSettings = {
  /** Key signing page tokens, generated once when PAGE_TOKEN_SECRET is not set. */
  pageTokenSecret: string;
  /** Present while the database holds the demo data set. */
  demoData: DemoDataMarker;
  /**
   * Present while transactions indexed before the L1 validation links existed still need theirs
   * (set by the migration that added them): the last transaction done, as `[network, txHash]`.
   */
  l1ValidationLinksBackfill: { after: [string, string] | null };
  /**
   * Present while L1 validator transactions indexed before the fee events existed still need theirs
   * (set by the migration that added them).
   */
  l1FeeEventsBackfill: true;
};

/** Name of a setting. */
export type SettingName = keyof ServiceSettings;

/** Typed access to the service_setting table. */
export type Settings = {
  /** The value, or null when unset. */
  get<K extends SettingName>(name: K): Promise<ServiceSettings[K] | null>;
  /** Sets (or replaces) the value. */
  set<K extends SettingName>(name: K, value: ServiceSettings[K]): Promise<void>;
  /**
   * The stored value, storing `create()` first when there is none. Race-safe: when two processes
   * start at once, both get the value of the one whose insert landed first.
   */
  getOrCreate<K extends SettingName>(name: K, create: () => ServiceSettings[K]): Promise<ServiceSettings[K]>;
  /** Removes the setting (nothing happens when it is unset). */
  delete(name: SettingName): Promise<void>;
};

/** Row keys, snake_case like the schema's names. */
const KEYS: Record<SettingName, string> = {
  pageTokenSecret: 'page_token_secret',
  demoData: 'demo_data',
  l1ValidationLinksBackfill: 'l1_validation_links_backfill',
  l1FeeEventsBackfill: 'l1_fee_events_backfill',
};

/**
 * Settings accessors over a database or a transaction.
 * @param executor the database (`db`), or a `tx` of `db.transaction`
 * @returns the accessors
 * @example
 * const settings = createSettings(db)
 * const secret = await settings.getOrCreate('pageTokenSecret', () => randomBytes(32).toString('base64url'))
 */
export function createSettings(executor: SqlExecutor): Settings {
  const read = async <K extends SettingName>(name: K) => {
    const [row] = await executor.query<{ value: ServiceSettings[K] }>(
      'SELECT value FROM service_setting WHERE key = $1',
      [KEYS[name]],
    );
    return row ? row.value : null;
  };
  return {
    get: read,
    async set(name, value) {
      await executor.query(
        'INSERT INTO service_setting (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()',
        [KEYS[name], JSON.stringify(value)],
      );
    },
    async getOrCreate(name, create) {
      const stored = await read(name);
      if (stored !== null) return stored;
      // Insert-if-absent, then read: the loser of a race inserts nothing and reads the winner's value
      // (its INSERT waits on the winner's uncommitted key, then does nothing).
      await executor.query(
        'INSERT INTO service_setting (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING',
        [KEYS[name], JSON.stringify(create())],
      );
      const value = await read(name);
      if (value === null) throw new Error(`setting ${KEYS[name]} vanished right after it was stored`);
      return value;
    },
    async delete(name) {
      await executor.query('DELETE FROM service_setting WHERE key = $1', [KEYS[name]]);
    },
  };
}
