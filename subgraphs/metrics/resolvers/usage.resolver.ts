import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { Prisma } from '../../../prisma/generated/client';
import { BadRequestError } from '../../shared/errors';
import { Network } from '../../shared/network';
import { primaryReads } from '../../shared/subgraph';
import type { MetricsContext } from '../context';
import { listApiLogs, toApiLog } from '../queries/usage/listApiLogs';
import {
  equalityConditions,
  rangeCondition,
  statusCode,
  usageScope,
  type UsageScope,
} from '../queries/usage/usageFilters';
import { usageMetrics } from '../queries/usage/usageMetrics';
import { usageRange, type UsageInterval } from '../queries/usage/usageRange';
import {
  GetApiLogsArgs,
  GetApiUsageMetricsArgs,
  GetPrimaryNetworkRpcUsageMetricsArgs,
  GetSubnetRpcUsageMetricsArgs,
} from '../types/usage.args';
import {
  ApiLogsResponse,
  PrimaryNetworkRpcGroupBy,
  PrimaryNetworkRpcUsageMetricsResponse,
  SubnetRpcGroupBy,
  SubnetRpcUsageMetricsResponse,
  UsageGroupBy,
  UsageMetricsResponse,
} from '../types/usage.type';

/** The column (over `api_request r`) of each groupBy. */
const usageGroups: Record<UsageGroupBy, Prisma.Sql> = {
  requestPath: Prisma.sql`r.request_path`,
  responseCode: Prisma.sql`r.response_code`,
  chainId: Prisma.sql`r.chain_id`,
  apiKeyId: Prisma.sql`coalesce(r.key_id, 'anonymous')`,
  requestType: Prisma.sql`r.request_type`,
};
const subnetRpcGroups: Record<SubnetRpcGroupBy, Prisma.Sql> = {
  rpcMethod: Prisma.sql`r.rpc_method`,
  responseCode: Prisma.sql`r.response_code`,
  rlBypassToken: Prisma.sql`coalesce(r.key_id, 'anonymous')`,
};
/** This service locates no client: every request's country and continent is XX, the official "without country code data". */
const unlocated = 'XX';
const primaryNetworkRpcGroups: Record<PrimaryNetworkRpcGroupBy, Prisma.Sql> = {
  rpcMethod: Prisma.sql`r.rpc_method`,
  requestPath: Prisma.sql`r.request_path`,
  responseCode: Prisma.sql`r.response_code`,
  country: Prisma.sql`${unlocated}`,
  continent: Prisma.sql`${unlocated}`,
  userAgent: Prisma.sql`r.user_agent`,
};
const continents = new Set(['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA', unlocated]);

/** The Data API's usage operations: the service's own record of the requests it answered (server/usage/). */
@Resolver()
export class UsageResolver {
  @Query(() => UsageMetricsResponse, {
    description:
      'Usage of the Data API and the node RPC per period: requests, success rate, median response time, compute units; the caller’s own key’s, or every key’s for an admin key.',
  })
  async getApiUsageMetrics(
    @Args() args: GetApiUsageMetricsArgs,
    @Ctx() context: MetricsContext,
  ): Promise<UsageMetricsResponse> {
    const scope = usageScope(context.caller, { apiKeyId: args.apiKeyId, orgId: args.orgId });
    const interval = args.timeInterval ?? 'daily';
    const where = [...apiFilters(args, scope, interval, context)];
    await context.usageRecord?.flush();
    const group = args.groupBy ? { name: args.groupBy, sql: usageGroups[args.groupBy] } : undefined;
    return {
      aggregateDuration: interval,
      orgId: scope.orgId,
      metrics: await usageMetrics(primaryReads(context), where, interval, group),
    };
  }

  @Query(() => ApiLogsResponse, {
    description: 'The requests the caller’s key made (every key’s for an admin key), newest first.',
  })
  async getApiLogs(@Args() args: GetApiLogsArgs, @Ctx() context: MetricsContext): Promise<ApiLogsResponse> {
    const scope = usageScope(context.caller, { apiKeyId: args.apiKeyId, orgId: args.orgId });
    const where = apiFilters(args, scope, 'daily', context, false);
    await context.usageRecord?.flush();
    // The caller binds the token too: a page token of one key is no position in another's log.
    const page = await listApiLogs(primaryReads(context), where, { ...args, owner: context.caller!.keyId });
    return { orgId: scope.orgId, logs: page.items.map(toApiLog), nextPageToken: page.nextPageToken };
  }

