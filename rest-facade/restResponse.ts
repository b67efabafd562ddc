/**
 * Nullable fields the REST spec shows as present with `null` (2.4 genesisData, 2.11
 * tokenReputation). Every other null is left out of REST responses, as the hosted API does
 * (its list responses omit `nextPageToken` on the last page, and optional fields when unset).
 */
const keptNulls = new Set(['airdropAmount', 'baseFeePerGas', 'blobGasUsed', 'excessBlobGas', 'tokenReputation']);

/**
 * A GraphQL result's data as the REST facade returns it.
 * @example restResponse({ nextPageToken: null, subnets: [] }) // { subnets: [] }
 */
export function restResponse(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(restResponse);
  if (value === null || typeof value !== 'object') return value;
  const shaped: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === null && !keptNulls.has(key)) continue;
    shaped[key] = restResponse(field);
  }
  return shaped;
}
