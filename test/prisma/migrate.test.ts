import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  defaultMigrationsDir,
  migrate,
  migrationChecksum,
  MigrationError,
  readMigrations,
  type MigrationSession,
} from '../../prisma/migrate';
import { initializedPgliteFolder } from '../setup/database';
import { ACTIVE_ADDRESS_ROWS_SQL } from '../../metrics';

// migrate() is tested on bare connections rather than through createDatabase, so each test can
// start from an empty database, edit a copy of the migrations, and open a second "process".
const databaseUrl = process.env.DATABASE_URL;

type Target = { open(): Promise<MigrationSession>; close(): Promise<void> };

/** An empty database: a fresh PGlite, or a fresh schema on the PostgreSQL of DATABASE_URL. */
function createTarget(): Target {
  if (!databaseUrl) {
    // A copy of an initialized folder: initdb on every test would cost 3-4 s of a core each.
    let opened: Promise<{ dataDir: string; pglite: PGlite; session: MigrationSession }> | undefined;
    const open = async () => {
      const dataDir = await initializedPgliteFolder();
      const pglite = new PGlite(dataDir);
      const session: MigrationSession = {
        kind: 'pglite',
        query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
        exec: async (script) => void (await pglite.exec(script)),
      };
      return { dataDir, pglite, session };
    };
    return {
      open: async () => (await (opened ??= open())).session,
      async close() {
        if (!opened) return;
        const { dataDir, pglite } = await opened;
        try {
          await pglite.close();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const clients: pg.Client[] = [];
  return {
    async open() {
      const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
      await client.connect();
      clients.push(client);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      return {
        kind: 'postgres',
        query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        exec: async (script) => void (await client.query(script)),
      };
    },
    async close() {
      await clients[0]?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await Promise.all(clients.map((client) => client.end()));
    },
  };
}

type MigrationRow = {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
};

describe('migrate()', () => {
  let target: Target;
  let session: MigrationSession;
  let migrationsDir: string;
  const migrations = readMigrations(defaultMigrationsDir);
  const addMigration = (name: string, sql: string) => {
    mkdirSync(path.join(migrationsDir, name));
    writeFileSync(path.join(migrationsDir, name, 'migration.sql'), sql);
  };
  const recorded = () => session.query<MigrationRow>('SELECT * FROM "_prisma_migrations" ORDER BY started_at');

  beforeEach(async () => {
    migrationsDir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    cpSync(defaultMigrationsDir, migrationsDir, { recursive: true });
    target = createTarget();
    session = await target.open();
  });
  afterEach(async () => {
    await target.close();
    rmSync(migrationsDir, { recursive: true, force: true });
  });

  it('applies every migration on an empty database and records it as Prisma does', async () => {
    expect(migrations.length).toBeGreaterThan(0);
    const result = await migrate({ session, migrationsDir });

    expect(result).toEqual({ applied: migrations.map((m) => m.name), alreadyApplied: 0 });
    const rows = await recorded();
    expect(rows.map((row) => row.migration_name)).toEqual(migrations.map((m) => m.name));
    for (const [i, row] of rows.entries()) {
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      const file = path.join(migrationsDir, row.migration_name, 'migration.sql');
      expect(row.checksum).toBe(migrationChecksum(readFileSync(file, 'utf8')));
      expect(row.checksum).toBe(migrations[i].checksum);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
    await expect(session.query('SELECT count(*) FROM evm_block')).resolves.toHaveLength(1);
  });

  it('is a no-op when run again', async () => {
    await migrate({ session, migrationsDir });
    const before = await recorded();

    await expect(migrate({ session, migrationsDir })).resolves.toEqual({
      applied: [],
      alreadyApplied: migrations.length,
    });
    expect(await recorded()).toEqual(before);
  });

  it('applies only the migrations added since the last run', async () => {
    await migrate({ session, migrationsDir });
    addMigration('99990101000000_add_probe', 'CREATE TABLE "probe" ("id" INTEGER PRIMARY KEY);\n');

    const result = await migrate({ session, migrationsDir });

    expect(result.applied).toEqual(['99990101000000_add_probe']);
    await expect(session.query('SELECT * FROM probe')).resolves.toEqual([]);
  });

  it('error: refuses to run when an applied migration was edited', async () => {
    await migrate({ session, migrationsDir });
    const file = path.join(migrationsDir, migrations[0].name, 'migration.sql');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n-- edited\n`);

    const error = await migrate({ session, migrationsDir }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MigrationError);
    expect(error).toMatchObject({ code: 'MIGRATION_CHECKSUM_MISMATCH' });
    expect((error as Error).message).toContain(`migration ${migrations[0].name} was modified after it was applied`);
  });

  it('accepts an applied migration checked out with CRLF line endings', async () => {
    await migrate({ session, migrationsDir });
    const file = path.join(migrationsDir, migrations[0].name, 'migration.sql');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\n/g, '\r\n'));

    await expect(migrate({ session, migrationsDir })).resolves.toMatchObject({ applied: [] });
  });

  it('error: rolls back a failing migration and records nothing of it', async () => {
    await migrate({ session, migrationsDir });
    addMigration('99990101000000_broken', 'CREATE TABLE "half_done" ("id" INTEGER);\nSELECT * FROM "no_such_table";\n');

    const error = await migrate({ session, migrationsDir }).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'MIGRATION_FAILED' });
    expect((error as Error).message).toMatch(/99990101000000_broken failed and was rolled back: .*no_such_table/);
    const tables = await session.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
    expect(tables).toEqual([]);
    expect((await recorded()).map((row) => row.migration_name)).toEqual(migrations.map((m) => m.name));
  });

  it('error: refuses to run after a migration Prisma recorded as unfinished', async () => {
    await migrate({ session, migrationsDir });
    await session.query(
      'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs) VALUES ($1, $2, $3, $4)',
      ['00000000-0000-0000-0000-000000000000', 'x', '99990101000000_crashed', 'boom'],
    );

    await expect(migrate({ session, migrationsDir })).rejects.toMatchObject({ code: 'MIGRATION_PREVIOUSLY_FAILED' });
  });

  const onPostgres = databaseUrl ? it : it.skip;

  onPostgres('lets two processes start at once on PostgreSQL: one applies, the other finds it done', async () => {
    const other = await target.open();
    const logs: string[] = [];

    const results = await Promise.all([
      migrate({ session, migrationsDir, log: (msg) => logs.push(msg) }),
      migrate({ session: other, migrationsDir, log: (msg) => logs.push(msg) }),
    ]);

    const applied = results.map((result) => result.applied.length).sort();
    expect(applied).toEqual([0, migrations.length]);
    expect(await recorded()).toHaveLength(migrations.length);
  });
});

/**
 * A database migrated up to just before migration `suffix` (none of the later ones); `apply()` runs that one migration.
 * Call from a describe block: it registers the block's beforeAll and afterAll.
 */
function beforeMigration(suffix: string): { session: () => MigrationSession; apply: () => Promise<unknown> } {
  const name = readMigrations(defaultMigrationsDir).find((m) => m.name.endsWith(`_${suffix}`))!.name;
  let target: Target;
  let session: MigrationSession;
  let migrationsDir: string;
  beforeAll(async () => {
    migrationsDir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    cpSync(defaultMigrationsDir, migrationsDir, { recursive: true });
    for (const m of readMigrations(defaultMigrationsDir))
      if (m.name >= name) rmSync(path.join(migrationsDir, m.name), { recursive: true });
    target = createTarget();
    session = await target.open();
    await migrate({ session, migrationsDir });
  });
  afterAll(async () => {
    await target.close();
    rmSync(migrationsDir, { recursive: true, force: true });
  });
  return {
    session: () => session,
    apply: async () => {
      cpSync(path.join(defaultMigrationsDir, name), path.join(migrationsDir, name), { recursive: true });
      await expect(migrate({ session, migrationsDir })).resolves.toMatchObject({ applied: [name] });
    },
  };
}

describe('migration validation_time_rules_and_service_state', () => {
  const before = beforeMigration('validation_time_rules_and_service_state');

  it('keeps removed validations removed: their removal time is the block time at removed_at_block_index', async () => {
    const P = '11111111111111111111111111111111LpoYY';
    await before.session().exec(`
      INSERT INTO subnet (network, subnet_id, create_block_timestamp, create_block_index, owner_addresses, threshold, locktime) VALUES ('fuji', 's', 1, 1, '{}', 1, 0);
      INSERT INTO primary_network_block (network, blockchain_id, block_number, block_hash, parent_hash, block_type, block_timestamp, tx_count, transactions, block_size_bytes, current_supply)
        VALUES ('fuji', '${P}', 7, 'h7', 'h6', 'BanffStandardBlock', 1700000700, 1, '{}', 100, 0),
               ('fuji', 'other-chain', 7, 'x7', 'x6', 'StandardBlock', 1600000000, 1, '{}', 100, 0);
      INSERT INTO validator (network, tx_hash, validation_id, node_id, subnet_id, amount_staked, weight, start_timestamp, end_timestamp, block_index, removed_at_block_index, validation_status)
        VALUES ('fuji', 'removed', 'removed', 'n1', 's', 1, 1, 1700000000, 1800000000, 1, 7, 'removed'),
               ('fuji', 'ended', 'ended', 'n2', 's', 1, 1, 1700000000, 1700000500, 1, 7, 'completed'),
               ('fuji', 'current', 'current', 'n3', 's', 1, 1, 1700000000, NULL, 1, NULL, 'active');`);
    await before.apply();

    const rows = await before
      .session()
      .query<{ tx_hash: string; removed_timestamp: bigint | string | null }>(
        'SELECT tx_hash, removed_timestamp FROM validator ORDER BY tx_hash',
      );
    expect(rows.map((r) => [r.tx_hash, r.removed_timestamp === null ? null : String(r.removed_timestamp)])).toEqual([
      ['current', null],
      ['ended', null],
      ['removed', '1700000700'],
    ]);
    const columns = await before
      .session()
      .query<{ column_name: string }>(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name IN ('validation_status', 'delegation_status')",
      );
    expect(columns).toEqual([]);
  });
});

describe('migration current_erc20_balance', () => {
  const before = beforeMigration('current_erc20_balance');

  it("fills each holder's current balance from its history: the change of its latest block, zero balances kept", async () => {
    await before.session().exec(`
      INSERT INTO erc20_balance_change (chain_id, token_address, holder, block_number, block_timestamp, balance) VALUES
        (1, '0xt1', '0xh1', 5, 50, 10), (1, '0xt1', '0xh1', 9, 90, 7), (1, '0xt1', '0xh1', 7, 70, 12),
        (1, '0xt2', '0xh1', 3, 30, 4), (1, '0xt2', '0xh1', 8, 80, 0),
        (2, '0xt1', '0xh1', 2, 20, 99);`);
    await before.apply();
    const rows = await before
      .session()
      .query<{ chain_id: bigint | string; token_address: string; block_number: bigint | string; balance: string }>(
        'SELECT chain_id, token_address, block_number, balance::text AS balance FROM erc20_balance ORDER BY chain_id, token_address',
      );
    expect(rows.map((r) => [String(r.chain_id), r.token_address, String(r.block_number), r.balance])).toEqual([
      ['1', '0xt1', '9', '7'],
      ['1', '0xt2', '8', '0'],
      ['2', '0xt1', '2', '99'],
    ]);
  });
});

describe('migration erc1155_balances_and_nft_owner_index', () => {
  const before = beforeMigration('erc1155_balances_and_nft_owner_index');

  it('fills the ERC-1155 history with running sums of the transfers per token ID, and the current balances with its latest changes', async () => {
    const Z = '0x0000000000000000000000000000000000000000';
    await before.session().exec(`
      INSERT INTO evm_token_transfer (chain_id, tx_hash, log_index, batch_index, block_number, erc_type, token_address, from_address, to_address, value, token_id) VALUES
        (1, '0xa', 0, 0, 5, 'ERC-1155', '0xt', '${Z}', '0xh1', 10, 1),
        (1, '0xa', 0, 1, 5, 'ERC-1155', '0xt', '${Z}', '0xh1', 4, 2),
        (1, '0xb', 0, 0, 7, 'ERC-1155', '0xt', '0xh1', '0xh2', 3, 1),
        (1, '0xb', 1, 0, 7, 'ERC-1155', '0xt', '0xh1', '0xh2', 1, 1),
        (1, '0xc', 0, 0, 9, 'ERC-1155', '0xt', '0xh1', '${Z}', 4, 2),
        (1, '0xd', 0, 0, 9, 'ERC-20', '0xu', '0xh1', '0xh2', 5, NULL),
        (2, '0xe', 0, 0, 3, 'ERC-1155', '0xt', '${Z}', '0xh1', 6, 1);`);
    await before.apply();
    const read = async (table: string) =>
      (
        await before.session().query<{
          chain_id: bigint | string;
          holder: string;
          token_id: string;
          block_number: bigint | string;
          balance: string;
        }>(
          `SELECT chain_id, holder, token_id::text AS token_id, block_number, balance::text AS balance FROM ${table}
             ORDER BY chain_id, holder, token_id, block_number`,
        )
      ).map((r) => [String(r.chain_id), r.holder, r.token_id, String(r.block_number), r.balance]);
    expect(await read('erc1155_balance_change')).toEqual([
      ['1', '0xh1', '1', '5', '10'],
      ['1', '0xh1', '1', '7', '6'],
      ['1', '0xh1', '2', '5', '4'],
      ['1', '0xh1', '2', '9', '0'],
      ['1', '0xh2', '1', '7', '4'],
      ['2', '0xh1', '1', '3', '6'],
    ]);
    expect(await read('erc1155_balance')).toEqual([
      ['1', '0xh1', '1', '7', '6'],
      ['1', '0xh1', '2', '9', '0'],
      ['1', '0xh2', '1', '7', '4'],
      ['2', '0xh1', '1', '3', '6'],
    ]);
  });
});

describe('migration l1_validation_transactions', () => {
  const before = beforeMigration('l1_validation_transactions');

  it('asks for the one-time backfill of the links when L1 validator transactions are stored', async () => {
    const P = '11111111111111111111111111111111LpoYY';
    const marker = () =>
      before
        .session()
        .query<{ value: unknown }>("SELECT value FROM service_setting WHERE key = 'l1_validation_links_backfill'");
    await before.session().exec(`
      INSERT INTO primary_network_transaction (network, tx_hash, blockchain_id, tx_type, block_number, block_timestamp, tx_bytes)
        VALUES ('fuji', 'base', '${P}', 'BaseTx', 1, 100, '0x00'), ('fuji', 'disable', '${P}', 'DisableL1ValidatorTx', 2, 200, '0x00');`);
    await before.apply();
    expect(await marker()).toEqual([{ value: { after: null } }]);
  });
});

describe('migration l1_validator_fee_events', () => {
  const before = beforeMigration('l1_validator_fee_events');

  it('asks for the one-time backfill of the fee events when L1 validator transactions are stored', async () => {
    const P = '11111111111111111111111111111111LpoYY';
    await before.session().exec(`
      INSERT INTO primary_network_transaction (network, tx_hash, blockchain_id, tx_type, block_number, block_timestamp, tx_bytes)
        VALUES ('fuji', 'base', '${P}', 'BaseTx', 1, 100, '0x00'), ('fuji', 'increase', '${P}', 'IncreaseL1ValidatorBalanceTx', 2, 200, '0x00');`);
    await before.apply();
    expect(
      await before.session().query("SELECT value FROM service_setting WHERE key = 'l1_fee_events_backfill'"),
    ).toEqual([{ value: true }]);
  });
});

describe('migration metric_address_bitmaps', () => {
  const before = beforeMigration('metric_address_bitmaps');

  it('carries every set over as bitmaps: the same addresses and senders per period, numbered by first hour', async () => {
    // 70 addresses, so the numbers fill a chunk of 64 and spill into a second.
    const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
    const rows = Array.from({ length: 70 }, (_, i) => [
      `('43114', 'hour', ${3600 * (70 - i)}, '${address(i)}', ${i % 3 === 0})`,
      `('total', 'day', 0, '${address(i)}', ${i % 2 === 0})`,
    ]).flat();
    await before.session().exec(`
      INSERT INTO metric_active_address (scope, time_interval, bucket, address, sender) VALUES ${rows.join(', ')};`);
    await before.apply();
    const sets = await before
      .session()
      .query<{ scope: string; time_interval: string; bucket: bigint | string; address: string; sender: boolean }>(
        `SELECT scope, time_interval::text, bucket, address, sender FROM (${ACTIVE_ADDRESS_ROWS_SQL}) r`,
      );
    const expected = Array.from({ length: 70 }, (_, i) => [
      `43114 hour ${3600 * (70 - i)} ${address(i)} ${i % 3 === 0}`,
      `total day 0 ${address(i)} ${i % 2 === 0}`,
    ]).flat();
    expect(sets.map((r) => `${r.scope} ${r.time_interval} ${r.bucket} ${r.address} ${r.sender}`).sort()).toEqual(
      expected.sort(),
    );
    // The address of the earliest hour is number 1.
    expect(await before.session().query('SELECT address FROM metric_address WHERE id = 1')).toEqual([
      { address: address(69) },
    ]);
  });
});

describe('migration hex_bytes_as_bytea', () => {
  const before = beforeMigration('hex_bytes_as_bytea');

  it('carries hashes and addresses over as their bytes, in any case; an empty source transaction becomes empty bytes', async () => {
    const id = `0x${'ab'.repeat(32)}`;
    await before.session().exec(`
      INSERT INTO evm_method_signature (method_hash, method_name) VALUES ('0xA9059CBB', 'transfer(address,uint256)');
      INSERT INTO teleporter_message (teleporter_message_id, source_blockchain_id, destination_blockchain_id, source_tx_hash,
          origin_sender_address, destination_tx_hash)
        VALUES ('${id}', 's', 'd', '', '0x${'12'.repeat(20)}', NULL);`);
    await before.apply();
    expect(
      await before.session().query(`SELECT encode(method_hash, 'hex') AS hash, method_name FROM evm_method_signature`),
    ).toEqual([{ hash: 'a9059cbb', method_name: 'transfer(address,uint256)' }]);
    expect(
      await before.session().query(
        `SELECT encode(teleporter_message_id, 'hex') AS id, octet_length(source_tx_hash) AS source,
                  encode(origin_sender_address, 'hex') AS sender, destination_tx_hash AS destination FROM teleporter_message`,
      ),
    ).toEqual([{ id: 'ab'.repeat(32), source: 0, sender: '12'.repeat(20), destination: null }]);
    // A message stored without a source still gets empty bytes.
    await before
      .session()
      .exec(`INSERT INTO teleporter_message (teleporter_message_id, source_blockchain_id, destination_blockchain_id)
        VALUES ('\\x01', 's', 'd')`);
    expect(
      await before
        .session()
        .query(
          `SELECT octet_length(source_tx_hash) AS source FROM teleporter_message WHERE teleporter_message_id = '\\x01'`,
        ),
    ).toEqual([{ source: 0 }]);
  });
});

describe('migration api_key_active_name_unique', () => {
  const before = beforeMigration('api_key_active_name_unique');
  const key = (id: string, name: string, createdAt: string, revokedAt: string | null) =>
    `('${id}', '${id.padEnd(64, '0')}', 'ads_${id}', '${name}', '{}', '${createdAt}', ${revokedAt ? `'${revokedAt}'` : 'NULL'})`;
  const insert = (...rows: string[]) =>
    before
      .session()
      .exec(
        `INSERT INTO api_key (id, key_hash, prefix, name, allowed_routes, created_at, revoked_at) VALUES ${rows.join(', ')}`,
      );

  it('keeps the name of the oldest active key of a name, appends their IDs to the later ones; revoked keys keep theirs', async () => {
    await insert(
      key('key_b', 'explorer', '2026-01-02T00:00:00Z', null),
      key('key_a', 'explorer', '2026-01-01T00:00:00Z', null),
      key('key_c', 'explorer', '2026-01-03T00:00:00Z', null),
      key('key_r', 'explorer', '2025-12-01T00:00:00Z', '2025-12-02T00:00:00Z'),
      key('key_s', 'solo', '2026-01-01T00:00:00Z', null),
    );
    await before.apply();
    const rows = await before.session().query<{ id: string; name: string }>('SELECT id, name FROM api_key ORDER BY id');
    expect(rows).toEqual([
      { id: 'key_a', name: 'explorer' },
      { id: 'key_b', name: 'explorer (key_b)' },
      { id: 'key_c', name: 'explorer (key_c)' },
      { id: 'key_r', name: 'explorer' },
      { id: 'key_s', name: 'solo' },
    ]);
  });

  it('then refuses a second active key of a name, and takes revoked keys of any name', async () => {
    await expect(insert(key('key_d', 'solo', '2026-02-01T00:00:00Z', null))).rejects.toThrow(/api_key_active_name_key/);
    await expect(insert(key('key_e', 'solo', '2026-02-01T00:00:00Z', '2026-02-02T00:00:00Z'))).resolves.toBeUndefined();
  });
});

describe('migrationChecksum()', () => {
  it('is the SHA-256 hex digest of the file, as Prisma records it', () => {
    expect(migrationChecksum('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