  @Query(() => SubnetRpcUsageMetricsResponse, {
    description:
      'Usage of the node RPC of subnet and L1 chains per period (/ext/bc/{chain}/…); the caller’s own key’s calls, or every call for an admin key.',
  })
  async getSubnetRpcUsageMetrics(
    @Args() args: GetSubnetRpcUsageMetricsArgs,
    @Ctx() context: MetricsContext,
  ): Promise<SubnetRpcUsageMetricsResponse> {
    const scope = usageScope(context.caller, { rlBypassApiToken: args.rlBypassApiToken });
    const interval = args.timeInterval ?? 'daily';
    const where = [
      rangeCondition(usageRange(args, interval, context.clock())),
      Prisma.sql`r.request_type = 'rpc' AND r.subnet_rpc`,
      ...scope.where,
      ...equalityConditions({
        chain_id: args.chainId,
        response_code: args.responseCode === undefined ? undefined : statusCode(args.responseCode),
        rpc_method: args.rpcMethod,
      }),
    ];
    await context.usageRecord?.flush();
    const group = args.groupBy ? { name: args.groupBy, sql: subnetRpcGroups[args.groupBy] } : undefined;
    return {
      aggregateDuration: interval,
      chainId: args.chainId ?? 'all',
      metrics: await usageMetrics(primaryReads(context), where, interval, group),
    };
  }

  @Query(() => PrimaryNetworkRpcUsageMetricsResponse, {
    description:
      'Usage of the node RPC of the primary network per period (the C-Chain’s /ext/bc/C/rpc, /ext/admin, …); the caller’s own key’s calls, or every call for an admin key.',
  })
  async getPrimaryNetworkRpcUsageMetrics(
    @Args() args: GetPrimaryNetworkRpcUsageMetricsArgs,
    @Ctx() context: MetricsContext,
  ): Promise<PrimaryNetworkRpcUsageMetricsResponse> {
    const scope = usageScope(context.caller, {});
    const interval = args.timeInterval ?? 'daily';
    if (args.country !== undefined && !/^([A-Z]{2}|T1)$/.test(args.country))
      throw new BadRequestError(
        'country must be an ISO 3166-1 alpha-2 country code (XX: without country data, T1: Tor)',
      );
    if (args.continent !== undefined && !continents.has(args.continent))
      throw new BadRequestError(`continent must be one of ${[...continents].join(', ')}`);
    const network = args.network === Network.mainnet ? 'mainnet' : 'testnet';
    const where = [
      rangeCondition(usageRange(args, interval, context.clock())),
      Prisma.sql`r.request_type = 'rpc' AND NOT r.subnet_rpc AND r.network = ${network}`,
      ...scope.where,
      ...equalityConditions({
        response_code: args.responseCode === undefined ? undefined : statusCode(args.responseCode),
        request_path: args.requestPath,
        user_agent: args.userAgent,
        rpc_method: args.rpcMethod,
      }),
      // Every call is XX: another country or continent has none.
      ...[args.country, args.continent].flatMap((code) =>
        code === undefined || code === unlocated ? [] : [Prisma.sql`FALSE`],
      ),
    ];
    await context.usageRecord?.flush();
    const group = args.groupBy ? { name: args.groupBy, sql: primaryNetworkRpcGroups[args.groupBy] } : undefined;
    return {
      aggregateDuration: interval,
      network,
      metrics: await usageMetrics(primaryReads(context), where, interval, group),
    };
  }
}

/** The conditions of the Data API's usage filters: range, scope, chain, status, type, route. */
function apiFilters(
  args: GetApiUsageMetricsArgs | GetApiLogsArgs,
  scope: UsageScope,
  interval: UsageInterval,
  context: MetricsContext,
  boundSpan = true,
): Prisma.Sql[] {
  // The logs are paged: any range the record holds is one index range, whatever its span.
  const range = usageRange(args, boundSpan ? interval : 'monthly', context.clock());
  return [
    rangeCondition(range),
    ...scope.where,
    ...equalityConditions({
      chain_id: args.chainId,
      response_code: args.responseCode === undefined ? undefined : statusCode(args.responseCode),
      request_type: args.requestType,
      request_path: args.requestPath,
    }),
  ];
}
