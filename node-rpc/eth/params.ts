// Positional arguments of the geth-style methods, decoded as Go's json and hexutil decode them, with
// the same error texts (`invalid argument 0: hex string without 0x prefix`, `missing value for
// required argument 1`, `too many arguments, want at most 2`, `non-array args`).
import { ServiceError } from '../../shared/errors';
import type { JsonObject, JsonValue } from '../../shared/goJson';
import { invalidParams } from '../envelope/jsonRpcError';

/** A decode failure of one argument; the caller prefixes `invalid argument N: `. */
export class ArgDecodeError extends ServiceError {
  override name = 'ArgDecodeError';
}

/** One positional argument: its decoder, and whether Go declares it as a pointer (optional). */
export type Arg<T> = { decode: (value: JsonValue) => T; optional: boolean };

/** The values of an argument list. */
export type ArgValues<A extends readonly Arg<unknown>[]> = {
  [K in keyof A]: A[K] extends Arg<infer T> ? (A[K]['optional'] extends true ? T | undefined : T) : never;
};

/**
 * Decodes a call's params into its arguments (rpc/json.go parsePositionalArguments).
 * @param params the request's params (absent and null mean none)
 * @param args the method's arguments
 * @returns the values (undefined for omitted or null optional ones)
 * @throws JsonRpcError -32602 as the node words it
 * @example decodePositional(['0x10', false], [blockNumberArg, boolArg])
 */
export function decodePositional<A extends readonly Arg<unknown>[]>(
  params: JsonValue | undefined,
  args: A,
): ArgValues<A> {
  if (params === undefined || params === null) params = [];
  if (!Array.isArray(params)) throw invalidParams('non-array args');
  const values: unknown[] = [];
  params.forEach((value, i) => {
    const arg = args[i];
    if (!arg) throw invalidParams(`too many arguments, want at most ${args.length}`);
    if (value === null && arg.optional) {
      values.push(undefined);
      return;
    }
    try {
      values.push(arg.decode(value));
    } catch (error) {
      if (error instanceof ArgDecodeError) throw invalidParams(`invalid argument ${i}: ${error.message}`);
      throw error;
    }
  });
  for (let i = values.length; i < args.length; i++) {
    if (!args[i]!.optional) throw invalidParams(`missing value for required argument ${i}`);
    values.push(undefined);
  }
  return values as ArgValues<A>;
}

// ───── hexutil ─────

const ERR = {
  empty: 'empty hex string',
  syntax: 'invalid hex string',
  prefix: 'hex string without 0x prefix',
  odd: 'hex string of odd length',
  emptyNumber: 'hex string "0x"',
  leadingZero: 'hex number with leading zero digits',
  uint64: 'hex number > 64 bits',
};
const DEC_ERRORS = new Set(Object.values(ERR));
const hasPrefix = (text: string) => text.startsWith('0x') || text.startsWith('0X');
const isHex = (text: string) => /^[0-9a-fA-F]*$/.test(text);
const fail = (message: string): never => {
  throw new ArgDecodeError(message);
};
/** hexutil's wrapTypeError: its own errors become `json: cannot unmarshal <err> into Go value of type <T>`. */
const wrap = (type: string, run: () => void) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ArgDecodeError && DEC_ERRORS.has(error.message))
      fail(`json: cannot unmarshal ${error.message} into Go value of type ${type}`);
    throw error;
  }
};

/**
 * hexutil.DecodeUint64.
 * @param text e.g. `0x1f`
 * @returns the value
 * @throws ArgDecodeError with hexutil's text
 * @example decodeUint64('0x10') // 16n
 */
export function decodeUint64(text: string): bigint {
  if (text.length === 0) fail(ERR.empty);
  if (!hasPrefix(text)) fail(ERR.prefix);
  const digits = text.slice(2);
  if (digits.length === 0) fail(ERR.emptyNumber);
  if (digits.length > 1 && digits[0] === '0') fail(ERR.leadingZero);
  if (!isHex(digits)) fail(ERR.syntax);
  const value = BigInt(`0x${digits}`);
  if (value >= 1n << 64n) fail(ERR.uint64);
  return value;
}

