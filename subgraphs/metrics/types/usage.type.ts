import { Directive, Field, Float, ObjectType, registerEnumType } from 'type-graphql';

/** `timeInterval` of getApiUsageMetrics (the official TimeIntervalGranularityExtended). */
export enum UsageTimeInterval {
  minute = 'minute',
  hourly = 'hourly',
  daily = 'daily',
  weekly = 'weekly',
  monthly = 'monthly',
}
registerEnumType(UsageTimeInterval, {
  name: 'TimeIntervalGranularityExtended',
  description: 'Length of the period a usage data point covers.',
});

/** `timeInterval` of the RPC usage metrics (the official SubnetRpcTimeIntervalGranularity and PrimaryNetworkRpcTimeIntervalGranularity). */
export enum RpcTimeInterval {
  hourly = 'hourly',
  daily = 'daily',
  weekly = 'weekly',
  monthly = 'monthly',
}
registerEnumType(RpcTimeInterval, {
  name: 'RpcTimeIntervalGranularity',
  description: 'Length of the period an RPC usage data point covers.',
});

/** `groupBy` of getApiUsageMetrics. */
export enum UsageGroupBy {
  requestPath = 'requestPath',
  responseCode = 'responseCode',
  chainId = 'chainId',
  apiKeyId = 'apiKeyId',
  requestType = 'requestType',
}
registerEnumType(UsageGroupBy, { name: 'UsageMetricsGroupByEnum', description: 'What usage values are grouped by.' });

/** `groupBy` of getSubnetRpcUsageMetrics. */
export enum SubnetRpcGroupBy {
  rpcMethod = 'rpcMethod',
  responseCode = 'responseCode',
  rlBypassToken = 'rlBypassToken',
}
registerEnumType(SubnetRpcGroupBy, {
  name: 'RpcUsageMetricsGroupByEnum',
  description: 'What subnet RPC usage values are grouped by.',
});

/** `groupBy` of getPrimaryNetworkRpcUsageMetrics. */
export enum PrimaryNetworkRpcGroupBy {
  rpcMethod = 'rpcMethod',
  requestPath = 'requestPath',
  responseCode = 'responseCode',
  country = 'country',
  continent = 'continent',
  userAgent = 'userAgent',
}
registerEnumType(PrimaryNetworkRpcGroupBy, {
  name: 'PrimaryNetworkRpcMetricsGroupByEnum',
  description: 'What primary network RPC usage values are grouped by.',
});

/** `requestType`: requests to the Data API, or to the node RPC. */
export enum RequestType {
  data = 'data',
  rpc = 'rpc',
}
registerEnumType(RequestType, { name: 'RequestType', description: 'data (the API) or rpc (the node RPC).' });

/** The figures of one group of requests in one period, shared by the API's and the RPC's metrics. */
@ObjectType({ simpleResolvers: true })
abstract class UsageFigures {
  @Field({
    nullable: true,
    description: 'The value of the grouping column; absent without groupBy or where the requests have none.',
  })
  groupValue?: string;

  @Field(() => Float, { description: 'Requests answered in the period.' })
  totalRequests!: number;

  @Field(() => Float, { description: 'totalRequests over the length of the period, seconds.' })
  requestsPerSecond!: number;

  @Field(() => Float, { description: 'Share of requests answered below 400, percent.' })
  successRatePercent!: number;

  @Field(() => Float, { description: 'Median time from the request to the answer’s last byte, ms.' })
  medianResponseTimeMsecs!: number;

  @Field(() => Float, { description: 'Requests answered 400 to 499.' })
  invalidRequests!: number;

  @Field(() => Float, { description: 'Compute units charged (server/access/routeWeights.ts).' })
  apiCreditsUsed!: number;

  @Field(() => Float, { description: 'Compute units charged to requests answered 400 to 499.' })
  apiCreditsWasted!: number;
}

/** One group's figures of the Data API usage (the official UsageMetricsValueDTO). */
@ObjectType({ simpleResolvers: true })
export class UsageMetricsValue extends UsageFigures {
  @Directive('@rest(enum: ["requestPath", "responseCode", "chainId", "apiKeyId", "requestType", "None"])')
  @Field({ description: 'The groupBy of the request, or None.' })
  groupedBy!: string;
}

/** The groups of one period (the official Metric). */
@ObjectType({ simpleResolvers: true })
export class UsageMetric {
  @Field(() => Float, { description: 'Start of the period, Unix seconds.' })
  timestamp!: number;

  @Field(() => [UsageMetricsValue])
  values!: UsageMetricsValue[];
}

/** getApiUsageMetrics (the official UsageMetricsResponseDTO). */
@ObjectType({ simpleResolvers: true })
export class UsageMetricsResponse {
  @Field({ description: 'The timeInterval of the data points.' })
  aggregateDuration!: string;

