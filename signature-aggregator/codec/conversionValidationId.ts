import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, u32 } from '../../avalanche/bytes';

/**
 * The validation ID of the `index`-th validator of a ConvertSubnetToL1Tx:
 * SHA-256(subnetID ‖ uint32 index) (avalanchego ids.ID.Append). Validators registered later by
 * a RegisterL1Validator message use SHA-256 of that message's payload instead.
 * @param subnetId 32-byte subnet ID
 * @param index position of the validator in the transaction
 * @returns 32 bytes
 * @example conversionValidationId(subnetId, 0)
 */
export function conversionValidationId(subnetId: Uint8Array, index: number): Uint8Array {
  return sha256(concatBytes(subnetId, u32(index)));
}