/** A fixed-size hex value (common.Hash, common.Address), lower-cased. */
function fixedHex(type: 'common.Hash' | 'common.Address', size: number) {
  return (value: JsonValue): string => {
    if (typeof value !== 'string') fail(`json: cannot unmarshal non-string into Go value of type ${type}`);
    const text = value as string;
    let raw = '';
    wrap(type, () => {
      if (text.length === 0) return;
      if (!hasPrefix(text)) fail(ERR.prefix);
      raw = text.slice(2);
      if (raw.length % 2 !== 0) fail(ERR.odd);
    });
    if (raw.length !== size * 2) fail(`hex string has length ${raw.length}, want ${size * 2} for ${type}`);
    wrap(type, () => {
      if (!isHex(raw)) fail(ERR.syntax);
    });
    return `0x${raw.toLowerCase()}`;
  };
}

/** common.Hash: `0x` + 64 hex digits. */
export const hashArg: Arg<string> = { decode: fixedHex('common.Hash', 32), optional: false };
/** common.Address: `0x` + 40 hex digits. */
export const addressArg: Arg<string> = { decode: fixedHex('common.Address', 20), optional: false };

/** hexutil.Uint (an index). */
export const uintArg: Arg<bigint> = {
  optional: false,
  decode: (value) => {
    if (typeof value !== 'string') fail('json: cannot unmarshal non-string into Go value of type hexutil.Uint');
    let result = 0n;
    wrap('hexutil.Uint', () => {
      const text = value as string;
      if (text.length === 0) return;
      if (!hasPrefix(text)) fail(ERR.prefix);
      const digits = text.slice(2);
      if (digits.length === 0) fail(ERR.emptyNumber);
      if (digits.length > 1 && digits[0] === '0') fail(ERR.leadingZero);
      if (digits.length > 16) fail(ERR.uint64);
      if (!isHex(digits)) fail(ERR.syntax);
      result = BigInt(`0x${digits}`);
    });
    return result;
  },
};

/** hexutil.Bytes. */
export const bytesArg: Arg<Uint8Array> = {
  optional: false,
  decode: (value) => {
    if (typeof value !== 'string') fail('json: cannot unmarshal non-string into Go value of type hexutil.Bytes');
    let raw = '';
    wrap('hexutil.Bytes', () => {
      const text = value as string;
      if (text.length === 0) return;
      if (!hasPrefix(text)) fail(ERR.prefix);
      raw = text.slice(2);
      if (raw.length % 2 !== 0) fail(ERR.odd);
      if (!isHex(raw)) fail(ERR.syntax);
    });
    return Uint8Array.from(Buffer.from(raw, 'hex'));
  },
};

/** Go `bool` (null is false). */
export const boolArg: Arg<boolean> = {
  optional: false,
  decode: (value) =>
    value === null
      ? false
      : typeof value === 'boolean'
        ? value
        : fail(`json: cannot unmarshal ${goKind(value)} into Go value of type bool`),
};

/** Go `*uint64` as a JSON number (eth_getActivePrecompilesAt, eth_getActiveRulesAt). */
export const optionalUint64Arg: Arg<bigint> = {
  optional: true,
  decode: (value) => {
    if (typeof value !== 'number' && typeof value !== 'bigint')
      fail(`json: cannot unmarshal ${goKind(value)} into Go value of type uint64`);
    const n = value as number | bigint;
    if ((typeof n === 'number' && !Number.isInteger(n)) || BigInt(n) < 0n || BigInt(n) >= 1n << 64n) {
      fail(`json: cannot unmarshal number ${String(n)} into Go value of type uint64`);
    }
    return BigInt(n);
  },
};

// ───── block numbers ─────

