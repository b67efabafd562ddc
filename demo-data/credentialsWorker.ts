// The worker thread of computeCredentials (blsPool.ts): the public key and proof of possession of
// each secret key it is given, posted back in one message.
import { parentPort, workerData } from 'node:worker_threads';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { fromHex, toHex } from '../avalanche/bytes';
import type { NetworkName } from './constants';

/** What computeCredentials hands a worker: the proof-of-possession tag and the validators' secret keys. */
export type CredentialsWorkerData = {
  dst: string;
  items: { network: NetworkName; index: number; secretKey: string }[];
};

/** A validator's credentials as the worker posts them: `0x` + hex. */
export type ComputedCredentials = { network: NetworkName; index: number; publicKey: string; proofOfPossession: string };

const sigs = bls12_381.longSignatures;
const { dst, items } = workerData as CredentialsWorkerData;
const out: ComputedCredentials[] = [];
for (const item of items) {
  const secretKey = fromHex(item.secretKey);
  const publicKey = sigs.getPublicKey(secretKey).toBytes(true);
  const pop = sigs.sign(sigs.hash(publicKey, dst), secretKey).toBytes(true);
  out.push({
    network: item.network,
    index: item.index,
    publicKey: `0x${toHex(publicKey)}`,
    proofOfPossession: `0x${toHex(pop)}`,
  });
}
parentPort!.postMessage(out);
