// The demo validators' BLS public keys and proofs of possession, computed once and checked in
// (validatorCredentials.bin beside this file). They follow from the secret keys (validatorKeys.ts),
// so the table is a cache of that derivation, not data of its own: noble takes tens of
// milliseconds per validator (a public key, a hash to G2 and a G2 multiplication), half a minute
// of a core for the demo's hundreds of nodes on every seed, and blst, which is fast, signs under
// the signature tag only, not the proof of possession's. Validators beyond the table are computed
// from their secret keys; test/demo-data/validatorKeys.test.ts
// recomputes a sample of the table with noble and checks that it covers what the seeder asks for.
//
// Format: for each network in TABLE_NETWORKS order, a big-endian uint32 count, then `count` records
// of 144 bytes: the 48-byte compressed G1 public key, then the 96-byte compressed G2 proof.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fromHex, toHex } from '../avalanche/bytes';
import type { NetworkName } from './constants';

/** Public key and proof of possession, `0x` + hex, as validatorKeys.ts hands them out. */
export type TabledCredentials = { publicKey: string; proofOfPossession: string };

/** The networks of the table, in file order. */
export const TABLE_NETWORKS: readonly NetworkName[] = ['mainnet', 'fuji'];

const KEY_BYTES = 48;
const PROOF_BYTES = 96;
const RECORD_BYTES = KEY_BYTES + PROOF_BYTES;

/**
 * Where the table lives: beside this file when run from source (ts, jest), or in the project's
 * `demo-data/` when run from the compiled `dist/demo-data/`, which holds no data files.
 */
export const CREDENTIALS_TABLE_PATH =
  path.basename(path.dirname(__dirname)) === 'dist'
    ? path.resolve(__dirname, '../../demo-data/validatorCredentials.bin')
    : path.join(__dirname, 'validatorCredentials.bin');

let table: Map<NetworkName, Buffer[]> | undefined;

/**
 * The checked-in credentials of demo validator `index`, if the table holds them.
 * @param network `mainnet` or `fuji`
 * @param index validator (node) index
 * @returns the credentials, or undefined beyond the table (or without its file)
 * @example tabledCredentials('mainnet', 0)?.publicKey // '0x...'
 */
export function tabledCredentials(network: NetworkName, index: number): TabledCredentials | undefined {
  table ??= existsSync(CREDENTIALS_TABLE_PATH)
    ? decodeCredentialsTable(readFileSync(CREDENTIALS_TABLE_PATH))
    : new Map();
  const record = table.get(network)?.[index];
  if (!record) return undefined;
  return {
    publicKey: `0x${toHex(record.subarray(0, KEY_BYTES))}`,
    proofOfPossession: `0x${toHex(record.subarray(KEY_BYTES))}`,
  };
}

/**
 * The table file's bytes.
 * @param credentials per network, validator 0 first
 * @returns the file's content
 * @throws {Error} for a key or proof of the wrong length
 * @example encodeCredentialsTable({ mainnet: [demoValidatorCredentials('mainnet', 0)], fuji: [] })
 */
export function encodeCredentialsTable(credentials: Record<NetworkName, readonly TabledCredentials[]>): Buffer {
  const parts: Buffer[] = [];
  for (const network of TABLE_NETWORKS) {
    const list = credentials[network];
    const count = Buffer.alloc(4);
    count.writeUInt32BE(list.length);
    parts.push(count);
    for (const { publicKey, proofOfPossession } of list) {
      const key = fromHex(publicKey);
      const proof = fromHex(proofOfPossession);
      if (key.length !== KEY_BYTES || proof.length !== PROOF_BYTES)
        throw new Error(`credentials of ${network} have a ${key.length}-byte key and a ${proof.length}-byte proof`);
      parts.push(Buffer.from(key), Buffer.from(proof));
    }
  }
  return Buffer.concat(parts);
}

/**
 * The records of a table file, per network.
 * @param bytes the file's content
 * @returns each network's records (key then proof), validator 0 first
 * @throws {Error} when the file is cut short or has bytes left over
 * @example decodeCredentialsTable(readFileSync(CREDENTIALS_TABLE_PATH)).get('fuji')!.length
 */
export function decodeCredentialsTable(bytes: Buffer): Map<NetworkName, Buffer[]> {
  const out = new Map<NetworkName, Buffer[]>();
  let at = 0;
  for (const network of TABLE_NETWORKS) {
    if (at + 4 > bytes.length) throw new Error(`the credentials table ends before ${network}'s count`);
    const count = bytes.readUInt32BE(at);
    at += 4;
    if (at + count * RECORD_BYTES > bytes.length)
      throw new Error(`the credentials table ends within ${network}'s ${count} records`);
    out.set(
      network,
      Array.from({ length: count }, (_, i) => bytes.subarray(at + i * RECORD_BYTES, at + (i + 1) * RECORD_BYTES)),
    );
    at += count * RECORD_BYTES;
  }
  if (at !== bytes.length) throw new Error(`the credentials table has ${bytes.length - at} bytes after its records`);
  return out;
}
