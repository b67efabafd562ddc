// Solidity ABI encoding (the contract ABI specification's head/tail layout) for the values the demo's
// event logs carry: static words, `bytes`/`string`, dynamic arrays and tuples.
import { concatBytes } from '../../avalanche/bytes';
import { word } from './abi';

/** A value to encode: a static word, dynamic bytes, a dynamic-length array, or a tuple. */
export type AbiValue =
  | { kind: 'word'; value: string | bigint | number }
  | { kind: 'bytes'; data: Uint8Array }
  | { kind: 'array'; items: AbiValue[] }
  | { kind: 'tuple'; items: AbiValue[] };

/** Builders for {@link AbiValue}s. */
export const abi = {
  /** An address, integer or bytes32 (`0x` + 64 hex). */
  word: (value: string | bigint | number): AbiValue => ({ kind: 'word', value }),
  bytes: (data: Uint8Array): AbiValue => ({ kind: 'bytes', data }),
  string: (text: string): AbiValue => ({ kind: 'bytes', data: new TextEncoder().encode(text) }),
  array: (items: AbiValue[]): AbiValue => ({ kind: 'array', items }),
  tuple: (...items: AbiValue[]): AbiValue => ({ kind: 'tuple', items }),
};

/**
 * `abi.encode(values...)`: the values as one top-level tuple.
 * @param values the values in order
 * @returns the encoding
 * @example encodeAbi([abi.word(1n), abi.string('hi')]).length // 128
 */
export function encodeAbi(values: AbiValue[]): Uint8Array {
  return encodeSequence(values);
}

function isDynamic(value: AbiValue): boolean {
  if (value.kind === 'word') return false;
  if (value.kind === 'tuple') return value.items.some(isDynamic);
  return true;
}

function encodeValue(value: AbiValue): Uint8Array {
  switch (value.kind) {
    case 'word':
      return word(value.value.toString().startsWith('0x') ? (value.value as string) : BigInt(value.value));
    case 'bytes': {
      const padded = new Uint8Array(Math.ceil(value.data.length / 32) * 32);
      padded.set(value.data);
      return concatBytes(word(value.data.length), padded);
    }
    case 'array':
      return concatBytes(word(value.items.length), encodeSequence(value.items));
    case 'tuple':
      return encodeSequence(value.items);
  }
}

/** Heads (static values inline, offsets for dynamic ones) followed by the dynamic values' tails. */
function encodeSequence(items: AbiValue[]): Uint8Array {
  const encoded = items.map(encodeValue);
  const headSize = items.reduce((size, item, i) => size + (isDynamic(item) ? 32 : encoded[i]!.length), 0);
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let offset = headSize;
  items.forEach((item, i) => {
    if (!isDynamic(item)) {
      heads.push(encoded[i]!);
      return;
    }
    heads.push(word(offset));
    tails.push(encoded[i]!);
    offset += encoded[i]!.length;
  });
  return concatBytes(...heads, ...tails);
}
