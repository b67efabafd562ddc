import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, u64 } from '../bytes';
import { cb58Decode, cb58Encode } from '../cb58';

/**
 * The UTXO ID of output `outputIndex` of a transaction: sha256(uint64 index ‖ txID), as
 * avalanchego's `UTXOID.InputID()` (`ids.ID.Prefix`).
 * @param txId cb58 transaction ID
 * @param outputIndex output position
 * @returns cb58 UTXO ID
 * @example utxoIdOf(txId, 0)
 */
export function utxoIdOf(txId: string, outputIndex: number): string {
  return cb58Encode(sha256(concatBytes(u64(outputIndex), cb58Decode(txId))));
}