  @Field({ description: 'The API key whose usage this is; all for an admin key’s view of every key.' })
  orgId!: string;

  @Field(() => [UsageMetric], { description: 'One data point per period with requests, newest first.' })
  metrics!: UsageMetric[];
}

/** One group's figures of the RPC usage (the official RpcUsageMetricsValueAggregated). */
@ObjectType({ simpleResolvers: true })
export class RpcUsageMetricsValue extends UsageFigures {
  @Directive(
    '@rest(enum: ["rpcMethod", "responseCode", "rlBypassToken", "requestPath", "country", "continent", "userAgent", "None"])',
  )
  @Field({ description: 'The groupBy of the request, or None.' })
  groupedBy!: string;
}

/** The groups of one period (the official RpcMetrics). */
@ObjectType({ simpleResolvers: true })
export class RpcUsageMetric {
  @Field(() => Float, { description: 'Start of the period, Unix seconds.' })
  timestamp!: number;

  @Field(() => [RpcUsageMetricsValue])
  values!: RpcUsageMetricsValue[];
}

/** getSubnetRpcUsageMetrics (the official SubnetRpcUsageMetricsResponseDTO). */
@ObjectType({ simpleResolvers: true })
export class SubnetRpcUsageMetricsResponse {
  @Field({ description: 'The timeInterval of the data points.' })
  aggregateDuration!: string;

  @Field(() => [RpcUsageMetric], { description: 'One data point per period with requests, newest first.' })
  metrics!: RpcUsageMetric[];

  @Field({ description: 'The chain of the requests (its EVM chain ID), or all for every subnet chain.' })
  chainId!: string;
}

/** getPrimaryNetworkRpcUsageMetrics (the official PrimaryNetworkRpcUsageMetricsResponseDTO). */
@ObjectType({ simpleResolvers: true })
export class PrimaryNetworkRpcUsageMetricsResponse {
  @Field({ description: 'The timeInterval of the data points.' })
  aggregateDuration!: string;

  @Field(() => [RpcUsageMetric], { description: 'One data point per period with requests, newest first.' })
  metrics!: RpcUsageMetric[];

  @Directive('@rest(enum: ["mainnet", "testnet"])')
  @Field({ description: 'mainnet or testnet (fuji).' })
  network!: string;
}

/** Who made a logged request, from where (the official LogsFormatMetadata). */
@ObjectType({ simpleResolvers: true })
export class ApiLogMetadata {
  @Field({ description: 'The client’s address (behind a proxy trusted by TRUST_PROXY, the one it forwards).' })
  ipAddress!: string;

  @Field({ description: 'The Host header of the request.' })
  host!: string;

  @Field({ description: 'The User-Agent header of the request.' })
  userAgent!: string;
}

/** One request (the official LogsFormat). */
@ObjectType({ simpleResolvers: true })
export class ApiLog {
  @Field({ description: 'The API key of the request (a key is its own organization); anonymous without one.' })
  orgId!: string;

  @Field({ description: 'The request’s x-request-id.' })
  logId!: string;

  @Field(() => Float, { description: 'When the request was answered, Unix milliseconds.' })
  eventTimestamp!: number;

  @Field({ description: 'The API key’s ID; anonymous without one.' })
  apiKeyId!: string;

  @Field({ description: 'The API key’s name (keys create <name>); its ID for a key of API_KEYS.' })
  apiKeyAlias!: string;

  @Field({ description: 'Where the service runs: self-hosted.' })
  hostRegion!: string;

  @Field(() => RequestType)
  requestType!: RequestType;

  @Field({ description: 'The route template that answered, as /openapi.json names it; unmatched when none did.' })
  requestPath!: string;

  @Field(() => Float, { description: 'Compute units charged.' })
  apiCreditsConsumed!: number;

  @Field(() => Float, { description: 'Time from the request to the answer’s last byte, ms.' })
  requestDurationMsecs!: number;

  @Field(() => Float, { description: 'The HTTP status of the answer.' })
  responseCode!: number;

  @Field({ nullable: true, description: 'The chain the request named, where it named one.' })
  chainId?: string;

  @Field({ nullable: true, description: 'The JSON-RPC method of a node RPC call; batch for a batch.' })
  rpcMethod?: string;

  @Field(() => ApiLogMetadata)
  metadata!: ApiLogMetadata;
}

/** getApiLogs (the official LogsResponseDTO). */
@ObjectType({ simpleResolvers: true })
export class ApiLogsResponse {
  @Field({ nullable: true })
  nextPageToken?: string;

  @Field({ description: 'The API key whose requests these are; all for an admin key’s view of every key.' })
  orgId!: string;

  @Field(() => [ApiLog], { description: 'Requests, newest first.' })
  logs!: ApiLog[];
}
