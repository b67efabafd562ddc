import type { Network } from '../../prisma/generated/enums';
import type { CanonicalValidator } from '../validators/flattenValidators';

/** Secret keys held by this process, found per canonical validator. */
export type LocalSigners = {
  /**
   * The 32-byte secret key held for `validator`, if any. It is used only when its public key is
   * the validator's recorded key (the local source checks, in the worker threads), so a signer
   * may propose a key without deriving its public key on the event loop.
   */
  secretKeyFor(validator: CanonicalValidator, network: Network): Uint8Array | undefined;
};
