// Bytes (hashes, addresses, calldata, log data) are `0x` hex strings in the service's rows and
// bytea in the database, where they take half the room of their text. The raw path is where the
// two meet, and this module is its one mechanism: a parameter that is 0x hex is sent in bytea's
// hex input form (`\x…`), and a bytea result comes back as 0x hex. So a 0x hex value that a raw
// statement compares or writes through a parameter must live in a Bytes column. Text columns that
// hold 0x values (webhook keys, BLS keys, a signature's `r` and `s`) are written through the write
// path's rows, which keep text as text, and compared with `asText`. Prisma's client keeps its own
// types: Uint8Array for Bytes (`toHexRow`, `hexToBytes` convert at its call sites).
import pg from 'pg';
import { fromHex, toHex } from '../avalanche/bytes';

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;

/** Whether a value is a `0x` string of whole bytes (upper- or lower-case digits). */
export function isHexBytes(value: unknown): value is string {
  // The prefix test first: most parameters are not hex at all.
  return typeof value === 'string' && value.charCodeAt(0) === 48 && value.charCodeAt(1) === 120 && HEX.test(value);
}

/** A parameter sent as text though it looks like hex (pg sends what `toPostgres` returns). */
export class TextParameter {
  constructor(readonly value: string | readonly string[]) {}
  toPostgres(): string | readonly string[] {
    return this.value;
  }
}

/**
 * Marks a 0x-looking string, or an array of them, as text for a raw statement: a column that
 * stores text (a webhook's watched keys, EVM addresses among others) compared with it. Without it
 * the value would be sent as bytea's `\x…` and match no text.
 * @example tx.query('SELECT … FROM webhook_key WHERE key = ANY($1::text[])', [asText(addresses)])
 */
export function asText(value: string | readonly string[]): TextParameter {
  return new TextParameter(value);
}

/**
 * A raw statement's parameters as PostgreSQL reads them: 0x hex strings (also inside arrays) in
 * bytea's hex input form, everything else unchanged.
 * @param params the statement's parameters
 * @returns the same array when nothing is hex, else a converted copy
 * @example toByteaParams(['0xab', 5n]) // ['\\xab', 5n]
 */
export function toByteaParams(params: readonly unknown[] | undefined): unknown[] | undefined {
  if (params === undefined) return undefined;
  let converted: unknown[] | undefined;
  for (let i = 0; i < params.length; i++) {
    const value = params[i];
    const sent = isHexBytes(value) ? `\\x${value.slice(2)}` : Array.isArray(value) ? toByteaParams(value) : value;
    if (sent !== value) {
      converted ??= params.slice();
      converted[i] = sent;
    }
  }
  return converted ?? (params as unknown[]);
}

const HEX_LITERAL = /'0x(?:[0-9a-fA-F]{2})+'/;
const checked = new Set<string>();

/**
 * Throws when SQL quotes a 0x hex literal: where it meets bytes PostgreSQL reads `'0x00ab'` as the
 * six characters, so the comparison fails without a word. Statements repeat: each text is checked once.
 * @throws {Error} naming the literal and what to use instead
 * @example refuseHexLiterals("SELECT 1 WHERE hash = '0xab'") // throws
 */
export function refuseHexLiterals(sql: string): void {
  if (checked.has(sql)) return;
  const literal = HEX_LITERAL.exec(sql)?.[0];
  if (literal)
    throw new Error(
      `SQL quotes ${literal}, read as its characters where bytes are compared: use byteaLiteral() or a parameter`,
    );
  checked.add(sql);
}

const BYTEA = 17;
const BYTEA_ARRAY = 1001;
const TEXT_ARRAY = 1009;
// pg's text[] parser splits an array's text (quoting, NULLs); a bytea[]'s elements are `\x…` text.
const splitTextArray = (pg.types.getTypeParser as (oid: number) => (text: string) => unknown)(TEXT_ARRAY);

/** A bytea column's text (`\x0a0b`) as 0x hex (`0x0a0b`). */
const parseBytea = (text: string): string => `0x${text.slice(2)}`;

/** A bytea[] column's text as an array of 0x hex (nested arrays and NULLs kept). */
function parseByteaArray(text: string): unknown {
  const toHex = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(toHex) : value === null ? null : parseBytea(value as string);
  return toHex(splitTextArray(text));
}

/**
 * A pg type-parser lookup that reads bytea and bytea[] as 0x hex and every other type as `base` does.
 * @param base the lookup it extends
 * @returns the lookup, for a pool's or a query's `types`
 * @example new pg.Pool({ types: { getTypeParser: parsingByteaAsHex(pg.types.getTypeParser) } })
 */
export function parsingByteaAsHex(base: typeof pg.types.getTypeParser): typeof pg.types.getTypeParser {
  return ((oid: number, format?: 'text' | 'binary') =>
    oid === BYTEA
      ? parseBytea
      : oid === BYTEA_ARRAY
        ? parseByteaArray
        : base(oid, format)) as typeof pg.types.getTypeParser;
}

type HexValue<V> = V extends Uint8Array ? string : V;

/** A row type (Prisma's model or create input) with its Bytes fields as 0x hex strings. */
export type HexRow<T> = { [K in keyof T]: HexValue<T[K]> };

/**
 * A row Prisma's client returned, with its Bytes as 0x hex, the form every other reader hands.
 * @param row a model row from the client
 * @returns the row with each Uint8Array value as 0x hex
 * @example toHexRow(await prisma.evmBlock.findFirstOrThrow(…)).hash // '0x…'
 */
export function toHexRow<T extends object>(row: T): HexRow<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Uint8Array ? `0x${toHex(value)}` : value;
  return out as HexRow<T>;
}

/**
 * 0x hex as the bytes Prisma's client takes for a Bytes field.
 * @throws {Error} when the text is not 0x hex of whole bytes
 * @example prisma.evmContract.findUnique({ where: { chainId_address: { chainId, address: hexToBytes(address) } } })
 */
export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!isHexBytes(hex)) throw new Error(`${JSON.stringify(hex)} is not 0x hex of whole bytes`);
  // fromHex allocates its own ArrayBuffer, the buffer type Prisma's Bytes inputs name.
  return fromHex(hex) as Uint8Array<ArrayBuffer>;
}

/**
 * SQL that gives a bytea expression as 0x hex text, for JSON a statement builds itself (jsonRowSql
 * does this for model rows): bytea in JSON would read `\\x…`.
 * @param expression a bytea column or expression (trusted SQL text)
 * @example `json_build_object('txHash', ${hexSql('p."txHash"')})`
 */
export function hexSql(expression: string): string {
  return `'0x' || encode(${expression}, 'hex')`;
}

/**
 * A 0x hex constant as a bytea literal for SQL text (a quoted `'0x…'` would read as the characters).
 * @throws {Error} when the text is not 0x hex of whole bytes
 * @example `WHERE from_address <> ${byteaLiteral(ZERO_ADDRESS)}`
 */
export function byteaLiteral(hex: string): string {
  if (!isHexBytes(hex)) throw new Error(`${JSON.stringify(hex)} is not 0x hex of whole bytes`);
  return `'\\x${hex.slice(2)}'::bytea`;
}
