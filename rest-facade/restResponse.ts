/**
 * Nullable fields the REST spec shows as present with `null` (2.4 genesisData, 2.11
 * tokenReputation). Every other null is left out of REST responses, as the hosted API does
 * (its list responses omit `nextPageToken` on the last page, and optional fields when unset).
 */
const keptNulls = new Set(['airdropAmount', 'baseFeePerGas', 'blobGasUsed', 'excessBlobGas', 'tokenReputation']);

/**
 * A GraphQL result's data as the REST facade returns it: the nulls REST leaves out removed, in
 * place. The data is the request's own (a fresh execution result), so nothing is copied: graphql-js
 * builds result objects without prototypes (dictionary objects, where deleting a key is cheap).
 * @param value the data, changed in place
 * @returns the same value
 * @example restResponse({ nextPageToken: null, subnets: [] }) // { subnets: [] }
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
      if (!keptNulls.has(key)) delete record[key];
    } else if (typeof field === 'object') {
      restResponse(field);
    }
  }
  return value;
}
