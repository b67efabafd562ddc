// modelColumnsSql(): a raw read of some of a model's columns gives, through toModelRow, the same
// values as the whole row for those fields, and nothing else.
import type { Database } from '../../../prisma/database';
import { Prisma } from '../../../prisma/generated/client';
import { modelColumnsSql } from '../../../prisma/read/modelFields';
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
const comparable = (row: unknown) => JSON.stringify(row, (_key, value: unknown) =>
  typeof value === 'bigint' ? `${value}n` : value instanceof Prisma.Decimal ? `${value.toFixed()}d` : value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value);

describe('modelColumnsSql()', () => {
  test('the columns of the fields listed, in their order, with the values of the whole row', async () => {
    const fields = ['txHash', 'value', 'input', 'status', 'maxFeePerGas'] as const;
    expect(modelColumnsSql('EvmTransaction', 't', fields)).toBe('t."tx_hash", t."value", t."input", t."status", t."max_fee_per_gas"');
    const order = 'ORDER BY value DESC, chain_id, tx_hash LIMIT 50';
    const whole = await db.read<Record<string, unknown>>(`SELECT * FROM evm_transaction ${order}`);
    const some = await db.read<Record<string, unknown>>(`SELECT ${modelColumnsSql('EvmTransaction', 't', fields)} FROM evm_transaction t ${order}`);
    expect(whole.length).toBeGreaterThan(0);
    expect(some.map((row) => comparable(toModelRow('EvmTransaction', row)))).toEqual(whole.map((row) => {
      const model = toModelRow<Record<string, unknown>>('EvmTransaction', row);
      // toModelRow gives fields in the schema's order
      return comparable(Object.fromEntries(Object.entries(model).filter(([field]) => (fields as readonly string[]).includes(field))));
    }));
  });

  test('refuses a field the model lacks', () => {
    expect(() => modelColumnsSql('EvmBlock', 'b', ['hash', 'nope' as 'hash'])).toThrow('EvmBlock has no field "nope"');
  });

  test('refuses an alias that is not a plain identifier', () => {
    expect(() => modelColumnsSql('EvmBlock', 'b."x', ['hash'])).toThrow('is not a plain identifier');
  });
});
