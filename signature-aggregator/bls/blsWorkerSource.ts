// The code of a BLS worker thread. Every curve operation of the aggregator runs here, off the
// event loop: with noble, hashing a message to G2 takes about 15 ms, a signature (G2
// multiplication) 7 ms, decompressing and subgroup-checking a signature 3 ms and a key 1.6 ms,
// and a pairing check 40 ms, so one uncached request for a large subnet costs seconds of CPU.
//
// It is plain CommonJS run by `new Worker(source, { eval: true })`: no TypeScript loader is needed,
// so it works the same from dist/ and under jest. @noble/curves is required from the path the
// parent resolved. Points never cross threads: requests and answers are bytes. This file is the
// one implementation of the aggregator's BLS rules (createBlsPool.ts documents each operation):
// - a signature is 96 bytes, compressed, on the curve, in the G2 subgroup (noble's decoder checks
//   both) and not the point at infinity (avalanchego's SigValidate(false) would let it through;
//   no honest signer makes it);
// - a public key is 48 (compressed) or 96 (uncompressed, as the P-Chain state stores keys) bytes,
//   in the G1 subgroup and not infinity (avalanchego's KeyValidate);
// - messages are hashed with Avalanche's signing tag, never noble's default (`…_RO_NUL_`);
// - many signatures of one message are verified with one pairing check of their sum against the
//   sum of their keys (safe: every key came with a proof of possession), and only a failing group
//   is split in halves, down to the bad signatures: k bad among n cost O(k log n) checks.

/**
 * JavaScript source of the worker; `workerData` is `{ noblePath, signatureDst }`. Each message
 * `{ op, args }` gets one reply, `{ ok: true, result }` or `{ ok: false, error }`.
 * @example createWorkerPool({ source: blsWorkerSource, workerData: { noblePath, signatureDst: BLS_SIG_DST }, size: 1, name: 'BLS' })
 */
export const blsWorkerSource = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { bls12_381 } = require(workerData.noblePath);

const sigs = bls12_381.longSignatures;
const { Fp, Fp2 } = bls12_381.fields;
const G1 = bls12_381.G1.Point;
const G2 = bls12_381.G2.Point;

// Every task of one aggregation uses the same message: the last few hashed messages are kept,
// with the window table that signing adds (about 2x faster for the many keys that share it).
const hashed = new Map();
function hashedMessage(message, forSigning) {
  const id = createHash('sha256').update(message).digest('hex');
  let entry = hashed.get(id);
  if (!entry) {
    if (hashed.size >= 16) hashed.delete(hashed.keys().next().value);
    entry = { point: sigs.hash(message, workerData.signatureDst), table: false };
    hashed.set(id, entry);
  }
  if (forSigning && !entry.table) {
    entry.point.precompute(8);
    entry.table = true;
  }
  return entry.point;
}

function parseSignature(bytes) {
  if (bytes.length !== 96) throw new Error('signature must be 96 bytes, got ' + bytes.length);
  const point = sigs.Signature.fromBytes(bytes);
  if (point.is0()) throw new Error('signature is the point at infinity');
  return point;
}

function parsePublicKey(bytes) {
  if (bytes.length !== 48 && bytes.length !== 96) throw new Error('public key must be 48 or 96 bytes, got ' + bytes.length);
  const point = G1.fromBytes(bytes);
  if (point.is0()) throw new Error('public key is the point at infinity');
  return point;
}

// Keys and verified signatures come back here in the uncompressed form a worker produced after
// checking them: rebuilding them from their coordinates skips a second subgroup check (1-2 ms
// each, on every request). Wire order of G2 coordinates is c1 then c0.
const fp = (bytes, at) => Fp.fromBytes(bytes.subarray(at, at + 48));
function checkedKey(bytes) {
  if (bytes.length !== 96) throw new Error('expected a 96-byte uncompressed key from parseKeys');
  return G1.fromAffine({ x: fp(bytes, 0), y: fp(bytes, 48) });
}
function checkedSignature(bytes) {
  if (bytes.length !== 192) throw new Error('expected a 192-byte verified signature from verify');
  return G2.fromAffine({
    x: Fp2.create({ c0: fp(bytes, 48), c1: fp(bytes, 0) }),
    y: Fp2.create({ c0: fp(bytes, 144), c1: fp(bytes, 96) }),
  });
}

function verifyGroup(group, message) {
  try {
    const signature = sigs.aggregateSignatures(group.map((item) => item.signature));
    const publicKey = sigs.aggregatePublicKeys(group.map((item) => item.publicKey));
    return sigs.verify(signature, message, publicKey);
  } catch {
    // Sums that land on infinity (signatures cancelling out) are refused by the pairing: not valid.
    return false;
  }
}

const operations = {
  sign({ message, secretKeys }) {
    const base = hashedMessage(message, true);
    return secretKeys.map((secretKey) => sigs.Signature.toBytes(sigs.sign(base, secretKey)));
  },

  publicKeys({ secretKeys }) {
    return secretKeys.map((secretKey) => {
      try {
        return sigs.getPublicKey(secretKey).toBytes(true);
      } catch {
        return null;
      }
    });
  },

  parseKeys({ keys }) {
    return keys.map((bytes) => {
      try {
        const point = parsePublicKey(bytes);
        return { ok: true, compressed: point.toBytes(true), uncompressed: point.toBytes(false) };
      } catch (error) {
        return { ok: false, reason: error.message };
      }
    });
  },

  verify({ message, items }) {
    const base = hashedMessage(message, false);
    const parsed = [];
    const outcome = { valid: [], invalid: [], malformed: [], pairingChecks: 0 };
    for (const item of items) {
      const publicKey = checkedKey(item.publicKey);
      try {
        parsed.push({ index: item.index, publicKey, signature: parseSignature(item.signature) });
      } catch (error) {
        outcome.malformed.push({ index: item.index, reason: error.message });
      }
    }
    // Explicit stack instead of recursion: depth is bounded by log2(n) either way.
    const stack = parsed.length > 0 ? [parsed] : [];
    while (stack.length > 0) {
      const group = stack.pop();
      outcome.pairingChecks++;
      if (verifyGroup(group, base)) {
        for (const item of group) outcome.valid.push({ index: item.index, signature: item.signature.toBytes(false) });
      } else if (group.length === 1) {
        outcome.invalid.push(group[0].index);
      } else {
        const middle = Math.ceil(group.length / 2);
        stack.push(group.slice(middle), group.slice(0, middle));
      }
    }
    return outcome;
  },

  aggregate({ signatures }) {
    return sigs.Signature.toBytes(sigs.aggregateSignatures(signatures.map(checkedSignature)));
  },
};

parentPort.on('message', ({ op, args }) => {
  let reply;
  try {
    if (!Object.hasOwn(operations, op)) throw new Error('unknown operation ' + op);
    reply = { ok: true, result: operations[op](args) };
  } catch (error) {
    reply = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort.postMessage(reply);
});
`;
