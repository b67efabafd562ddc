import { bech32Decode, bech32Encode } from '../../avalanche/bech32';
import { fromHex, toHex } from '../../avalanche/bytes';

const EWOQ = '3cb7d3842e8cee6a0ebd09f1fe884f6861e1b29c';

describe('bech32', () => {
  test('bech32Encode() gives the published addresses of the ewoq key', () => {
    expect(bech32Encode('local', fromHex(EWOQ))).toBe('local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u');
    expect(bech32Encode('kopernikus', fromHex(EWOQ))).toBe('kopernikus18jma8ppw3nhx5r4ap8clazz0dps7rv5uuvjh68');
  });

  test('bech32Decode() round-trips mainnet and fuji addresses', () => {
    for (const hrp of ['avax', 'fuji']) {
      const text = bech32Encode(hrp, fromHex(EWOQ));
      expect(text.startsWith(`${hrp}1`)).toBe(true);
      const decoded = bech32Decode(text);
      expect(decoded.hrp).toBe(hrp);
      expect(toHex(decoded.bytes)).toBe(EWOQ);
    }
  });

  test('BIP-173 valid test vectors decode', () => {
    expect(bech32Decode('A12UEL5L').hrp).toBe('a');
    expect(toHex(bech32Decode('abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw').bytes)).toBe(
      '00443214c74254b635cf84653a56d7c675be77df',
    );
  });

  test('error: bech32Decode() rejects a bad checksum and mixed case', () => {
    expect(() => bech32Decode('local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96v')).toThrow('checksum');
    expect(() => bech32Decode('A12uEL5L')).toThrow('mixed-case');
  });
});
