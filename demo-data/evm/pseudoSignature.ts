// Signature values of demo transactions. The demo's transactions are not signed (their hashes are
// random), so like the P-Chain credentials these are pseudo-random values derived from the hash,
// with no random draw (the demo's streams stay as they were): r and s in secp256k1's range with a
// low s, y parity from the hash, and v as the node serves it for the transaction's type. One
// SHA-512 of the hash gives all three (Node's native hash: this runs for every demo transaction).
import { createHash } from 'node:crypto';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * Pseudo signature of a demo transaction.
 * @param hash transaction hash
 * @param chainId EVM chain ID (EIP-155 v of legacy transactions)
 * @param txType 0 legacy, 2 dynamic fee
 * @returns EvmTransaction's sigV, sigR, sigS
 * @example pseudoSignature('0xab…', 43114n, 2).sigV // '0' or '1'
 */
export function pseudoSignature(
  hash: string,
  chainId: bigint,
  txType: number,
): { sigV: string; sigR: string; sigS: string } {
  const digest = createHash('sha512')
    .update(Buffer.from(hash.slice(2), 'hex'))
    .digest('hex');
  const r = (BigInt(`0x${digest.slice(0, 64)}`) % (N - 1n)) + 1n;
  const s = (BigInt(`0x${digest.slice(64)}`) % (N / 2n - 1n)) + 1n;
  const parity = BigInt(Number.parseInt(digest.slice(127), 16) & 1);
  const v = txType === 0 ? chainId * 2n + 35n + parity : parity;
  return { sigV: v.toString(), sigR: `0x${r.toString(16)}`, sigS: `0x${s.toString(16)}` };
}
