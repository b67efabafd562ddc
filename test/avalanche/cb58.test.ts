import { base58Decode, base58Encode, cb58Decode, cb58Encode, nodeIdToString } from '../../avalanche/cb58';
import { fromHex, toHex } from '../../avalanche/bytes';
import { NETWORKS, PRIMARY_NETWORK_ID, VM_IDS } from '../../demo-data/constants';

const padded = (name: string) => {
  const out = new Uint8Array(32);
  out.set(new TextEncoder().encode(name));
  return out;
};

describe('cb58', () => {
  test('cb58Encode() of 32 zero bytes is the primary network ID', () => {
    expect(cb58Encode(new Uint8Array(32))).toBe('11111111111111111111111111111111LpoYY');
    expect(PRIMARY_NETWORK_ID).toBe(cb58Encode(new Uint8Array(32)));
  });

  test('cb58Decode() of the primary network ID is 32 zero bytes', () => {
    expect(cb58Decode(PRIMARY_NETWORK_ID)).toEqual(new Uint8Array(32));
  });

  test('VM IDs are the zero-padded VM names', () => {
    expect(cb58Encode(padded('avm'))).toBe(VM_IDS.avm);
    expect(cb58Encode(padded('evm'))).toBe(VM_IDS.evm);
    expect(cb58Encode(padded('subnetevm'))).toBe(VM_IDS.subnetevm);
    expect(cb58Encode(padded('platformvm'))).toBe(VM_IDS.platformvm);
  });

  test('well-known chain and asset IDs decode with a valid checksum and round-trip', () => {
    for (const network of Object.values(NETWORKS)) {
      for (const id of [network.xChainId, network.cChainId, network.avaxAssetId]) {
        const bytes = cb58Decode(id);
        expect(bytes).toHaveLength(32);
        expect(cb58Encode(bytes)).toBe(id);
      }
    }
  });

  test('the ewoq short address round-trips', () => {
    const bytes = fromHex('3cb7d3842e8cee6a0ebd09f1fe884f6861e1b29c');
    expect(cb58Encode(bytes)).toBe('6Y3kysjF9jnHnYkdS9yGAuoHyae2eNmeV');
    expect(toHex(cb58Decode('6Y3kysjF9jnHnYkdS9yGAuoHyae2eNmeV'))).toBe('3cb7d3842e8cee6a0ebd09f1fe884f6861e1b29c');
  });

  test('error: cb58Decode() rejects a corrupted checksum', () => {
    expect(() => cb58Decode('11111111111111111111111111111111LpoYZ')).toThrow('invalid input checksum');
    expect(() => cb58Decode('0OIl')).toThrow('invalid base58 character');
  });

  test('base58 keeps leading zero bytes', () => {
    expect(base58Encode(new Uint8Array([0, 0, 1]))).toBe('112');
    expect(base58Decode('112')).toEqual(new Uint8Array([0, 0, 1]));
  });

  test('nodeIdToString() prefixes cb58 of 20 bytes', () => {
    expect(nodeIdToString(new Uint8Array(20))).toMatch(/^NodeID-1{20}/);
    expect(() => nodeIdToString(new Uint8Array(32))).toThrow();
  });
});
