import { KEEP_PLAN } from '../../prisma/read/preparedReads';
import {
  blockFiguresSql,
  blocksWithFigures,
  CHAIN_BLOCK_ORDER,
  chainBlocksSql,
  pageLatestBlocksAllChains,
  toBlockRow,
  type BlockFigureRow,
} from '../../subgraphs/evm/queries/listBlocks';
import type { PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import { paginateSql } from '../../subgraphs/shared/paging/paginateSql';
import type { Network } from '../../subgraphs/shared/network';
import { parseEvmChainId } from '../../subgraphs/shared/params/chainId';
import type { RunSql } from './sqlRunners';
import type { FloorRoute } from './startFloor';

/**
 * The floor of getLatestBlocks, `GET /v1/chains/{chainId}/blocks?pageSize=N` (a chain named by EVM
 * chain ID): the service's two statements (chainBlocksSql, cut and signed by paginateSql, then
 * blockFiguresSql) and its block shape, without the chain lookup the service keeps in memory.
 * @param run the statement runner
 * @param signer the service's page-token key
 * @returns the route
 * @example startFloor([blocksFloorRoute(run, { secret })])
 */
export function blocksFloorRoute(run: RunSql, signer: PageTokenSigner): FloorRoute {
  return {
    path: /^\/v1\/chains\/(\d+)\/blocks$/,
    answer: async ({ url: { searchParams: query } }, match) => {
      // The arguments as the service binds its tokens to them (listChainBlocks).
      const chainId = parseEvmChainId(match[1]!);
      const args = { chainId, pageSize: Number(query.get('pageSize') ?? 10) };
      const page = await paginateSql(
        { list: 'blocks', args, signer, order: 'desc', keys: CHAIN_BLOCK_ORDER },
        (k) => chainBlocksSql(chainId, k),
        async (sql) => (await run(sql.text, sql.values, KEEP_PLAN)).map(toBlockRow), // as the service reads it
      );
      return { nextPageToken: page.nextPageToken, blocks: await withFigures(run, page.items) };
    },
  };
}

/**
 * The floor of listLatestBlocksAllChains, `GET /v1/blocks?network=…&pageSize=N`: the service's two
 * statements (pageLatestBlocksAllChains, then blockFiguresSql) and its block shape.
 * @param run the statement runner
 * @param signer the service's page-token key
 * @returns the route
 * @example startFloor([latestBlocksAllChainsFloorRoute(run, { secret })])
 */
export function latestBlocksAllChainsFloorRoute(run: RunSql, signer: PageTokenSigner): FloorRoute {
  return {
    path: /^\/v1\/blocks$/,
    answer: async ({ url: { searchParams: query } }) => {
      const request = {
        network: (query.get('network') ?? undefined) as Network | undefined,
        pageSize: Number(query.get('pageSize') ?? 10),
      };
      const page = await pageLatestBlocksAllChains(request, signer, async (sql) =>
        (await run(sql.text, sql.values, KEEP_PLAN)).map(toBlockRow),
      );
      return { nextPageToken: page.nextPageToken, blocks: await withFigures(run, page.items) };
    },
  };
}

/** The answered blocks of a page: blockFiguresSql, run as the service runs it. */
async function withFigures(run: RunSql, items: Parameters<typeof blockFiguresSql>[0]) {
  if (items.length === 0) return [];
  const figures = blockFiguresSql(items);
  return blocksWithFigures(items, (await run(figures.text, figures.values, KEEP_PLAN)) as BlockFigureRow[]);
}
