import { pageSizeLimits } from '../../subgraphs/shared/limits';
import { runCompositeQuery } from '../../subgraphs/metrics/composite/runCompositeQuery';
import type { CompositeQueryArgs } from '../../subgraphs/metrics/types/compositeQuery.args';
import type { PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import type { SubgraphDeps } from '../../subgraphs/shared/subgraph';
import type { RunSql } from './sqlRunners';
import type { FloorRoute } from './startFloor';

/**
 * The floor of compositeQueryV1/V2, `POST /v{1,2}/lookingGlass/compositeQuery` with the service's
 * body: the service's own runCompositeQuery (every subquery's statements, the in-memory
 * combination, the page cut and token signing) with a context whose reads go through the floor's
 * runner, and whose one Prisma call (the indexed-chain check) is the same lookup in SQL.
 * @param run the statement runner
 * @param signer the service's page-token key
 * @returns the route
 * @example startFloor([compositeQueryFloorRoute(run, { secret })])
 */
export function compositeQueryFloorRoute(run: RunSql, signer: PageTokenSigner): FloorRoute {
  const context = {
    read: run,
    pageTokens: signer,
    prisma: {
      evmChain: {
        findMany: ({ where }: { where: { chainId: { in: bigint[] } } }) =>
          run('SELECT chain_id AS "chainId" FROM evm_chain WHERE chain_id = ANY($1::bigint[])', [
            where.chainId.in.map(String),
          ]),
      },
    },
  } as unknown as SubgraphDeps;
  return {
    method: 'POST',
    path: /^\/v[12]\/lookingGlass\/compositeQuery$/,
    answer: (request) => {
      // The body's fields as the resolver receives them (the args class's default page size), so the same token scope.
      const body = JSON.parse(request.body) as Partial<CompositeQueryArgs>;
      const args = { ...body, pageSize: body.pageSize ?? pageSizeLimits.compositeQuery.default } as CompositeQueryArgs;
      return runCompositeQuery(context, args);
    },
  };
}
