import { KEEP_PLAN } from '../../prisma/read/preparedReads';
import { formatChainInfo } from '../../subgraphs/primary-network/formatters/chainInfo';
import { formatProposedBlock } from '../../subgraphs/primary-network/formatters/proposedBlock';
import { latestBlocksSql, primaryBlockOrder, toBlockRow } from '../../subgraphs/primary-network/queries/primaryBlocks';
import { toDbNetwork, type Network } from '../../subgraphs/shared/network';
import type { PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import { paginateSql } from '../../subgraphs/shared/paging/paginateSql';
import { BlockchainId } from '../../subgraphs/shared/params/blockchainId';
import { resolvePrimaryChain } from '../../subgraphs/shared/params/primaryChain';
import type { RunSql } from './sqlRunners';
import type { FloorRoute } from './startFloor';

/**
 * The floor of listLatestPrimaryNetworkBlocks, `GET /v1/networks/{network}/blockchains/{blockchainId}/blocks?pageSize=N`:
 * the service's one statement (latestBlocksSql, cut and signed by paginateSql), its row reading and its
 * formatter, without the gateway and the REST facade.
 * @param run the statement runner (int8 as bigint, numeric as text)
 * @param signer the service's page-token key
 * @returns the route
 * @example startFloor([primaryBlocksFloorRoute(run, { secret })])
 */
export function primaryBlocksFloorRoute(run: RunSql, signer: PageTokenSigner): FloorRoute {
  return {
    path: /^\/v1\/networks\/(mainnet|fuji|testnet)\/blockchains\/([^/]+)\/blocks$/,
    answer: async ({ url: { searchParams: query } }, match) => {
      // The arguments as the resolver receives them: the same parsers, so the same token scope.
      const args = {
        pageSize: Number(query.get('pageSize') ?? 10),
        network: match[1] as Network,
        blockchainId: BlockchainId.parseValue(match[2]),
      };
      const chain = resolvePrimaryChain(
        toDbNetwork(args.network),
        args.blockchainId as Parameters<typeof resolvePrimaryChain>[1],
        ['p-chain', 'x-chain'],
      );
      const page = await paginateSql(
        { list: 'primaryNetworkBlocks', args, signer, order: 'desc', keys: primaryBlockOrder },
        (k) => latestBlocksSql(chain, {}, k),
        async (sql) => (await run(sql.text, sql.values, KEEP_PLAN)).map(toBlockRow),
      );
      return {
        nextPageToken: page.nextPageToken,
        blocks: page.items.map(formatProposedBlock),
        chainInfo: formatChainInfo(chain),
      };
    },
  };
}
