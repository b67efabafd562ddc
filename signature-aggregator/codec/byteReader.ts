import { InvalidWarpMessageError } from '../errors';

/** Sequential reader of avalanchego's linear codec: big-endian integers, u32-prefixed slices. */
export type ByteReader = {
  /** Reads a big-endian uint16. */
  u16(field: string): number;
  /** Reads a big-endian uint32. */
  u32(field: string): number;
  /** Reads a big-endian uint64. */
  u64(field: string): bigint;
  /** Reads a bool; only 0x00 and 0x01 decode, as avalanchego's errBadBool. */
  bool(field: string): boolean;
  /** Reads `length` raw bytes (an `[N]byte` field: IDs, keys, signatures). */
  fixed(length: number, field: string): Uint8Array;
  /** Reads a `[]byte` field: a uint32 length, then that many bytes. */
  bytes(field: string): Uint8Array;
  /** Reads the uint16 codec version and refuses anything but 0. */
  codecVersion(): void;
  /** Bytes not read yet. */
  remaining(): number;
  /** Bytes read so far. */
  offset(): number;
  /** Refuses trailing bytes (avalanchego's ErrExtraSpace). */
  end(): void;
};

/**
 * A reader over `data` whose errors name the structure being decoded, so a client's 400 says
 * which field is wrong (e.g. `message: payload needs 100 bytes, 12 left`).
 *
 * @param data the encoded bytes
 * @param what name of the structure, the prefix of every error message
 * @returns the reader
 * @throws InvalidWarpMessageError from any read that runs past the end or finds a bad value
 * @example
 * const reader = createByteReader(bytes, 'message')
 * reader.codecVersion(); const networkId = reader.u32('networkID')
 */
export function createByteReader(data: Uint8Array, what: string): ByteReader {
  let position = 0;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const fail = (problem: string) => new InvalidWarpMessageError(`${what}: ${problem}`);
  const take = (length: number, field: string) => {
    const left = data.length - position;
    if (length > left) throw fail(`${field} needs ${length} bytes, ${left} left`);
    const start = position;
    position += length;
    return start;
  };

  const reader: ByteReader = {
    u16: (field) => view.getUint16(take(2, field)),
    u32: (field) => view.getUint32(take(4, field)),
    u64: (field) => view.getBigUint64(take(8, field)),
    bool(field) {
      const value = data[take(1, field)]!;
      if (value > 1) throw fail(`${field} must be 0x00 or 0x01, got 0x${value.toString(16).padStart(2, '0')}`);
      return value === 1;
    },
    fixed(length, field) {
      const start = take(length, field);
      return data.slice(start, start + length);
    },
    bytes(field) {
      const length = reader.u32(`${field} length`);
      return reader.fixed(length, field);
    },
    codecVersion() {
      const version = reader.u16('codec version');
      if (version !== 0) throw fail(`unknown codec version ${version}, expected 0`);
    },
    remaining: () => data.length - position,
    offset: () => position,
    end() {
      const left = data.length - position;
      if (left > 0) throw fail(`${left} trailing byte${left === 1 ? '' : 's'} after the end`);
    },
  };
  return reader;
}
