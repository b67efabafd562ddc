// A composite query (compositeQueryV1/V2): every subquery's address set, combined by the operator
// (AND: in every set; OR: in any), in address order, paged by address; subQueryCounts are the
// sets' sizes by subquery ID, totalCount the combination's. Each page evaluates the subqueries
// again (each bounded, runSubQuery.ts), so a page token is an address, like any list's.
import { BadRequestError } from '../../shared/errors';
import { stringKey } from '../../shared/paging/keyCodecs';
import { finishPage, startPage } from '../../shared/paging/page';
import { sortKey } from '../../shared/paging/sortKey';
import type { SubgraphDeps } from '../../shared/subgraph';
import type { CompositeQueryArgs } from '../types/compositeQuery.args';
import type { CompositeQueryResponse } from '../types/compositeQuery.type';
import { parseSubQueries } from './parseSubQueries';
import { runSubQuery } from './runSubQuery';

type AddressRow = { address: string };
const addressOrder = [sortKey<AddressRow>('address', stringKey)];

/**
 * Runs a composite query.
 * @param context the request's context
 * @param args the body: subqueries, operator and page
 * @returns the page, with every subquery's count and the total
 * @throws BadRequestError for a bad subquery, a chain not indexed, a source too large, or a token of another query
 * @example await runCompositeQuery(context, { queries, operator: Operator.AND, pageSize: 100 })
 */
export async function runCompositeQuery(
  context: SubgraphDeps,
  args: CompositeQueryArgs,
): Promise<CompositeQueryResponse> {
  const plans = parseSubQueries(args.queries);
  const request = {
    list: 'compositeQuery' as const,
    args,
    signer: context.pageTokens,
    order: 'asc' as const,
    keys: addressOrder,
  };
  const start = startPage(request);
  const chainIds = [...new Set(plans.map((plan) => plan.chainId))];
  const indexed = await context.prisma.evmChain.findMany({
    where: { chainId: { in: chainIds } },
    select: { chainId: true },
  });
  plans.forEach((plan, i) => {
    if (!indexed.some((chain) => chain.chainId === plan.chainId))
      throw new BadRequestError(
        `body field queries[${i}].params.evmChainId: chain ${plan.chainId} is not indexed by this service`,
      );
  });
  const sets: Set<string>[] = [];
  for (const [i, plan] of plans.entries()) sets.push(new Set(await runSubQuery(context, plan, i)));
  const combined =
    args.operator === 'AND'
      ? [...sets[0]!].filter((address) => sets.every((set) => set.has(address)))
      : [...new Set(sets.flatMap((set) => [...set]))];
  combined.sort();
  const after = start.after?.[0] as string | undefined;
  const from = after === undefined ? 0 : combined.findIndex((address) => address > after);
  const rows = (from < 0 ? [] : combined.slice(from, from + start.limit + 1)).map((address) => ({ address }));
  const page = finishPage(request, start, rows);
  return {
    nextPageToken: page.nextPageToken,
    subQueryCounts: Object.fromEntries(plans.map((plan, i) => [plan.id, sets[i]!.size])),
    totalCount: combined.length,
    addresses: page.items.map((row) => row.address),
  };
}
