// The Warp precompile's SendWarpMessage event logs the unsigned message ABI-encoded as `bytes`:
// offset word (0x20) ‖ length word ‖ data right-padded with zeros to a multiple of 32 bytes
// (subnet-evm precompile/contracts/warp, UnpackSendWarpEventDataToMessage).

/**
 * The unsigned message inside SendWarpMessage log data, or undefined when `data` is not exactly
 * that ABI encoding (then it may be a raw message: callers try that next, as ICM does).
 * @param data log data
 * @returns the inner bytes, or undefined
 * @example unwrapSendWarpLogData(logData) // the 972-byte unsigned message of the Data API example
 */
export function unwrapSendWarpLogData(data: Uint8Array): Uint8Array | undefined {
  if (data.length < 64 || data.length % 32 !== 0) return undefined;
  const offset = readWord(data, 0);
  const length = readWord(data, 32);
  if (offset !== 32n || length === undefined || length > BigInt(data.length - 64)) return undefined;
  const size = Number(length);
  if (64 + Math.ceil(size / 32) * 32 !== data.length) return undefined;
  for (let i = 64 + size; i < data.length; i++) if (data[i] !== 0) return undefined;
  return data.slice(64, 64 + size);
}

/** A 32-byte big-endian word as a bigint; undefined when it cannot be a byte count (over 2^53). */
function readWord(data: Uint8Array, at: number): bigint | undefined {
  for (let i = at; i < at + 25; i++) if (data[i] !== 0) return undefined;
  let value = 0n;
  for (let i = at + 25; i < at + 32; i++) value = (value << 8n) | BigInt(data[i]!);
  return value;
}
