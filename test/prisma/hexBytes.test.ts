// Bytes are 0x hex in rows and bytea in the database (prisma/hexBytes.ts): parameters that are 0x
// hex go as bytea, bytea comes back as 0x hex, text that looks like hex goes as text when marked.
import pg from 'pg';
import type { Database } from '../../prisma/database';
import { Prisma } from '../../prisma/generated/client';
import {
  asText,
  byteaLiteral,
  hexSql,
  hexToBytes,
  isHexBytes,
  parsingByteaAsHex,
  refuseHexLiterals,
  toByteaParams,
  toHexRow,
} from '../../prisma/hexBytes';
import { jsonRowSql } from '../../prisma/read/jsonRowSql';
import { readSql } from '../../prisma/read/readSql';
import { insertRows } from '../../prisma/write/insertRows';
import { setupTestDatabase, teardown } from '../setup/database';

describe('isHexBytes()', () => {
  test.each(['0x', '0x00', '0xa9059cbb', '0xA9059CBB'])('rule: %j is 0x hex of whole bytes', (value) => {
    expect(isHexBytes(value)).toBe(true);
  });
  test.each(['0x1', 'a9', '0xzz', '', '0X00', 12])('rule: %j is not', (value) => {
    expect(isHexBytes(value)).toBe(false);
  });
});

describe('toByteaParams()', () => {
  test('rule: 0x hex strings, also inside arrays, go in bytea hex input form; other values as they are', () => {
    const text = asText('0xab');
    expect(toByteaParams(['0xAB', ['0x01', null, '0x'], 'avax1x', '0x1', 7n, text])).toEqual([
      '\\xAB',
      ['\\x01', null, '\\x'],
      'avax1x',
      '0x1',
      7n,
      text,
    ]);
  });

  test('rule: a list without hex is handed back as it is', () => {
    const params = ['a', 1, [2n]];
    expect(toByteaParams(params)).toBe(params);
    expect(toByteaParams(undefined)).toBeUndefined();
  });
});

describe('parsingByteaAsHex()', () => {
  const lookup = parsingByteaAsHex(pg.types.getTypeParser) as (
    oid: number,
    format: 'text',
  ) => (text: string) => unknown;
  test('rule: bytea and bytea[] text read as 0x hex; other types as the base parses them', () => {
    expect(lookup(17, 'text')('\\x0a0b')).toBe('0x0a0b');
    expect(lookup(1001, 'text')('{"\\\\x0a","\\\\x",NULL}')).toEqual(['0x0a', '0x', null]);
    expect(lookup(23, 'text')('42')).toBe(42);
  });
});

describe('hexToBytes() and toHexRow()', () => {
  test('rule: bytes for Prisma client arguments, and client rows back with 0x hex', () => {
    const bytes = hexToBytes('0xA9059cbb');
    expect([...bytes]).toEqual([0xa9, 0x05, 0x9c, 0xbb]);
    expect(toHexRow({ hash: bytes, n: 1n, name: 'x', none: null })).toEqual({
      hash: '0xa9059cbb',
      n: 1n,
      name: 'x',
      none: null,
    });
  });

  test('error: text that is not 0x hex of whole bytes is refused', () => {
    expect(() => hexToBytes('0x1')).toThrow('"0x1" is not 0x hex of whole bytes');
    expect(() => byteaLiteral('abc')).toThrow('"abc" is not 0x hex of whole bytes');
  });
});

describe('refuseHexLiterals()', () => {
  test('error: a quoted 0x hex literal is refused, naming it', () => {
    expect(() => refuseHexLiterals("SELECT 1 FROM evm_log WHERE address <> '0x00ab'")).toThrow(
      "SQL quotes '0x00ab', read as its characters where bytes are compared: use byteaLiteral() or a parameter",
    );
  });

  test("rule: parameters, bytea literals, '' and text that is not whole bytes pass", () => {
    for (const sql of [
      'SELECT 1 WHERE hash = $1',
      `SELECT 1 WHERE hash = ${byteaLiteral('0x00ab')}`,
      "SELECT 1 WHERE source_tx_hash <> '' AND sig_r = '0x1'",
    ])
      expect(() => refuseHexLiterals(sql)).not.toThrow();
  });

  test('rule: the database refuses such SQL when told to', async () => {
    const db = await setupTestDatabase();
    try {
      await expect(db.query("SELECT 1 WHERE '\\x01'::bytea = '0x01'")).rejects.toThrow("SQL quotes '0x01'");
      await expect(db.transaction((tx) => tx.query("SELECT '0xab' AS t"))).rejects.toThrow("SQL quotes '0xab'");
    } finally {
      await teardown(db);
    }
  });
});

