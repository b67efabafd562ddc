import { toHex } from '../../../avalanche/bytes';
import { cb58Decode } from '../../../avalanche/cb58';
import { toSafeNumber } from '../../shared/scalars';
import type { L1ValidatorListRow } from '../queries/listL1ValidatorsSql';
import type { BalanceOwner, L1ValidatorDetails } from '../types/l1Validator.type';

/** A stored owner ({threshold, addresses}); a row indexed before the owner was kept has none: no addresses, threshold 0. */
function owner(value: unknown): BalanceOwner {
  const stored = value as { threshold?: number; addresses?: string[] } | null;
  return { addresses: stored?.addresses ?? [], threshold: stored?.threshold ?? 0 };
}

/**
 * Formats an L1 validation as the official `L1ValidatorDetailsFull`.
 * @param row the validation with its balance after the latest P-Chain block
 * @returns the API value
 * @example formatL1Validator(row).remainingBalance // '4999948800'
 */
export function formatL1Validator(row: L1ValidatorListRow): L1ValidatorDetails {
  return {
    validationId: row.validationId,
    validationIdHex: `0x${toHex(cb58Decode(row.validationId))}`,
    nodeId: row.nodeId,
    subnetId: row.subnetId,
    weight: row.weight.toString(),
    remainingBalance: row.remaining,
    creationTimestamp: toSafeNumber(row.startTimestamp),
    blsCredentials: { publicKey: row.blsPublicKey ?? '', proofOfPossession: row.blsProofOfPossession ?? '' },
    remainingBalanceOwner: owner(row.l1RemainingBalanceOwner),
    deactivationOwner: owner(row.l1DeactivationOwner),
  };
}
