// The code of a BLS worker thread. Every curve operation of the aggregator runs here, off the
// event loop. Two curve libraries can do the work, with the same rules and the same bytes in and out:
// - `blst`: ChainSafe's binding of supranational's blst (@chainsafe/blst, Lodestar's), native code
//   where its prebuilt binary loads, over ten times faster than noble;
// - `noble`: @noble/curves, pure JavaScript, everywhere: milliseconds per signature parsed or made,
//   and a pairing check costs as much as parsing a dozen signatures.
// Both hash with Avalanche's signing tag, BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_, which is also
// the tag blst's proof-of-possession scheme is built with (the tests check blst against noble).
//
// It is plain CommonJS run by `new Worker(source, { eval: true })`: no TypeScript loader is needed,
// so it works the same from dist/ and under jest. The library is required from the path the parent
// resolved. Points never cross threads: requests and answers are bytes. This file is the one
// implementation of the aggregator's BLS rules (createBlsPool.ts documents each operation):
// - a signature is 96 bytes, compressed, on the curve, in the G2 subgroup and not the point at
//   infinity (avalanchego's SigValidate(false) would let it through; no honest signer makes it);
// - a public key is 48 (compressed) or 96 (uncompressed, as the P-Chain state stores keys) bytes,
//   in the G1 subgroup and not infinity (avalanchego's KeyValidate);
// - many signatures of one message are verified with one pairing check of their sum against the
//   sum of their keys (safe: every key came with a proof of possession), and only a failing group
//   is split in halves, down to the bad signatures: k bad among n cost O(k log n) checks.

/** The curve libraries a worker can use. */
export type BlsBackend = 'blst' | 'noble';

/**
 * JavaScript source of the worker for one backend; `workerData` is `{ libraryPath, signatureDst }`.
 * Each message `{ op, args }` gets one reply, `{ ok: true, result }` or `{ ok: false, error }`.
 * @example createWorkerPool({ source: blsWorkerSource('noble'), workerData: { libraryPath, signatureDst: BLS_SIG_DST }, size: 1, name: 'BLS' })
 */
export function blsWorkerSource(backend: BlsBackend): string {
  return `'use strict';\n${backend === 'blst' ? blstCurve : nobleCurve}\n${operations}`;
}

// Each curve section defines the same primitives on its library's points:
//   sign(message, secretKey) → 96 bytes          publicKey(secretKey) → 48 bytes (throws for no key)
//   parsePublicKey(bytes) → point (throws)        keyBytes(point, compressed) → bytes
//   checkedKey(96 bytes) → point, no re-check     parseSignature(96 bytes) → point (throws)
//   signatureBytes(point) → 192 bytes             checkedSignature(192 bytes) → point, no re-check
//   verifyGroup(signatures, keys, message) → bool aggregate(points) → 96 bytes

const nobleCurve = String.raw`
const { createHash } = require('node:crypto');
const { workerData } = require('node:worker_threads');
const { bls12_381 } = require(workerData.libraryPath);
const sigs = bls12_381.longSignatures;
const { Fp, Fp2 } = bls12_381.fields;
const G1 = bls12_381.G1.Point;
const G2 = bls12_381.G2.Point;

// Every task of one aggregation uses the same message: the last few hashed messages are kept,
// with the window table that signing adds (which speeds up the many keys that share it).
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

const curve = {
  sign: (message, secretKey) => sigs.Signature.toBytes(sigs.sign(hashedMessage(message, true), secretKey)),
  publicKey: (secretKey) => sigs.getPublicKey(secretKey).toBytes(true),
  parsePublicKey(bytes) {
    const point = G1.fromBytes(bytes);
    if (point.is0()) throw new Error('public key is the point at infinity');
    return point;
  },
  keyBytes: (point, compressed) => point.toBytes(compressed),
  // Keys and verified signatures come back in the uncompressed form a worker produced after
  // checking them: rebuilding them from their coordinates skips a second subgroup check (each one
  // costly, on every request). Wire order of G2 coordinates is c1 then c0.
  checkedKey: (bytes) => G1.fromAffine({ x: fp(bytes, 0), y: fp(bytes, 48) }),
  parseSignature(bytes) {
    const point = sigs.Signature.fromBytes(bytes);
    if (point.is0()) throw new Error('signature is the point at infinity');
    return point;
  },
  signatureBytes: (point) => point.toBytes(false),
  checkedSignature: (bytes) =>
    G2.fromAffine({
      x: Fp2.create({ c0: fp(bytes, 48), c1: fp(bytes, 0) }),
      y: Fp2.create({ c0: fp(bytes, 144), c1: fp(bytes, 96) }),
    }),
  verifyGroup: (signatures, keys, message) =>
    sigs.verify(sigs.aggregateSignatures(signatures), hashedMessage(message, false), sigs.aggregatePublicKeys(keys)),
  aggregate: (points) => sigs.Signature.toBytes(sigs.aggregateSignatures(points)),
};
function fp(bytes, at) {
  return Fp.fromBytes(bytes.subarray(at, at + 48));
}
`;

