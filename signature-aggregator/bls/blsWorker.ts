// A BLS worker thread. Every curve operation of the aggregator runs here, off the event loop, on
// the curve library the pool chose (blsCurve.ts). Points never cross threads: requests and answers
// are bytes. This file is the one implementation of the aggregator's BLS rules (createBlsPool.ts
// documents each operation):
// - a signature is 96 bytes, compressed, on the curve, in the G2 subgroup and not the point at
//   infinity (avalanchego's SigValidate(false) would let it through; no honest signer makes it);
// - a public key is 48 (compressed) or 96 (uncompressed, as the P-Chain state stores keys) bytes,
//   in the G1 subgroup and not infinity (avalanchego's KeyValidate);
// - many signatures of one message are verified with one pairing check of their sum against the
//   sum of their keys (safe: every key came with a proof of possession), and only a failing group
//   is split in halves, down to the bad signatures: k bad among n cost O(k log n) checks.
import { parentPort, workerData } from 'node:worker_threads';
import type { BlsBackend, BlsCurve } from './blsCurve';
import type { WorkerReply, WorkerRequest } from './createWorkerPool';

/** What createBlsPool hands each worker. */
export type BlsWorkerData = { backend: BlsBackend; signatureDst: string };

/** An answer to verify: `publicKey` is the 96-byte uncompressed form parseKeys returned. */
type VerifyItem = { index: number; publicKey: Uint8Array; signature: Uint8Array };

/** The operations a worker answers, by name: each takes one arguments object. */
function createOperations<Key, Signature>(curve: BlsCurve<Key, Signature>) {
  function parseSignature(bytes: Uint8Array): Signature {
    if (bytes.length !== 96) throw new Error(`signature must be 96 bytes, got ${bytes.length}`);
    return curve.parseSignature(bytes);
  }

  function parsePublicKey(bytes: Uint8Array): Key {
    if (bytes.length !== 48 && bytes.length !== 96)
      throw new Error(`public key must be 48 or 96 bytes, got ${bytes.length}`);
    return curve.parsePublicKey(bytes);
  }

  type Parsed = { index: number; publicKey: Key; signature: Signature };
  function verifyGroup(group: Parsed[], message: Uint8Array): boolean {
    try {
      return curve.verifyGroup(
        group.map((item) => item.signature),
        group.map((item) => item.publicKey),
        message,
      );
    } catch {
      // Sums that land on infinity (signatures cancelling out) are refused by the pairing: not valid.
      return false;
    }
  }

  return {
    sign({ message, secretKeys }: { message: Uint8Array; secretKeys: Uint8Array[] }): Uint8Array[] {
      return secretKeys.map((secretKey) => curve.sign(message, secretKey));
    },

    publicKeys({ secretKeys }: { secretKeys: Uint8Array[] }): (Uint8Array | null)[] {
      return secretKeys.map((secretKey) => {
        try {
          return curve.publicKey(secretKey);
        } catch {
          return null;
        }
      });
    },

    parseKeys({ keys }: { keys: Uint8Array[] }) {
      return keys.map((bytes) => {
        try {
          const point = parsePublicKey(bytes);
          return {
            ok: true as const,
            compressed: curve.keyBytes(point, true),
            uncompressed: curve.keyBytes(point, false),
          };
        } catch (error) {
          return { ok: false as const, reason: (error as Error).message };
        }
      });
    },

    verify({ message, items }: { message: Uint8Array; items: VerifyItem[] }) {
      const parsed: Parsed[] = [];
      const outcome = {
        valid: [] as { index: number; signature: Uint8Array }[],
        invalid: [] as number[],
        malformed: [] as { index: number; reason: string }[],
        pairingChecks: 0,
      };
      for (const item of items) {
        if (item.publicKey.length !== 96) throw new Error('expected a 96-byte uncompressed key from parseKeys');
        const publicKey = curve.checkedKey(item.publicKey);
        try {
          parsed.push({ index: item.index, publicKey, signature: parseSignature(item.signature) });
        } catch (error) {
          outcome.malformed.push({ index: item.index, reason: (error as Error).message });
        }
      }
      // Explicit stack instead of recursion: depth is bounded by log2(n) either way.
      const stack = parsed.length > 0 ? [parsed] : [];
      while (stack.length > 0) {
        const group = stack.pop()!;
        outcome.pairingChecks++;
        if (verifyGroup(group, message)) {
          for (const item of group)
            outcome.valid.push({ index: item.index, signature: curve.signatureBytes(item.signature) });
        } else if (group.length === 1) {
          outcome.invalid.push(group[0]!.index);
        } else {
          const middle = Math.ceil(group.length / 2);
          stack.push(group.slice(middle), group.slice(0, middle));
        }
      }
      return outcome;
    },

    aggregate({ signatures }: { signatures: Uint8Array[] }): Uint8Array {
      return curve.aggregate(
        signatures.map((bytes) => {
          if (bytes.length !== 192) throw new Error('expected a 192-byte verified signature from verify');
          return curve.checkedSignature(bytes);
        }),
      );
    },
  };
}

/** The curve of `backend`, whose library is loaded only here: blst's binary may not exist on this platform. */
function loadCurve({ backend, signatureDst }: BlsWorkerData): BlsCurve<unknown, unknown> {
  if (backend === 'blst')
    return (require('./blstCurve') as typeof import('./blstCurve')).createBlstCurve(signatureDst) as BlsCurve<
      unknown,
      unknown
    >;
  return (require('./nobleCurve') as typeof import('./nobleCurve')).createNobleCurve(signatureDst) as BlsCurve<
    unknown,
    unknown
  >;
}

const port = parentPort!;
const operations: Record<string, (args: never) => unknown> = createOperations(loadCurve(workerData as BlsWorkerData));

port.on('message', ({ op, args }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    if (!Object.hasOwn(operations, op)) throw new Error(`unknown operation ${op}`);
    reply = { ok: true, result: operations[op]!(args as never) };
  } catch (error) {
    reply = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
