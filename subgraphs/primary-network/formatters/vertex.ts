import type { XChainVertex as VertexRow } from '../../../prisma/generated/client';
import { toSafeNumber } from '../../shared/scalars';
import type { XChainVertex } from '../types/vertex.type';

/**
 * Formats an X-Chain vertex for the API (spec 2.16).
 * @param row the stored vertex
 * @returns the API value
 * @example formatVertex(await prisma.xChainVertex.findFirstOrThrow())
 */
export function formatVertex(row: VertexRow): XChainVertex {
  return {
    vertexHash: row.vertexHash,
    parentHashes: row.parentHashes,
    vertexHeight: toSafeNumber(row.vertexHeight),
    vertexIndex: toSafeNumber(row.vertexIndex),
    vertexTimestamp: toSafeNumber(row.vertexTimestamp),
    txCount: row.txCount,
    transactions: row.transactions,
    vertexSizeBytes: row.vertexSizeBytes,
  };
}
