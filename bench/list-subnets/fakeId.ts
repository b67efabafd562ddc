import { createHash } from 'node:crypto';

/** Identifier formats of Avalanche data. */
export type FakeIdKind =
  /** P-Chain IDs (subnets, blockchains, transactions, VMs): CB58 of 32 bytes plus a 4-byte checksum, ~50 chars. */
  | 'cb58'
  /** EVM address, `0x` and 40 hex digits. */
  | 'evmAddress'
  /** P-Chain address, `avax1` and 38 bech32 characters. */
  | 'pChainAddress'
  /** 32-byte hash, `0x` and 64 hex digits. */
  | 'hash';

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const bech32Alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/**
 * A realistic-looking identifier derived from `label` alone, so the data set is the same on
 * every run (and IDs have the real lengths, which matter for row and response sizes).
 *
 * @param kind the format
 * @param label any unique text, e.g. `mainnet/subnet/42`
 * @returns the identifier
 * @example fakeId('evmAddress', 'alloc/1') // '0x…' (42 chars)
 */
export function fakeId(kind: FakeIdKind, label: string): string {
  const bytes = createHash('sha256').update(`${kind}:${label}`).digest();
  switch (kind) {
    case 'cb58': {
      const checksum = createHash('sha256').update(bytes).digest().subarray(28);
      return base58(Buffer.concat([bytes, checksum]));
    }
    case 'evmAddress':
      return `0x${bytes.subarray(0, 20).toString('hex')}`;
    case 'pChainAddress': {
      const more = Buffer.concat([bytes, createHash('sha256').update(bytes).digest()]);
      return `avax1${Array.from(more.subarray(0, 38), (byte) => bech32Alphabet[byte & 31]).join('')}`;
    }
    case 'hash':
      return `0x${bytes.toString('hex')}`;
  }
}

function base58(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = base58Alphabet[Number(value % 58n)] + text;
    value /= 58n;
  }
  return text;
}
