import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { BLS_SIG_DST } from '../../avalanche/constants';

/** A validator of the bench: its keys and weight, and its signature per message. */
export type SyntheticValidator = {
  index: number;
  nodeId: string;
  /** 32-byte big-endian scalar, for local signing. */
  secretKey: Uint8Array;
  /** Compressed. */
  publicKey: Uint8Array;
  weight: bigint;
};

const { Fr } = bls12_381.fields;
/** Secret key of validator i is seed × (i + 1): distinct, non-trivial keys whose points come by addition. */
const seed = Fr.create(
  BigInt(`0x${Buffer.from(sha256(new TextEncoder().encode('bench/aggregate-signatures/seed'))).toString('hex')}`),
);

/**
 * `count` validators with deterministic keys and weights from 1 to 100. Keys are multiples of
 * one seed so that the thousand public keys (and later signatures) cost one addition each
 * instead of one scalar multiplication: setup in milliseconds, with ordinary, full-size keys.
 * @param count number of validators
 * @returns the validators, in creation order (not canonical order)
 * @example syntheticValidators(1000).length // 1000
 */
export function syntheticValidators(count: number): SyntheticValidator[] {
  const base = bls12_381.G1.Point.BASE.multiply(seed);
  const validators: SyntheticValidator[] = [];
  let point = base;
  for (let i = 0; i < count; i++) {
    const digest = sha256(new TextEncoder().encode(`bench/node/${i}`));
    validators.push({
      index: i,
      nodeId: `NodeID-bench${i}`,
      secretKey: Uint8Array.from(
        Buffer.from(
          Fr.mul(seed, BigInt(i + 1))
            .toString(16)
            .padStart(64, '0'),
          'hex',
        ),
      ),
      publicKey: point.toBytes(true),
      weight: BigInt(1 + (digest[0]! % 100)),
    });
    point = point.add(base);
  }
  return validators;
}

/**
 * The signature of every validator over `message`, compressed, as its node would answer:
 * signature i = H(m) × seed × (i + 1), by repeated addition.
 * @param message unsigned message bytes
 * @param count number of validators
 * @returns 96-byte signatures by validator index
 * @example signaturesOf(unsigned.bytes, 1000)[0].length // 96
 */
export function signaturesOf(message: Uint8Array, count: number): Uint8Array[] {
  const base = bls12_381.longSignatures.hash(message, BLS_SIG_DST).multiply(seed);
  const out: Uint8Array[] = [];
  let point = base;
  for (let i = 0; i < count; i++) {
    out.push(bls12_381.longSignatures.Signature.toBytes(point));
    point = point.add(base);
  }
  return out;
}
