import { GraphQLJSONObject, GraphQLSafeInt } from 'graphql-scalars';

/**
 * 64-bit chain integers (timestamps, locktimes, heights served as numbers) within JSON's safe
 * range; `integer` in the REST spec. GraphQL's Int is only 32 bits.
 */
export const SafeInt = GraphQLSafeInt;

/** Free-form JSON objects whose keys are data (genesis `alloc`, storage maps). */
export const JSONObject = GraphQLJSONObject;

/**
 * A BigInt column as a JSON-safe number.
 * @example toSafeNumber(1700000000n) // 1700000000
 */
export function toSafeNumber(value: bigint): number {
  return Number(value);
}
