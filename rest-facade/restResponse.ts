/**
 * Nullable fields the REST spec shows as present with `null` (2.4 genesisData, 2.11
 * tokenReputation). Every other null is left out of REST responses, as the hosted API does
 * (its list responses omit `nextPageToken` on the last page, and optional fields when unset).
 */
const keptNulls = new Set(['airdropAmount', 'baseFeePerGas', 'blobGasUsed', 'excessBlobGas', 'tokenReputation']);

/**
 * A GraphQL result's data as the REST facade serializes it: the nulls REST leaves out set to
 * `undefined` in place, which JSON.stringify skips. The data is the request's own (a fresh
 * execution result), so nothing is copied, and assigning keeps each object's shape (deleting a
 * key would turn it into a slow dictionary object for the serializer).
 * @param value the data, changed in place
 * @returns the same value
 * @example JSON.stringify(restResponse({ nextPageToken: null, subnets: [] })) // '{"subnets":[]}'
 */
export function restResponse<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) restResponse(item);
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const field = record[key];
    if (field === null) {
      if (!keptNulls.has(key)) record[key] = undefined;
    } else if (typeof field === 'object') {
      restResponse(field);
    }
  }
  return value;
}
