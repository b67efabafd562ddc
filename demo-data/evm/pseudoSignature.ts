// Signature values of demo transactions. The demo's transactions are not signed (their hashes are
// random), so like the P-Chain credentials these are pseudo-random values derived from the hash,
// with no random draw (the demo's streams stay as they were): r and s in secp256k1's range with a
// low s, y parity from the hash, and v as the node serves it for the transaction's type.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes, fromHex, toHex } from '../../avalanche/bytes';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * Pseudo signature of a demo transaction.
 * @param hash transaction hash
 * @param chainId EVM chain ID (EIP-155 v of legacy transactions)
 * @param txType 0 legacy, 2 dynamic fee
 * @returns EvmTransaction's sigV, sigR, sigS
 * @example pseudoSignature('0xab…', 43114n, 2).sigV // '0' or '1'
 */
export function pseudoSignature(hash: string, chainId: bigint, txType: number): { sigV: string; sigR: string; sigS: string } {
  const seed = fromHex(hash.slice(2));
  const scalar = (tag: number, max: bigint) => (BigInt(`0x${toHex(keccak_256(concatBytes(seed, new Uint8Array([tag]))))}`) % (max - 1n)) + 1n;
  const parity = BigInt(keccak_256(seed)[0]! & 1);
  const v = txType === 0 ? chainId * 2n + 35n + parity : parity;
  return { sigV: v.toString(), sigR: `0x${scalar(1, N).toString(16)}`, sigS: `0x${scalar(2, N / 2n).toString(16)}` };
}
