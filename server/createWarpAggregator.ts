import type { Database } from '../prisma/database';
import { createSignatureAggregator, type SignatureAggregator } from '../signature-aggregator';
import { createDefaultSources } from '../signature-aggregator/sources/createDefaultSources';
import type { LocalSigners } from '../signature-aggregator/sources/localSigners';
import type { WarpOptions } from './options';

/**
 * The process's signature aggregator: local signers (configured keys, then demo keys) first, then
 * the validators' nodes at their recorded URLs.
 * @param db the database (validators, chains, transactions, node URLs)
 * @param warp timeouts and local keys
 * @param localSigners further local signers, asked after the configured keys
 * @returns the aggregator; one per process (it caches keys and signatures)
 * @example createWarpAggregator(db, buildOptions(process.env).warp)
 */
export function createWarpAggregator(
  db: Pick<Database, 'prisma'>,
  warp: WarpOptions,
  localSigners: readonly LocalSigners[] = [],
): SignatureAggregator {
  return createSignatureAggregator({
    prisma: db.prisma,
    sources: createDefaultSources({ prisma: db.prisma, signerKeys: warp.signerKeys, localSigners }),
    options: {
      requestTimeoutMs: warp.requestTimeoutMs,
      aggregationTimeoutMs: warp.aggregationTimeoutMs,
      blsBackend: warp.blsBackend ?? 'auto',
    },
  });
}
