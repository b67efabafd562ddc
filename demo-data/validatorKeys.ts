// Deterministic identities of the demo validators: node ID and BLS key per (network, index).
// Warp signing features reuse these keys, so the derivation is part of the public contract:
// secret key = sha256("avalanche-demo-data/<network>/validator/<index>/bls") mod r (never 0).
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { toHex } from '../avalanche/bytes';
import { BLS_POP_DST, BLS_SIG_DST } from '../avalanche/constants';
import { nodeIdToString } from '../avalanche/cb58';
import type { NetworkName } from './constants';
import { tabledCredentials } from './validatorCredentialsTable';

export { BLS_POP_DST, BLS_SIG_DST };

/** BLS credentials of one validator as the P-Chain shows them. */
export type ValidatorCredentials = {
  /** 32-byte big-endian secret scalar. */
  secretKey: Uint8Array;
  /** Compressed G1 public key, `0x` + 96 hex digits. */
  publicKey: string;
  /** Proof of possession (G2 signature of the compressed key under the POP tag), `0x` + 192 hex. */
  proofOfPossession: string;
};

const encoder = new TextEncoder();
const ORDER = bls12_381.fields.Fr.ORDER;
const cache = new Map<string, ValidatorCredentials>();

/**
 * The BLS secret key of demo validator `index` of a network.
 * @param network `mainnet` or `fuji`
 * @param index validator (node) index, 0-based
 * @returns 32-byte big-endian scalar in [1, r)
 * @example
 * const sk = demoValidatorSecretKey('mainnet', 0)
 * bls12_381.longSignatures.sign(bls12_381.longSignatures.hash(msg, BLS_SIG_DST), sk)
 */
export function demoValidatorSecretKey(network: NetworkName, index: number): Uint8Array {
  const digest = sha256(encoder.encode(`avalanche-demo-data/${network}/validator/${index}/bls`));
  let scalar = BigInt(`0x${toHex(digest)}`) % ORDER;
  if (scalar === 0n) scalar = 1n;
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(scalar & 0xffn);
    scalar >>= 8n;
  }
  return out;
}

/**
 * The node ID of demo validator `index`: cb58 of 20 bytes derived from the same seed family.
 * @param network `mainnet` or `fuji`
 * @param index validator (node) index, 0-based
 * @returns `NodeID-...`
 * @example demoValidatorNodeId('fuji', 3) // 'NodeID-...'
 */
export function demoValidatorNodeId(network: NetworkName, index: number): string {
  const digest = sha256(encoder.encode(`avalanche-demo-data/${network}/validator/${index}/node`));
  return nodeIdToString(digest.subarray(0, 20));
}

/**
 * Public key and proof of possession of a secret key (tens of milliseconds: hash to G2 dominates).
 * @param secretKey 32-byte scalar
 * @returns the credentials
 * @example blsCredentials(demoValidatorSecretKey('mainnet', 0)).publicKey // '0x...'
 */
export function blsCredentials(secretKey: Uint8Array): ValidatorCredentials {
  const sigs = bls12_381.longSignatures;
  const publicKey = sigs.getPublicKey(secretKey).toBytes(true);
  const pop = sigs.sign(sigs.hash(publicKey, BLS_POP_DST), secretKey);
  return { secretKey, publicKey: `0x${toHex(publicKey)}`, proofOfPossession: `0x${toHex(pop.toBytes(true))}` };
}

/**
 * Credentials of demo validator `index`: from the checked-in table (validatorCredentialsTable.ts)
 * when it holds them, else computed; memoised per process.
 * @param network `mainnet` or `fuji`
 * @param index validator (node) index
 * @returns the credentials
 * @example demoValidatorCredentials('mainnet', 7).proofOfPossession
 */
export function demoValidatorCredentials(network: NetworkName, index: number): ValidatorCredentials {
  const key = `${network}/${index}`;
  let found = cache.get(key);
  if (!found) {
    const secretKey = demoValidatorSecretKey(network, index);
    const tabled = tabledCredentials(network, index);
    found = tabled ? { secretKey, ...tabled } : blsCredentials(secretKey);
    cache.set(key, found);
  }
  return found;
}

/**
 * Stores credentials computed elsewhere (a worker thread) in the memo of
 * {@link demoValidatorCredentials}.
 * @param network network of the validator
 * @param index validator index
 * @param credentials its public key and proof of possession
 * @returns nothing
 * @example rememberValidatorCredentials('mainnet', 0, fromWorker)
 */
export function rememberValidatorCredentials(
  network: NetworkName,
  index: number,
  credentials: Omit<ValidatorCredentials, 'secretKey'>,
): void {
  cache.set(`${network}/${index}`, { ...credentials, secretKey: demoValidatorSecretKey(network, index) });
}

/**
 * Whether credentials of a validator are at hand: memoised, or in the checked-in table.
 * @param network network of the validator
 * @param index validator index
 * @returns true when {@link demoValidatorCredentials} would return at once
 * @example hasValidatorCredentials('mainnet', 0)
 */
export function hasValidatorCredentials(network: NetworkName, index: number): boolean {
  return cache.has(`${network}/${index}`) || tabledCredentials(network, index) !== undefined;
}
