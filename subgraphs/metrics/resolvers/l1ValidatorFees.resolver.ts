import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { BadRequestError, NotFoundError } from '../../shared/errors';
import type { SubgraphDeps } from '../../shared/subgraph';
import { type L1FeeSeriesRequest, listL1FeePoints } from '../queries/listL1FeePoints';
import {
  GetMetricsByNodeIdArgs,
  GetMetricsBySubnetIdArgs,
  GetMetricsByValidationIdArgs,
  GetTotalL1ValidatorMetricsArgs,
} from '../types/l1ValidatorFees.args';
import { MetricsResponse } from '../types/metric.type';
import { L1NodeMetric, L1SubnetMetric, L1ValidationMetric, L1ValidatorsMetric } from '../types/l1ValidatorFees.type';

/** The paths name no network: an ID is looked up on mainnet first, then on Fuji. */
const NETWORKS: readonly DbNetwork[] = ['MAINNET', 'FUJI'];

/** What every operation shares: the range, checked, and the service's "now". */
function rangeOf(
  args: { startTimestamp?: number; endTimestamp?: number },
  context: SubgraphDeps,
): Pick<L1FeeSeriesRequest, 'startTimestamp' | 'endTimestamp' | 'now'> {
  if (args.startTimestamp !== undefined && args.endTimestamp !== undefined && args.startTimestamp > args.endTimestamp)
    throw new BadRequestError('startTimestamp must not be after endTimestamp');
  return { startTimestamp: args.startTimestamp, endTimestamp: args.endTimestamp, now: context.clock() };
}

/** The first network (mainnet, then Fuji) where `found` finds the ID. */
async function networkOf(found: (network: DbNetwork) => Promise<unknown>): Promise<DbNetwork | null> {
  for (const network of NETWORKS) if (await found(network)) return network;
  return null;
}

const VALIDATION_VALUES = {
  [L1ValidationMetric.validationFeesDaily]: 'fees',
  [L1ValidationMetric.validationCumulativeFeesDaily]: 'cumulativeFees',
} as const;
const NODE_VALUES = {
  [L1NodeMetric.perNodeDailyFeesPaid]: 'fees',
  [L1NodeMetric.perNodeCumulativeFeesPaid]: 'cumulativeFees',
} as const;
const SUBNET_VALUES = {
  [L1SubnetMetric.perSubnetDailyFeesPaid]: 'fees',
  [L1SubnetMetric.perSubnetCumulativeFeesPaid]: 'cumulativeFees',
  [L1SubnetMetric.perSubnetPayingValidators]: 'payingValidations',
} as const;
const TOTAL_VALUES = {
  [L1ValidatorsMetric.totalValidatorFeesDaily]: 'fees',
  [L1ValidatorsMetric.totalCumulativeFeesDaily]: 'cumulativeFees',
  [L1ValidatorsMetric.totalPayingValidatorsDaily]: 'payingValidations',
} as const;

const RANGE = 'One point per UTC day (its 00:00), newest first, with startTimestamp <= timestamp <= endTimestamp.';

@Resolver()
export class L1ValidatorFeesResolver {
  @Query(() => MetricsResponse, {
    description: `Mainnet's L1 validator fees (nAVAX) of each day, their running total, or the L1 validations that paid a fee that day. ${RANGE}`,
  })
  async getTotalL1ValidatorMetrics(
    @Args() args: GetTotalL1ValidatorMetricsArgs,
    @Ctx() context: SubgraphDeps,
  ): Promise<MetricsResponse> {
    return listL1FeePoints(context, {
      network: 'MAINNET',
      selection: { by: 'network' },
      value: TOTAL_VALUES[args.metric],
      ...rangeOf(args, context),
    });
  }

  @Query(() => MetricsResponse, {
    description: `The continuous fee (nAVAX) an L1 validation paid each day, or its running total. ${RANGE}`,
  })
  async getMetricsByValidationId(
    @Args() args: GetMetricsByValidationIdArgs,
    @Ctx() context: SubgraphDeps,
  ): Promise<MetricsResponse> {
    const range = rangeOf(args, context);
    const validationId = args.l1ValidationId;
    const network = await networkOf((n) =>
      context.prisma.validator.findFirst({
        where: { network: n, validationId, isL1Validator: true },
        select: { validationId: true },
      }),
    );
    if (!network) throw new NotFoundError(`L1 validation ${validationId} is not indexed on mainnet or fuji`);
    return listL1FeePoints(context, {
      network,
      selection: { by: 'validation_id', id: validationId },
      value: VALIDATION_VALUES[args.metric],
      ...range,
    });
  }

  @Query(() => MetricsResponse, {
    description: `The continuous fee (nAVAX) a node's L1 validations paid each day, or its running total. ${RANGE}`,
  })
  async getMetricsByNodeId(
    @Args() args: GetMetricsByNodeIdArgs,
    @Ctx() context: SubgraphDeps,
  ): Promise<MetricsResponse> {
    const range = rangeOf(args, context);
    const { nodeId } = args;
    const network = await networkOf((n) =>
      context.prisma.validator.findFirst({
        where: { network: n, nodeId, isL1Validator: true },
        select: { validationId: true },
      }),
    );
    if (!network) throw new NotFoundError(`node ${nodeId} has no L1 validation indexed on mainnet or fuji`);
    return listL1FeePoints(context, {
      network,
      selection: { by: 'node_id', id: nodeId },
      value: NODE_VALUES[args.metric],
      ...range,
    });
  }

  @Query(() => MetricsResponse, {
    description: `The continuous fee (nAVAX) an L1's validations paid each day, its running total, or the validations that paid a fee that day; no points for a subnet that never was an L1. ${RANGE}`,
  })
  async getMetricsBySubnetId(
    @Args() args: GetMetricsBySubnetIdArgs,
    @Ctx() context: SubgraphDeps,
  ): Promise<MetricsResponse> {
    const range = rangeOf(args, context);
    const { subnetId } = args;
    const network = await networkOf((n) =>
      context.prisma.subnet.findUnique({
        where: { network_subnetId: { network: n, subnetId } },
        select: { subnetId: true },
      }),
    );
    if (!network) throw new NotFoundError(`subnet ${subnetId} is not indexed on mainnet or fuji`);
    return listL1FeePoints(context, {
      network,
      selection: { by: 'subnet_id', id: subnetId },
      value: SUBNET_VALUES[args.metric],
      ...range,
    });
  }
}
