import { KEEP_PLAN } from '../../prisma/read/preparedReads';
import {
  blockFiguresSql,
  blocksWithFigures,
  CHAIN_BLOCK_ORDER,
  chainBlocksSql,
  toBlockRow,
  type BlockFigureRow,
} from '../../subgraphs/evm/queries/listBlocks';
import type { PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import { paginateSql } from '../../subgraphs/shared/paging/paginateSql';
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
      if (page.items.length === 0) return { nextPageToken: page.nextPageToken, blocks: [] };
      const figures = blockFiguresSql(page.items);
      const rows = (await run(figures.text, figures.values, KEEP_PLAN)) as BlockFigureRow[];
      return { nextPageToken: page.nextPageToken, blocks: blocksWithFigures(page.items, rows) };
    },
  };
}
