// Raw reads of model rows. jsonRowSql(): a row carried as JSON (one statement bringing a row with
// its related rows) gives the same model row as the row itself: numeric beyond 2^53, int8, bytea,
// json and enums exact. modelColumnsSql(): some of a model's columns give, through toModelRow, the
// same values as the whole row for those fields, and nothing else.
import type { Database } from '../../../prisma/database';
import { Prisma } from '../../../prisma/generated/client';
import { jsonRowSql } from '../../../prisma/read/jsonRowSql';
import { modelColumnsSql } from '../../../prisma/read/modelFields';
import { readSql } from '../../../prisma/read/readSql';
import { toModelRow } from '../../../prisma/read/toModelRow';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';

let db: Database;

beforeAll(async () => {
  ({ db } = await setupSeededDatabase());
}, SEEDED_DATABASE_TIMEOUT_MS);

afterAll(async () => {
  await teardownSeeded(db);
});

/** Values as comparable text: bigint and Decimal exactly, bytes as hex. */
const comparable = (row: unknown) =>
  JSON.stringify(row, (_key, value: unknown) =>
    typeof value === 'bigint'
      ? `${value}n`
      : value instanceof Prisma.Decimal
        ? `${value.toFixed()}d`
        : value instanceof Uint8Array
          ? Buffer.from(value).toString('hex')
          : value,
  );

describe('jsonRowSql()', () => {
  test.each([
    // Largest values first, ties broken by the primary key (both statements must list the same rows).
    ['EvmTransaction', 'evm_transaction', 'value DESC, chain_id, tx_hash'],
    ['EvmBlock', 'evm_block', 'number DESC, chain_id'],
    ['EvmTokenTransfer', 'evm_token_transfer', 'value DESC, chain_id, tx_hash, log_index, batch_index'],
    ['EvmInternalTransaction', 'evm_internal_transaction', 'value DESC, chain_id, tx_hash, trace_index'],
    ['TeleporterMessage', 'teleporter_message', 'teleporter_message_id'],
    ['EvmContract', 'evm_contract', 'chain_id, address'],
    ['EvmNftToken', 'evm_nft_token', 'chain_id, address, token_id'],
  ] as const)(
    '%s: the model rows of the JSON rows equal those of the rows themselves (largest values first)',
    async (model, table, order) => {
      const plain = await db.read<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY ${order} LIMIT 200`);
      const json = await readSql<{ row: Record<string, unknown> }>(
        db.read,
        Prisma.sql`SELECT ${jsonRowSql(model, 't')} AS row FROM ${Prisma.raw(table)} t ORDER BY ${Prisma.raw(order)} LIMIT 200`,
      );
      expect(plain.length).toBeGreaterThan(0);
      expect(json.map((r) => comparable(toModelRow(model, r.row)))).toEqual(
        plain.map((row) => comparable(toModelRow(model, row))),
      );
    },
  );

  test('with a field list, the JSON row carries those fields only, with the values of the whole row', async () => {
    const fields = ['hash', 'timestamp', 'baseFeePerGas'] as const;
    const [plain] = await db.read<Record<string, unknown>>(
      'SELECT * FROM evm_block ORDER BY number DESC, chain_id LIMIT 1',
    );
    const [json] = await readSql<{ row: Record<string, unknown> }>(
      db.read,
      Prisma.sql`SELECT ${jsonRowSql('EvmBlock', 'b', fields)} AS row FROM evm_block b ORDER BY number DESC, chain_id LIMIT 1`,
    );
    expect(Object.keys(json!.row)).toEqual(['hash', 'timestamp', 'base_fee_per_gas']);
    const whole = toModelRow<Record<string, unknown>>('EvmBlock', plain!);
    expect(comparable(toModelRow('EvmBlock', json!.row))).toEqual(
      comparable(Object.fromEntries(fields.map((field) => [field, whole[field]]))),
    );
  });

  test('refuses a field the model lacks', () => {
    expect(() => jsonRowSql('EvmBlock', 'b', ['hash', 'nope' as 'hash'])).toThrow('EvmBlock has no field "nope"');
  });

  test('refuses an alias that is not a plain identifier', () => {
    expect(() => jsonRowSql('EvmBlock', 'b; DROP TABLE evm_block')).toThrow('is not a plain identifier');
  });
});

describe('modelColumnsSql()', () => {
  test('the columns of the fields listed, in their order, with the values of the whole row', async () => {
    const fields = ['txHash', 'value', 'input', 'status', 'maxFeePerGas'] as const;
    expect(modelColumnsSql('EvmTransaction', 't', fields)).toBe(
      't."tx_hash", t."value", t."input", t."status", t."max_fee_per_gas"',
    );
    const order = 'ORDER BY value DESC, chain_id, tx_hash LIMIT 50';
    const whole = await db.read<Record<string, unknown>>(`SELECT * FROM evm_transaction ${order}`);
    const some = await db.read<Record<string, unknown>>(
      `SELECT ${modelColumnsSql('EvmTransaction', 't', fields)} FROM evm_transaction t ${order}`,
    );
    expect(whole.length).toBeGreaterThan(0);
    expect(some.map((row) => comparable(toModelRow('EvmTransaction', row)))).toEqual(
      whole.map((row) => {
        const model = toModelRow<Record<string, unknown>>('EvmTransaction', row);
        // toModelRow gives fields in the schema's order
        return comparable(
          Object.fromEntries(Object.entries(model).filter(([field]) => (fields as readonly string[]).includes(field))),
        );
      }),
    );
  });

  test('refuses a field the model lacks', () => {
    expect(() => modelColumnsSql('EvmBlock', 'b', ['hash', 'nope' as 'hash'])).toThrow('EvmBlock has no field "nope"');
  });

  test('refuses an alias that is not a plain identifier', () => {
    expect(() => modelColumnsSql('EvmBlock', 'b."x', ['hash'])).toThrow('is not a plain identifier');
  });
});
