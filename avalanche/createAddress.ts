import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * The address a contract-creation transaction creates: keccak(rlp([sender, nonce]))[12:].
 * @param sender the sender, `0x` hex
 * @param nonce the transaction's nonce
 * @returns the lower-case address
 * @example createAddress('0x6ac7ea33f8831ea9dcc53393aaa88b25a785dbf0', 0n) // '0xcd234a471b72ba2f1ccf0a70fcaba648a5eecd8d'
 */
export function createAddress(sender: string, nonce: bigint): string {
  let nonceRlp: Buffer;
  if (nonce === 0n) nonceRlp = Buffer.from([0x80]);
  else if (nonce < 0x80n) nonceRlp = Buffer.from([Number(nonce)]);
  else {
    const hex = nonce.toString(16);
    const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
    nonceRlp = Buffer.concat([Buffer.from([0x80 + bytes.length]), bytes]);
  }
  const body = Buffer.concat([Buffer.from([0x94]), Buffer.from(sender.slice(2), 'hex'), nonceRlp]);
  const rlp = Buffer.concat([Buffer.from([0xc0 + body.length]), body]);
  return `0x${Buffer.from(keccak_256(rlp).subarray(12)).toString('hex')}`;
}
