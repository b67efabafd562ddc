import { Prisma } from '../../../prisma/generated/client';
import { readSql } from '../../../prisma/read/readSql';
import type { SubgraphDeps } from '../../shared/subgraph';
import type { GetICMSummaryArgs } from '../types/icmMetrics.args';
import type { IcmSummaryResponse } from '../types/icmMetrics.type';
import { ALL_CHAINS, icmRollupFilter } from './icmRollupFilter';
import { ICM_WINDOWS, type IcmWindowName, windowRanges, type WindowRanges } from './icmWindows';

/** The rollup rows of one window (icmWindows.ts). */
function windowCondition(ranges: WindowRanges): Prisma.Sql {
  return Prisma.sql`((r.time_interval = 'hour' AND r.bucket >= ${ranges.start} AND r.bucket < ${ranges.day})
    OR (r.time_interval = 'day' AND r.bucket >= ${ranges.day} AND r.bucket < ${ranges.month})
    OR (r.time_interval = 'month' AND r.bucket >= ${ranges.month}))`;
}

/**
 * The statement of the summary: each window's sum over its rollup rows, and all time as the sum
 * of every month row, in one pass over the rows of any window.
 * @param args the filters
 * @param now Unix seconds
 * @returns the statement, one row of bigint columns named after the windows, and `allTime`
 * @example icmSummarySql({}, 1_793_491_200)
 */
export function icmSummarySql(args: GetICMSummaryArgs, now: number): Prisma.Sql {
  const windows = ICM_WINDOWS.map(([name, seconds]) => ({
    name,
    condition: windowCondition(windowRanges(now, seconds)),
  }));
  const sums = windows.map(
    ({ name, condition }) =>
      Prisma.sql`coalesce(sum(r.message_count) FILTER (WHERE ${condition}), 0)::bigint AS ${Prisma.raw(`"${name}"`)}`,
  );
  return Prisma.sql`SELECT ${Prisma.join(sums)},
      coalesce(sum(r.message_count) FILTER (WHERE r.time_interval = 'month'), 0)::bigint AS "allTime"
    FROM icm_message_rollup r
    WHERE (r.time_interval = 'month' OR ${Prisma.join(
      windows.map((w) => w.condition),
      ' OR ',
    )}) ${icmRollupFilter(args)}`;
}

/**
 * getICMSummary: the messages the filters select sent in each rolling window ending at the
 * context's clock, and in all.
 * @param context the request's context
 * @param args the validated arguments
 * @returns the one result
 * @example await icmSummary(context, { network: Network.mainnet })
 */
export async function icmSummary(context: SubgraphDeps, args: GetICMSummaryArgs): Promise<IcmSummaryResponse> {
  const [row] = await readSql<Record<IcmWindowName | 'allTime', bigint>>(
    context.read,
    icmSummarySql(args, context.clock()),
  );
  const count = (name: IcmWindowName | 'allTime') => Number(row?.[name] ?? 0);
  return {
    result: {
      lastHour: count('lastHour'),
      lastDay: count('lastDay'),
      lastWeek: count('lastWeek'),
      lastMonth: count('lastMonth'),
      last90Days: count('last90Days'),
      lastYear: count('lastYear'),
      allTime: count('allTime'),
      srcBlockchainId: args.srcBlockchainId ?? ALL_CHAINS,
      destBlockchainId: args.destBlockchainId ?? ALL_CHAINS,
    },
  };
}
