// The Metrics API's chains: the indexed EVM chains (evm_chain), each with the subnet and name of its
// blockchain row, by EVM chain ID.
import { Prisma } from '../../../prisma/generated/client';
import { readSql } from '../../../prisma/read/readSql';
import { toDbNetwork, type Network } from '../../shared/network';
import { bigintKey } from '../../shared/paging/keyCodecs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import { pageSizeLimits } from '../../shared/limits';
import type { SubgraphDeps } from '../../shared/subgraph';
import { type MetricsChain, type MetricsListChainsResponse, NetworkType } from '../types/chain.type';

type ChainRow = { chainId: bigint; blockchainId: string; subnetId: string; blockchainName: string; network: string };

const chainOrder = [sortKey<ChainRow>('chainId', bigintKey)];

const chainColumns = Prisma.sql`c.chain_id AS "chainId", c.blockchain_id AS "blockchainId", bc.subnet_id AS "subnetId",
  bc.blockchain_name AS "blockchainName", c.network::text AS network`;

/**
 * A chain's alias: its P-Chain name in lower case, words joined by `_`.
 * @example chainAlias('C-Chain') // 'c_chain'
 */
export function chainAlias(blockchainName: string): string {
  return blockchainName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function toMetricsChain(row: ChainRow): MetricsChain {
  return {
    evmChainId: Number(row.chainId),
    chainName: chainAlias(row.blockchainName),
    blockchainId: row.blockchainId,
    subnetId: row.subnetId,
    network: row.network === 'mainnet' ? NetworkType.mainnet : NetworkType.testnet,
  };
}

/**
 * listChains (Metrics API): the indexed EVM chains, by EVM chain ID, of a network when asked.
 * @param context the request's context
 * @param args page token and network
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listMetricsChains(context, { network: Network.mainnet })
 */
export async function listMetricsChains(
  context: SubgraphDeps,
  args: { pageToken?: string; network?: Network },
): Promise<MetricsListChainsResponse> {
  const network = args.network && (toDbNetwork(args.network) === 'MAINNET' ? 'mainnet' : 'fuji');
  // The token binds the network; every page has the list's one size.
  const pageArgs = { pageToken: args.pageToken, network, pageSize: pageSizeLimits.metricsChains.max };
  const page = await paginateSql(
    {
      list: 'metricsChains',
      args: pageArgs,
      signer: context.pageTokens,
      order: 'asc',
      keys: chainOrder,
    },
    (k) => Prisma.sql`SELECT ${chainColumns} FROM evm_chain c
      JOIN blockchain bc ON bc.network = c.network AND bc.blockchain_id = c.blockchain_id
      WHERE ${network ? Prisma.sql`c.network = ${network}::network` : Prisma.sql`TRUE`} ${k.after('c')}
      ORDER BY ${k.orderBy('c')} LIMIT ${k.limit}`,
    (sql) => readSql<ChainRow>(context.read, sql),
  );
  return { nextPageToken: page.nextPageToken, chains: page.items.map(toMetricsChain) };
}

/**
 * getChain (Metrics API): one indexed EVM chain.
 * @param context the request's context
 * @param chainId EVM chain ID
 * @returns the chain, or undefined when this service does not index it
 * @example await getMetricsChain(context, 43114n)
 */
export async function getMetricsChain(context: SubgraphDeps, chainId: bigint): Promise<MetricsChain | undefined> {
  const [row] = await readSql<ChainRow>(
    context.read,
    Prisma.sql`SELECT ${chainColumns} FROM evm_chain c
      JOIN blockchain bc ON bc.network = c.network AND bc.blockchain_id = c.blockchain_id
      WHERE c.chain_id = ${chainId}`,
  );
  return row && toMetricsChain(row);
}
