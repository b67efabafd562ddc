import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, fromHex, toHex, u32 } from '../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';
import { BLS_SIG_DST, demoValidatorCredentials } from '../../demo-data/validatorKeys';
import {
  addressedCall,
  conversionValidationId,
  l1ValidatorWeightPayload,
  registerL1ValidatorPayload,
  signWarpMessage,
  unsignedMessage,
} from '../../demo-data/primary-network/warpMessages';

const subnetId = cb58Encode(new Uint8Array(32).fill(7));
const chainId = cb58Encode(new Uint8Array(32).fill(9));

describe('primary-network/warpMessages', () => {
  test('addressedCall() matches the published AddressedCall vector', () => {
    const src = fromHex('01020300000000000000000000000000');
    const published = '0000 00000001 00000010 01020300000000000000000000000000 00000003 0a0b0c'.replace(/ /g, '');
    expect(toHex(addressedCall(src, fromHex('0a0b0c')))).toBe(published);
  });

  test('registerL1ValidatorPayload() has 122 + 20 + 20 × owners bytes and its hash is the validation ID', () => {
    const owners = { locktime: 0n, threshold: 1, addresses: [new Uint8Array(20).fill(1)] };
    const { payload, validationId } = registerL1ValidatorPayload({
      subnetId,
      nodeId: `NodeID-${cb58Encode(new Uint8Array(20).fill(2))}`,
      blsPublicKey: demoValidatorCredentials('fuji', 1).publicKey,
      expiry: 1_800_000_000n,
      remainingBalanceOwner: owners,
      disableOwner: owners,
      weight: 100n,
    });
    expect(payload).toHaveLength(122 + 20 + 20 * 2);
    expect(toHex(payload.subarray(0, 6))).toBe('000000000001');
    expect(validationId).toBe(cb58Encode(sha256(payload)));
  });

  test('l1ValidatorWeightPayload() is 54 bytes of type 3', () => {
    const payload = l1ValidatorWeightPayload(subnetId, 4n, 41n);
    expect(payload).toHaveLength(54);
    expect(toHex(payload.subarray(0, 6))).toBe('000000000003');
  });

  test('conversionValidationId() is sha256(subnetID ‖ uint32 index)', () => {
    expect(conversionValidationId(subnetId, 3)).toBe(cb58Encode(sha256(concatBytes(cb58Decode(subnetId), u32(3)))));
  });

  test("signWarpMessage() appends a BitSetSignature that verifies against the signers' aggregate key", () => {
    const signers = [1, 2, 3].map((i) => demoValidatorCredentials('fuji', i));
    const unsigned = unsignedMessage(
      5,
      chainId,
      addressedCall(new Uint8Array(20), l1ValidatorWeightPayload(subnetId, 1n, 7n)),
    );
    const signed = signWarpMessage(unsigned, signers);
    expect(toHex(signed.subarray(0, unsigned.length))).toBe(toHex(unsigned));
    const tail = signed.subarray(unsigned.length);
    expect(toHex(tail.subarray(0, 9))).toBe('000000000000000107');
    const sigs = bls12_381.longSignatures;
    const aggregate = sigs.aggregatePublicKeys(signers.map((s) => bls12_381.G1.Point.fromBytes(fromHex(s.publicKey))));
    const signature = sigs.Signature.fromBytes(tail.subarray(9));
    expect(sigs.verify(signature, sigs.hash(unsigned, BLS_SIG_DST), aggregate)).toBe(true);
  });
});
