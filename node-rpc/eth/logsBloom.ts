// The 2048-bit logs bloom of receipts and headers (core/types/bloom9.go): for the address and each
// topic of every log, three bits chosen by the first six bytes of its keccak-256.
import { keccak_256 } from '@noble/hashes/sha3.js';

/** A log as the bloom sees it: address and topics, `0x` hex. */
export type BloomLog = { address: string; topics: string[] };

/**
 * The bloom of a set of logs (a receipt's, or a whole block's).
 * @param logs the logs
 * @returns `0x` + 512 hex digits
 * @example logsBloom([]) // '0x000…000'
 */
export function logsBloom(logs: readonly BloomLog[]): string {
  const bloom = new Uint8Array(256);
  const add = (hex: string) => {
    const hash = keccak_256(Buffer.from(hex.slice(2), 'hex'));
    for (let i = 0; i < 6; i += 2) {
      const bit = ((hash[i]! << 8) | hash[i + 1]!) & 2047;
      bloom[256 - 1 - (bit >> 3)]! |= 1 << (bit & 7);
    }
  };
  for (const log of logs) {
    add(log.address);
    for (const topic of log.topics) add(topic);
  }
  return `0x${Buffer.from(bloom).toString('hex')}`;
}
