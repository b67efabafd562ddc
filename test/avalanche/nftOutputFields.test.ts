import { concatBytes, fromHex, u32 } from '../../avalanche/bytes';
import { nftOutputFields } from '../../avalanche/nftOutputFields';

/** A UTXO's bytes: codec version, transaction ID, output index, asset ID, then the typed output. */
const utxo = (typeId: number, output: Uint8Array) =>
  concatBytes(new Uint8Array(2), new Uint8Array(32).fill(1), u32(3), new Uint8Array(32).fill(2), u32(typeId), output);
const owners = concatBytes(new Uint8Array(8), u32(1), u32(1), new Uint8Array(20).fill(9));

describe('nftOutputFields()', () => {
  it("reads an nftfx TransferOutput's group ID and payload", () => {
    const payload = fromHex('68656c6c6f');
    expect(nftOutputFields(utxo(11, concatBytes(u32(7), u32(payload.length), payload, owners)))).toEqual({
      groupId: 7,
      payload: '0x68656c6c6f',
    });
  });

  it("reads an nftfx MintOutput's group ID; it has no payload", () => {
    expect(nftOutputFields(utxo(10, concatBytes(u32(4), owners)))).toEqual({ groupId: 4 });
  });

  it('finds nothing in a secp256k1fx output, or in bytes too short to hold an output', () => {
    expect(nftOutputFields(utxo(7, concatBytes(new Uint8Array(8), owners)))).toBeUndefined();
    expect(nftOutputFields(new Uint8Array(40))).toBeUndefined();
  });

  it('refuses a payload length past the end of the bytes', () => {
    expect(nftOutputFields(utxo(11, concatBytes(u32(7), u32(1000))))).toBeUndefined();
  });
});
