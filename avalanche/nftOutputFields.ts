// The nftfx members of an X-Chain UTXO, read from its bytes (avalanchego's codec: version, UTXO ID,
// asset ID, then the typed output).
import { toHex } from './bytes';

/** Type IDs of nftfx outputs in the X-Chain codec (avm: secp256k1fx 5–9, nftfx 10–14). */
const NFT_MINT_OUTPUT = 10;
const NFT_TRANSFER_OUTPUT = 11;
/** Codec version (2) + transaction ID (32) + output index (4) + asset ID (32). */
const OUTPUT_OFFSET = 70;

/**
 * The group ID of an nftfx output and, for a transfer output, its payload: what the official
 * `Utxo` calls `groupId` and `payload`. Other outputs (secp256k1fx) have none.
 * @param utxoBytes the UTXO as the node serializes it
 * @returns the members, or undefined for an output that is no nftfx output
 * @example nftOutputFields(fromHex(row.utxoBytes)) // { groupId: 0, payload: '0x68656c6c6f' }
 */
export function nftOutputFields(utxoBytes: Uint8Array): { groupId: number; payload?: string } | undefined {
  if (utxoBytes.length < OUTPUT_OFFSET + 8) return undefined;
  const view = new DataView(utxoBytes.buffer, utxoBytes.byteOffset, utxoBytes.byteLength);
  const typeId = view.getUint32(OUTPUT_OFFSET);
  if (typeId !== NFT_MINT_OUTPUT && typeId !== NFT_TRANSFER_OUTPUT) return undefined;
  const groupId = view.getUint32(OUTPUT_OFFSET + 4);
  if (typeId === NFT_MINT_OUTPUT) return { groupId };
  const length = view.getUint32(OUTPUT_OFFSET + 8);
  const start = OUTPUT_OFFSET + 12;
  if (start + length > utxoBytes.length) return undefined;
  return { groupId, payload: `0x${toHex(utxoBytes.subarray(start, start + length))}` };
}
