import { bls12_381 } from '@noble/curves/bls12-381.js';
import { fromHex } from '../../avalanche/bytes';
import { cb58Decode } from '../../avalanche/cb58';
import { demoCredentialRequests } from '../../demo-data';
import { precomputeCredentials } from '../../demo-data/blsPool';
import { readFileSync } from 'node:fs';
import {
  CREDENTIALS_TABLE_PATH,
  decodeCredentialsTable,
  encodeCredentialsTable,
  tabledCredentials,
  TABLE_NETWORKS,
} from '../../demo-data/validatorCredentialsTable';
import {
  BLS_POP_DST,
  BLS_SIG_DST,
  blsCredentials,
  demoValidatorCredentials,
  demoValidatorNodeId,
  demoValidatorSecretKey,
} from '../../demo-data/validatorKeys';

const sigs = bls12_381.longSignatures;
const verifyPop = (publicKey: string, pop: string, dst: string) => {
  const pk = fromHex(publicKey);
  return sigs.verify(sigs.Signature.fromBytes(fromHex(pop)), sigs.hash(pk, dst), bls12_381.G1.Point.fromBytes(pk));
};

describe('validatorKeys', () => {
  test('demoValidatorSecretKey() is deterministic, 32 bytes, distinct per network and index', () => {
    expect(demoValidatorSecretKey('mainnet', 0)).toEqual(demoValidatorSecretKey('mainnet', 0));
    expect(demoValidatorSecretKey('mainnet', 0)).toHaveLength(32);
    expect(demoValidatorSecretKey('mainnet', 0)).not.toEqual(demoValidatorSecretKey('fuji', 0));
    expect(demoValidatorSecretKey('mainnet', 0)).not.toEqual(demoValidatorSecretKey('mainnet', 1));
  });

  test('blsCredentials() reproduces the published local signer1 key and proof of possession', () => {
    const sk = fromHex('4176616c616e6368654c6f63616c4e6574776f726b56616c696461746f723031');
    const credentials = blsCredentials(sk);
    expect(credentials.publicKey).toBe(
      '0x900c9b119b5c82d781d4b49be78c3fc7ae65f2b435b7ed9e3a8b9a03e475edff86d8a64827fec8db23a6f236afbf127d',
    );
    expect(credentials.proofOfPossession).toBe(
      '0x8bfd6d4d2086b2b8115d8f72f94095fefe5a6c07876b2accf51a811adf520f389e74a3d2152a6d90b521e2be58ffe468043dc5ea68b4c44410eb67f8dc24f13ed4f194000764c0e922cd254a3588a4962b1cb4db7de4bb9cda9d9d4d6b03f3d2',
    );
  });

  test('the proof of possession verifies under the POP tag only', () => {
    const { publicKey, proofOfPossession } = demoValidatorCredentials('fuji', 3);
    expect(publicKey).toMatch(/^0x[0-9a-f]{96}$/);
    expect(proofOfPossession).toMatch(/^0x[0-9a-f]{192}$/);
    expect(verifyPop(publicKey, proofOfPossession, BLS_POP_DST)).toBe(true);
    expect(verifyPop(publicKey, proofOfPossession, BLS_SIG_DST)).toBe(false);
  });

  test('demoValidatorNodeId() is NodeID- plus cb58 of 20 bytes', () => {
    const nodeId = demoValidatorNodeId('mainnet', 5);
    expect(nodeId).toMatch(/^NodeID-/);
    expect(cb58Decode(nodeId.slice(7))).toHaveLength(20);
  });

  test('precomputeCredentials() on a worker gives the same credentials as the main thread', async () => {
    // Beyond the checked-in table, so the workers compute them.
    expect(tabledCredentials('fuji', 90_000)).toBeUndefined();
    await precomputeCredentials(
      [
        { network: 'fuji', index: 90_000 },
        { network: 'fuji', index: 90_001 },
      ],
      2,
    );
    const fromWorker = demoValidatorCredentials('fuji', 90_000);
    const direct = blsCredentials(demoValidatorSecretKey('fuji', 90_000));
    expect(fromWorker.publicKey).toBe(direct.publicKey);
    expect(fromWorker.proofOfPossession).toBe(direct.proofOfPossession);
  });
});

describe('the checked-in credentials table (validatorCredentials.bin)', () => {
  const table = decodeCredentialsTable(readFileSync(CREDENTIALS_TABLE_PATH));

  test('holds what noble derives from the secret keys: first, last and a spread of validators of each network', () => {
    for (const network of TABLE_NETWORKS) {
      const count = table.get(network)!.length;
      const sample = [0, 1, Math.floor(count / 3), Math.floor(count / 2), Math.floor((2 * count) / 3), count - 1];
      for (const index of sample) {
        const derived = blsCredentials(demoValidatorSecretKey(network, index));
        expect({ network, index, ...tabledCredentials(network, index) }).toEqual({
          network,
          index,
          publicKey: derived.publicKey,
          proofOfPossession: derived.proofOfPossession,
        });
      }
    }
  });

  test.each([0.02, 0.05, 1, 15])(
    'covers every validator a seed at scale %s asks for (npm run demo:credentials rewrites it)',
    (scale) => {
      const missing = demoCredentialRequests(scale).filter(
        ({ network, index }) => tabledCredentials(network, index) === undefined,
      );
      expect(missing).toEqual([]);
    },
  );

  test('encodes back to the same bytes; a file cut short or with bytes left over is refused', () => {
    const bytes = readFileSync(CREDENTIALS_TABLE_PATH);
    const hex = (record: Buffer) => `0x${record.toString('hex')}`;
    const records = (network: 'mainnet' | 'fuji') =>
      table
        .get(network)!
        .map((record) => ({ publicKey: hex(record.subarray(0, 48)), proofOfPossession: hex(record.subarray(48)) }));
    const entries = { mainnet: records('mainnet'), fuji: records('fuji') };
    expect(encodeCredentialsTable(entries).equals(bytes)).toBe(true);
    expect(() => decodeCredentialsTable(bytes.subarray(0, bytes.length - 1))).toThrow('ends within fuji');
    expect(() => decodeCredentialsTable(Buffer.concat([bytes, Buffer.alloc(1)]))).toThrow('1 bytes after its records');
  });
});
