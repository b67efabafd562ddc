import type { GraphQLScalarType } from 'graphql';
import { GraphQLJSONObject, GraphQLSafeInt } from 'graphql-scalars';

/**
 * 64-bit chain integers (timestamps, locktimes, heights served as numbers) within JSON's safe
 * range; `integer` in the REST spec. GraphQL's Int is only 32 bits.
 */
export const SafeInt = GraphQLSafeInt;

/** Free-form JSON objects whose keys are data (genesis `alloc`, storage maps). */
export const JSONObject = GraphQLJSONObject;

/**
 * Every custom scalar the subgraphs declare. The gateway's supergraph only knows scalar names;
 * whatever parses client values outside a subgraph (the gateway's own validation, the REST
 * facade's coercion of query strings) swaps in these implementations by name.
 */
export const customScalars: readonly GraphQLScalarType[] = [SafeInt, JSONObject];

/**
 * A BigInt column as a JSON-safe number.
 * @example toSafeNumber(1700000000n) // 1700000000
 */
export function toSafeNumber(value: bigint): number {
  return Number(value);
}