describe('the raw path on the database', () => {
  let db: Database;
  beforeAll(async () => {
    db = await setupTestDatabase();
    await insertRows(db, 'EvmMethodSignature', [
      { methodHash: '0xA9059CBB', methodName: 'transfer(address,uint256)' },
      { methodHash: '0x095ea7b3', methodName: 'approve(address,uint256)' },
    ]);
  });
  afterAll(() => teardown(db));

  test('rule: a value is stored as its bytes and read back as lower-case 0x hex', async () => {
    expect(
      await db.query('SELECT method_hash, octet_length(method_hash) AS size FROM evm_method_signature ORDER BY 1'),
    ).toEqual([
      { method_hash: '0x095ea7b3', size: 4 },
      { method_hash: '0xa9059cbb', size: 4 },
    ]);
  });

  test('rule: 0x hex parameters compare as bytes, in either case, alone or in arrays', async () => {
    const names = async (sql: string, params: unknown[]) =>
      (await db.query<{ method_name: string }>(sql, params)).map((row) => row.method_name);
    expect(await names('SELECT method_name FROM evm_method_signature WHERE method_hash = $1', ['0xa9059CBB'])).toEqual([
      'transfer(address,uint256)',
    ]);
    expect(
      await names('SELECT method_name FROM evm_method_signature WHERE method_hash = ANY($1::bytea[]) ORDER BY 1', [
        ['0x095ea7b3', '0xa9059cbb'],
      ]),
    ).toEqual(['approve(address,uint256)', 'transfer(address,uint256)']);
    const read = await readSql<{ method_name: string }>(
      db.read,
      Prisma.sql`SELECT method_name FROM evm_method_signature WHERE method_hash = ${'0x095ea7b3'}`,
    );
    expect(read.map((row) => row.method_name)).toEqual(['approve(address,uint256)']);
  });

  test('rule: text marked asText stays text; unmarked, a 0x string would arrive as bytea input', async () => {
    expect(await db.query('SELECT $1::text AS t', [asText('0xab')])).toEqual([{ t: '0xab' }]);
    expect(await db.query('SELECT $1::text[] AS t', [asText(['0xab', '0xcd'])])).toEqual([{ t: ['0xab', '0xcd'] }]);
    expect(await db.query('SELECT $1::text AS t', ['0xab'])).toEqual([{ t: '\\xab' }]);
  });

  test('rule: JSON rows, hexSql and byteaLiteral give and take 0x hex as the rows do', async () => {
    const [row] = await readSql<{ json: { method_hash: string }; hex: string; found: boolean }>(
      db.read,
      Prisma.sql`SELECT ${jsonRowSql('EvmMethodSignature', 's')} AS json, ${Prisma.raw(hexSql('s.method_hash'))} AS hex,
        s.method_hash = ${Prisma.raw(byteaLiteral('0xa9059cbb'))} AS found
        FROM evm_method_signature s WHERE s.method_name LIKE 'transfer%'`,
    );
    expect(row).toEqual({
      json: expect.objectContaining({ method_hash: '0xa9059cbb' }),
      hex: '0xa9059cbb',
      found: true,
    });
  });

  test("rule: Prisma's client takes and gives bytes; toHexRow makes its rows the raw path's", async () => {
    const found = await db.prisma.evmMethodSignature.findUniqueOrThrow({
      where: { methodHash: hexToBytes('0xa9059cbb') },
    });
    expect(found.methodHash).toBeInstanceOf(Uint8Array);
    expect(toHexRow(found)).toEqual({ methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' });
  });
});
