import type { GraphQLScalarType } from 'graphql';
import { GraphQLJSONObject, GraphQLSafeInt } from 'graphql-scalars';
import { BlockchainId } from './params/blockchainId';
import { BlockId } from './params/blockId';
import { Cb58Id } from './params/cb58Id';
import { ChainId, EvmChainId, MetricsChainId } from './params/chainId';
import { EvmAddress, EvmAddressList } from './params/evmAddress';
import { EvmHash } from './params/evmHash';
import { IcmGroupByScalar } from './params/icmGroupBy';
import { NodeId, NodeIdFilter, NodeIdList } from './params/nodeId';
import { Amount, BlockNumber, UnixSeconds } from './params/numbers';
import { PrimaryAddressList } from './params/primaryAddresses';
import { TokenId } from './params/tokenId';

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
export const customScalars: readonly GraphQLScalarType<unknown, unknown>[] = [
  SafeInt,
  JSONObject,
  // Parameter types (params/): one per kind of value, parsed and bounded before SQL sees it.
  Amount,
  BlockchainId,
  BlockId,
  BlockNumber,
  Cb58Id,
  ChainId,
  EvmAddress,
  EvmAddressList,
  EvmChainId,
  EvmHash,
  IcmGroupByScalar,
  MetricsChainId,
  NodeId,
  NodeIdFilter,
  NodeIdList,
  PrimaryAddressList,
  TokenId,
  UnixSeconds,
];

/**
 * A BigInt column as a JSON-safe number.
 * @example toSafeNumber(1700000000n) // 1700000000
 */
export function toSafeNumber(value: bigint): number {
  return Number(value);
}
