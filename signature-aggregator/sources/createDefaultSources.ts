import type { PrismaClient } from '../../prisma/generated/client';
import { createDemoSigners } from './createDemoSigners';
import { createKeySigners } from './createKeySigners';
import { createLocalSignatureSource } from './createLocalSignatureSource';
import { createRpcSignatureSource } from './createRpcSignatureSource';
import type { LocalSigners } from './localSigners';
import type { SignatureSource } from './signatureSource';

/**
 * The service's sources, local signers first (no network hop), then the validators' nodes.
 * @param deps database, configured secret keys, and whether the demo validators' keys sign
 * @returns sources in the order the aggregator asks them
 * @example createDefaultSources({ prisma, signerKeys: [], demoSigners: true })
 */
export function createDefaultSources({
  prisma,
  signerKeys,
  demoSigners,
  localSigners = [],
}: {
  prisma: PrismaClient;
  signerKeys: readonly Uint8Array[];
  demoSigners: boolean;
  localSigners?: readonly LocalSigners[];
}): SignatureSource[] {
  const signers: LocalSigners[] = [];
  if (signerKeys.length > 0) signers.push(createKeySigners(signerKeys));
  signers.push(...localSigners);
  if (demoSigners) signers.push(createDemoSigners());
  return [...(signers.length > 0 ? [createLocalSignatureSource(signers)] : []), createRpcSignatureSource({ prisma })];
}
