import type { Network } from '../../prisma/generated/enums';
import type { CanonicalValidator } from '../validators/flattenValidators';

/** Secret keys held by this process, found per canonical validator. */
export type LocalSigners = {
  /** The 32-byte secret key of `validator`, if held; it must match the validator's public key. */
  secretKeyFor(validator: CanonicalValidator, network: Network): Uint8Array | undefined;
};
