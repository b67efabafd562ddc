import { toDbNetwork, type Network } from '../../shared/network';
import type { PrimaryNetworkContext } from '../context';
import { formatValidator } from '../formatters/validator';

/** Resolves a Validator entity for the gateway (`_entities`), through the loader, at the request's instant; an L1 validation is none. */
export async function resolveValidatorReference(
  reference: { network: Network; validationId: string },
  context: PrimaryNetworkContext,
) {
  const row = await context.loaders.validator.load({
    network: toDbNetwork(reference.network),
    validationId: reference.validationId,
  });
  return row && !row.isL1Validator ? formatValidator(row, context.clock()) : null;
}
