// Wire encodings of the Ethereum JSON-RPC (hexutil): quantities as `0x` + hex without leading
// zeros (`0x0` for zero), data as `0x` + two hex digits per byte.

/**
 * A quantity (hexutil.Big / Uint64).
 * @param value a non-negative integer (bigint, number, or decimal text as the database returns numeric)
 * @returns e.g. `0x1a`
 * @example quantity(26n) // '0x1a'
 */
export function quantity(value: bigint | number | string): string {
  return `0x${BigInt(value).toString(16)}`;
}

/**
 * Bytes as data (hexutil.Bytes).
 * @param bytes the bytes
 * @returns `0x` + hex
 * @example data(new Uint8Array([1, 2])) // '0x0102'
 */
export function data(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
}
