import type { PrismaClient } from '../../prisma/generated/client';
import { createKeySigners } from './createKeySigners';
import { createLocalSignatureSource } from './createLocalSignatureSource';
import { createRpcSignatureSource } from './createRpcSignatureSource';
import type { LocalSigners } from './localSigners';
import type { SignatureSource } from './signatureSource';

/**
 * The service's sources, local signers first (no network hop), then the validators' nodes.
 * @param deps database, configured secret keys, and further local signers wired by the
 * composition root (e.g. the demo validators' keys), asked after the configured keys
 * @returns sources in the order the aggregator asks them
 * @example createDefaultSources({ prisma, signerKeys: [], localSigners: [createDemoSigners()] })
 */
export function createDefaultSources({
  prisma,
  signerKeys,
  localSigners = [],
}: {
  prisma: PrismaClient;
  signerKeys: readonly Uint8Array[];
  localSigners?: readonly LocalSigners[];
}): SignatureSource[] {
  const signers: LocalSigners[] = [];
  if (signerKeys.length > 0) signers.push(createKeySigners(signerKeys));
  signers.push(...localSigners);
  return [...(signers.length > 0 ? [createLocalSignatureSource(signers)] : []), createRpcSignatureSource({ prisma })];
}