/** rpc.BlockNumber: a tag or a number. `accepted`/`finalized`, `safe`, `latest` and `pending` all mean the last accepted block on this chain. */
export type BlockTag =
  | { kind: 'tag'; tag: 'latest' | 'pending' | 'accepted' | 'safe' }
  | { kind: 'number'; number: bigint };

/** rpc.BlockNumber.UnmarshalJSON. */
export function decodeBlockNumber(value: JsonValue): BlockTag {
  const text = typeof value === 'string' ? value : value === null ? 'null' : String(value);
  switch (text) {
    case 'earliest':
      return { kind: 'number', number: 0n };
    case 'latest':
    case 'pending':
    case 'safe':
      return { kind: 'tag', tag: text };
    case 'accepted':
    case 'finalized':
      return { kind: 'tag', tag: 'accepted' };
  }
  const number = decodeUint64(text);
  if (number > (1n << 63n) - 1n) fail('block number larger than int64');
  return { kind: 'number', number };
}

/** rpc.BlockNumber as a required argument. */
export const blockNumberArg: Arg<BlockTag> = { decode: decodeBlockNumber, optional: false };

/** rpc.BlockNumberOrHash: a block, a hash, or neither (the object form with no member). */
export type BlockRef = BlockTag | { kind: 'hash'; hash: string } | { kind: 'none' };

/** rpc.BlockNumberOrHash.UnmarshalJSON. */
function decodeBlockNumberOrHash(value: JsonValue): BlockRef {
  if (value === null) return { kind: 'none' };
  if (typeof value === 'object' && !Array.isArray(value)) {
    const object = value as JsonObject;
    let number: BlockTag | undefined;
    let hash: string | undefined;
    let objectError = false;
    for (const key of Object.keys(object)) {
      const member = object[key]!;
      if (member === null) continue;
      try {
        if (key.toLowerCase() === 'blocknumber') number = decodeBlockNumber(member);
        else if (key.toLowerCase() === 'blockhash') hash = hashArg.decode(member);
        else if (key.toLowerCase() === 'requirecanonical' && typeof member !== 'boolean') objectError = true;
      } catch {
        objectError = true;
      }
    }
    // The object form failed: the string form is tried next and fails on an object.
    if (objectError) fail('json: cannot unmarshal object into Go value of type string');
    if (number && hash) fail('cannot specify both BlockHash and BlockNumber, choose one or the other');
    return number ?? (hash ? { kind: 'hash', hash } : { kind: 'none' });
  }
  if (typeof value !== 'string') fail(`json: cannot unmarshal ${goKind(value)} into Go value of type string`);
  const text = value as string;
  if (['earliest', 'latest', 'pending', 'accepted', 'finalized', 'safe'].includes(text)) return decodeBlockNumber(text);
  if (text.length === 66) {
    if (!hasPrefix(text)) fail(ERR.prefix);
    if (!isHex(text.slice(2))) fail(ERR.syntax);
    return { kind: 'hash', hash: text.toLowerCase() };
  }
  const number = decodeUint64(text);
  if (number > (1n << 63n) - 1n) fail('blocknumber too high');
  return { kind: 'number', number };
}

/** rpc.BlockNumberOrHash, required (eth_getBalance, eth_getBlockReceipts). */
export const blockRefArg: Arg<BlockRef> = { decode: decodeBlockNumberOrHash, optional: false };
/** *rpc.BlockNumberOrHash (eth_feeConfig). */
export const optionalBlockRefArg: Arg<BlockRef> = { decode: decodeBlockNumberOrHash, optional: true };

/**
 * The kind word Go's decoder uses for a JSON value.
 * @param value a JSON value
 * @returns `string`, `number`, `bool`, `object`, `array` or `null`
 * @example goKind([]) // 'array'
 */
export function goKind(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'boolean') return 'bool';
  return typeof value === 'string' ? 'string' : 'number';
}

/**
 * A decode failure with a given text (for argument decoders outside this file).
 * @param message the text after `invalid argument N: `
 * @returns never
 * @example argFail('invalid addresses in query')
 */
export function argFail(message: string): never {
  throw new ArgDecodeError(message);
}