const blstCurve = String.raw`
const { workerData } = require('node:worker_threads');
const blst = require(workerData.libraryPath);
// blst's signature scheme hashes with the proof-of-possession scheme's signing tag, Avalanche's own.
if (workerData.signatureDst !== 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_') throw new Error('blst signs with BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_ only');

const curve = {
  sign: (message, secretKey) => blst.SecretKey.fromBytes(secretKey).sign(message).toBytes(true),
  publicKey: (secretKey) => blst.SecretKey.fromBytes(secretKey).toPublicKey().toBytes(true),
  // fromBytes(bytes, true): on the curve, in the subgroup, not infinity (KeyValidate).
  parsePublicKey: (bytes) => worded(() => blst.PublicKey.fromBytes(bytes, true)),
  keyBytes: (point, compressed) => point.toBytes(compressed),
  checkedKey: (bytes) => blst.PublicKey.fromBytes(bytes, false),
  // fromBytes(bytes, true, true): on the curve, in the subgroup, and not infinity.
  parseSignature: (bytes) => worded(() => blst.Signature.fromBytes(bytes, true, true)),
  signatureBytes: (point) => point.toBytes(false),
  checkedSignature: (bytes) => blst.Signature.fromBytes(bytes, false, false),
  verifyGroup: (signatures, keys, message) => blst.verify(message, blst.aggregatePublicKeys(keys, false), blst.aggregateSignatures(signatures, false), false, false),
  aggregate: (points) => blst.aggregateSignatures(points, false).toBytes(true),
};

// blst's error names (BLST_BAD_ENCODING, BLST_POINT_NOT_ON_CURVE, ...) in the words noble's
// decoder uses, so a malformed answer reads the same whichever library checked it.
const reasons = [
  [/encoding/i, 'invalid point encoding: expected the compressed form'],
  [/not on curve/i, 'invalid point: not on the curve'],
  [/not in group/i, 'invalid point: not in the prime-order subgroup'],
  [/infinity|identity/i, 'the point at infinity'],
];
function worded(parse) {
  try {
    return parse();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const match = reasons.find(([pattern]) => pattern.test(message));
    throw new Error(match ? match[1] : message);
  }
}
`;

const operations = String.raw`
const { parentPort } = require('node:worker_threads');

function parseSignature(bytes) {
  if (bytes.length !== 96) throw new Error('signature must be 96 bytes, got ' + bytes.length);
  return curve.parseSignature(bytes);
}

function parsePublicKey(bytes) {
  if (bytes.length !== 48 && bytes.length !== 96) throw new Error('public key must be 48 or 96 bytes, got ' + bytes.length);
  return curve.parsePublicKey(bytes);
}

function verifyGroup(group, message) {
  try {
    return curve.verifyGroup(group.map((item) => item.signature), group.map((item) => item.publicKey), message);
  } catch {
    // Sums that land on infinity (signatures cancelling out) are refused by the pairing: not valid.
    return false;
  }
}

const operations = {
  sign({ message, secretKeys }) {
    return secretKeys.map((secretKey) => curve.sign(message, secretKey));
  },

  publicKeys({ secretKeys }) {
    return secretKeys.map((secretKey) => {
      try {
        return curve.publicKey(secretKey);
      } catch {
        return null;
      }
    });
  },

  parseKeys({ keys }) {
    return keys.map((bytes) => {
      try {
        const point = parsePublicKey(bytes);
        return { ok: true, compressed: curve.keyBytes(point, true), uncompressed: curve.keyBytes(point, false) };
      } catch (error) {
        return { ok: false, reason: error.message };
      }
    });
  },

  verify({ message, items }) {
    const parsed = [];
    const outcome = { valid: [], invalid: [], malformed: [], pairingChecks: 0 };
    for (const item of items) {
      if (item.publicKey.length !== 96) throw new Error('expected a 96-byte uncompressed key from parseKeys');
      const publicKey = curve.checkedKey(item.publicKey);
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
      if (verifyGroup(group, message)) {
        for (const item of group) outcome.valid.push({ index: item.index, signature: curve.signatureBytes(item.signature) });
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
    return curve.aggregate(signatures.map((bytes) => {
      if (bytes.length !== 192) throw new Error('expected a 192-byte verified signature from verify');
      return curve.checkedSignature(bytes);
    }));
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
