// SubnetToL1ConversionData (avalanchego vms/platformvm/warp/message/subnet_to_l1_conversion.go):
// what a SubnetToL1Conversion message commits to. It has no type ID, and leaves out each
// validator's balance and owners (standard_tx_executor.go, ConvertSubnetToL1Tx).
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, lengthPrefixed, u16, u32, u64 } from '../../avalanche/bytes';

/** One validator as the conversion ID sees it. */
export type ConversionValidatorData = { nodeId: Uint8Array; blsPublicKey: Uint8Array; weight: bigint };

/** The fields of a ConvertSubnetToL1Tx that the conversion ID covers. */
export type ConversionData = {
  subnetId: Uint8Array;
  managerChainId: Uint8Array;
  managerAddress: Uint8Array;
  /** In the transaction's order (sorted by node ID, which the P-Chain enforces). */
  validators: ConversionValidatorData[];
};

/**
 * The conversion ID: SHA-256 of the SubnetToL1ConversionData encoding
 * `0000 ‖ subnetID ‖ managerChainID ‖ []address ‖ u32 n ‖ n × ([]nodeID ‖ key[48] ‖ weight u64)`.
 * @param data subnet, manager chain and address, validators
 * @returns 32 bytes
 * @example conversionId({ subnetId, managerChainId, managerAddress: fromHex('41'), validators: [v] })
 */
export function conversionId(data: ConversionData): Uint8Array {
  const validators = data.validators.map((v) => concatBytes(lengthPrefixed(v.nodeId), v.blsPublicKey, u64(v.weight)));
  return sha256(
    concatBytes(
      u16(0),
      data.subnetId,
      data.managerChainId,
      lengthPrefixed(data.managerAddress),
      u32(validators.length),
      ...validators,
    ),
  );
}
