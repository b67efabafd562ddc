import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs } from '../../shared/pageArgs';
import { UnixSeconds } from '../../shared/params/numbers';
import {
  PrimaryNetworkRpcGroupBy,
  RequestType,
  RpcTimeInterval,
  SubnetRpcGroupBy,
  UsageGroupBy,
  UsageTimeInterval,
} from './usage.type';

const rangeText = {
  start:
    'Start of the range, Unix seconds, rounded down to 0:00 UTC of its day; six days before endTimestamp’s day when omitted (endTimestamp’s day for minute).',
  end: 'End of the range, Unix seconds, rounded down to 0:00 UTC of its day, whose requests the range includes; now when omitted.',
};

/** An args class to extend. */
// biome-ignore lint/suspicious/noExplicitAny: TypeScript's mixin rule asks for exactly `any[]`.
type ArgsClass = abstract new (...args: any[]) => object;

/**
 * The filters both usage operations of the Data API take (getApiUsageMetrics, getApiLogs), on top of
 * `Base` (the page arguments of getApiLogs).
 * @example class GetApiLogsArgs extends ApiUsageFilters(PageArgs('apiLogs')) {}
 */
function ApiUsageFilters<Base extends ArgsClass>(Base: Base) {
  @ArgsType()
  abstract class Filters extends Base {
    @Field({ nullable: true, description: 'An API key ID: a key is its own organization (as apiKeyId).' })
    orgId?: string;

    @Field(() => UnixSeconds, { nullable: true, description: rangeText.start })
    startTimestamp?: number;

    @Field(() => UnixSeconds, { nullable: true, description: rangeText.end })
    endTimestamp?: number;

    @Field({
      nullable: true,
      description: 'Only requests that named this chain (a chainId or blockchainId as sent; an EVM chain ID for RPC).',
    })
    chainId?: string;

    @Field({ nullable: true, description: 'Only requests answered with this HTTP status (100 to 599).' })
    responseCode?: string;

    @Field(() => RequestType, {
      nullable: true,
      description: 'Only requests to the API (data) or to the node RPC (rpc).',
    })
    requestType?: RequestType;

    @Field({
      nullable: true,
      description:
        'Only the requests of this API key (anonymous: without one); a key that is not an admin may name only itself.',
    })
    apiKeyId?: string;

    @Field({
      nullable: true,
      description:
        'Only requests answered by this route template, as /openapi.json names it (/v1/networks/{network}/subnets).',
    })
    requestPath?: string;
  }
  return Filters;
}

@ArgsType()
abstract class NoArgs {}

/** Arguments of getApiUsageMetrics. */
@ArgsType()
export class GetApiUsageMetricsArgs extends ApiUsageFilters(NoArgs) {
  @Field(() => UsageTimeInterval, {
    nullable: true,
    description: 'Length of a data point’s period; daily when omitted.',
  })
  timeInterval?: UsageTimeInterval;

  @Field(() => UsageGroupBy, {
    nullable: true,
    description: 'Splits each data point by this column; one value per period when omitted.',
  })
  groupBy?: UsageGroupBy;
}

/** Arguments of getApiLogs. */
@ArgsType()
export class GetApiLogsArgs extends ApiUsageFilters(PageArgs('apiLogs')) {}

/** Arguments of getSubnetRpcUsageMetrics. */
@ArgsType()
export class GetSubnetRpcUsageMetricsArgs {
  @Field(() => RpcTimeInterval, { nullable: true, description: 'Length of a data point’s period; daily when omitted.' })
  timeInterval?: RpcTimeInterval;

  @Field(() => UnixSeconds, { nullable: true, description: rangeText.start })
  startTimestamp?: number;

  @Field(() => UnixSeconds, { nullable: true, description: rangeText.end })
  endTimestamp?: number;

  @Field(() => SubnetRpcGroupBy, {
    nullable: true,
    description: 'Splits each data point by this column; rlBypassToken is the API key of the calls.',
  })
  groupBy?: SubnetRpcGroupBy;

  @Field({
    nullable: true,
    description:
      'Only calls to this chain (its EVM chain ID, or its blockchain ID where it has none); every subnet chain when omitted.',
  })
  chainId?: string;

  @Field({ nullable: true, description: 'Only calls answered with this HTTP status (100 to 599).' })
  responseCode?: string;

  @Field({ nullable: true, description: 'Only calls of this JSON-RPC method (batch for batches).' })
  rpcMethod?: string;

  @Field({
    nullable: true,
    description:
      'Only the calls of this API key (anonymous: without one); a key that is not an admin may name only itself.',
  })
  rlBypassApiToken?: string;
}

/** Arguments of getPrimaryNetworkRpcUsageMetrics. */
@ArgsType()
export class GetPrimaryNetworkRpcUsageMetricsArgs {
  @Field(() => RpcTimeInterval, { nullable: true, description: 'Length of a data point’s period; daily when omitted.' })
  timeInterval?: RpcTimeInterval;

  @Field(() => UnixSeconds, { nullable: true, description: rangeText.start })
  startTimestamp?: number;

  @Field(() => UnixSeconds, { nullable: true, description: rangeText.end })
  endTimestamp?: number;

  @Field(() => PrimaryNetworkRpcGroupBy, { nullable: true, description: 'Splits each data point by this column.' })
  groupBy?: PrimaryNetworkRpcGroupBy;

  @Field({ nullable: true, description: 'Only calls answered with this HTTP status (100 to 599).' })
  responseCode?: string;

  @Field({ nullable: true, description: 'Only requests answered by this route template (/ext/bc/{chain}/rpc).' })
  requestPath?: string;

  @Field({
    nullable: true,
    description: 'ISO 3166-1 alpha-2 country code; this service locates no client, so every call is XX.',
  })
  country?: string;

  @Field({
    nullable: true,
    description: 'Continent code (AF, AN, AS, EU, NA, OC, SA); this service locates no client, so every call is XX.',
  })
  continent?: string;

  @Field({ nullable: true, description: 'Only calls whose User-Agent header is this.' })
  userAgent?: string;

  @Field({ nullable: true, description: 'Only calls of this JSON-RPC method (batch for batches).' })
  rpcMethod?: string;

  @Field(() => Network, { description: 'mainnet, or testnet/fuji: the network the node RPC serves.' })
  network!: Network;
}
