import { Prisma } from '../../prisma/generated/client';
import { dataModel } from '../../prisma/generated/metadata';
import { KEEP_PLAN } from '../../prisma/read/preparedReads';
import { formatChainInfo } from '../../subgraphs/primary-network/formatters/chainInfo';
import { formatTransactionPage } from '../../subgraphs/primary-network/loaders/transactionPage';
import {
  listPrimaryTransactionsSql,
  transactionSortKeys,
  type TransactionRow,
} from '../../subgraphs/primary-network/queries/listPrimaryTransactionsSql';
import { toDbNetwork, type Network } from '../../subgraphs/shared/network';
import type { PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import { paginateSql } from '../../subgraphs/shared/paging/paginateSql';
import { BlockchainId } from '../../subgraphs/shared/params/blockchainId';
import { addressesOfNetwork, PrimaryAddressList } from '../../subgraphs/shared/params/primaryAddresses';
import { resolvePrimaryChain } from '../../subgraphs/shared/params/primaryChain';
import type { RunSql } from './sqlRunners';
import type { FloorRoute } from './startFloor';

/** Fields of a UTXO row that are numeric in SQL: Prisma's raw queries give them as Decimals. */
const decimalFields = Object.entries(dataModel.models.Utxo.fields)
  .filter(([, field]) => field.type === 'Decimal')
  .map(([name]) => name);

/**
 * The floor of listLatestPrimaryNetworkTransactions for an address,
 * `GET /v1/networks/{network}/blockchains/{blockchainId}/transactions?addresses=…&pageSize=N` (default order):
 * the service's statements (listPrimaryTransactionsSql cut and signed by paginateSql, then the page's
 * UTXO, staker, vertex and asset statements) and formatters, without GraphQL or the REST facade.
 * @param run the statement runner (int8 as bigint, numeric as text)
 * @param signer the service's page-token key
 * @returns the route
 * @example startFloor([transactionsFloorRoute(run, signer)])
 */
export function transactionsFloorRoute(run: RunSql, signer: PageTokenSigner): FloorRoute {
  const read = async <Row>(sql: Prisma.Sql): Promise<Row[]> =>
    (await run(sql.text, sql.values, KEEP_PLAN)).map((row) => {
      // As the service reads them: a UTXO's numeric columns as Decimals.
      if ('utxoId' in row)
        for (const field of decimalFields)
          if (typeof row[field] === 'string') row[field] = new Prisma.Decimal(row[field] as string);
      return row as Row;
    });
  return {
    path: /^\/v1\/networks\/(mainnet|fuji|testnet)\/blockchains\/([^/]+)\/transactions$/,
    answer: async ({ url: { searchParams: query } }, match) => {
      // The arguments as the resolver receives them: the same parsers, so the same token scope.
      const args = {
        pageSize: Number(query.get('pageSize') ?? 10),
        network: match[1] as Network,
        blockchainId: BlockchainId.parseValue(match[2]),
        addresses: PrimaryAddressList.parseValue(query.get('addresses')),
      };
      const network = toDbNetwork(args.network);
      const chain = resolvePrimaryChain(network, args.blockchainId as Parameters<typeof resolvePrimaryChain>[1]);
      const filter = {
        network,
        blockchainId: chain.blockchainId,
        addresses: addressesOfNetwork(network, args.addresses as Parameters<typeof addressesOfNetwork>[1]),
      };
      const page = await paginateSql(
        { list: 'primaryTransactions', args, signer, order: 'desc', keys: transactionSortKeys },
        (keyset) => listPrimaryTransactionsSql(filter, keyset),
        (sql) => read<TransactionRow>(sql),
      );
      const transactions = await formatTransactionPage(read, chain, page.items);
      return { nextPageToken: page.nextPageToken, transactions, chainInfo: formatChainInfo(chain) };
    },
  };
}
