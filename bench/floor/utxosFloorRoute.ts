import { Prisma } from '../../prisma/generated/client';
import { dataModel } from '../../prisma/generated/metadata';
import { formatChainInfo } from '../../subgraphs/primary-network/formatters/chainInfo';
import { formatPChainUtxo, formatUtxo } from '../../subgraphs/primary-network/formatters/utxo';
import { listUtxosSql, utxoSortKeys, type UtxoListRow } from '../../subgraphs/primary-network/queries/listUtxosSql';
import { UtxoSortBy } from '../../subgraphs/primary-network/types/primaryChain.args';
import { toDbNetwork, type Network } from '../../subgraphs/shared/network';
import type { PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import { paginateSql } from '../../subgraphs/shared/paging/paginateSql';
import { BlockchainId } from '../../subgraphs/shared/params/blockchainId';
import { resolvePrimaryChain } from '../../subgraphs/shared/params/primaryChain';
import { addressesOfNetwork, PrimaryAddressList } from '../../subgraphs/shared/params/primaryAddresses';
import type { RunSql } from './sqlRunners';
import type { FloorRoute } from './startFloor';
import { KEEP_PLAN } from '../../prisma/read/preparedReads';

/** Fields of a UTXO row that are numeric in SQL: Prisma's raw queries give them as Decimals. */
const decimalFields = Object.entries(dataModel.models.Utxo.fields)
  .filter(([, field]) => field.type === 'Decimal')
  .map(([name]) => name);

/**
 * The floor of 4.7 list UTXOs, `GET /v1/networks/{network}/blockchains/{blockchainId}/utxos?addresses=…&pageSize=N`
 * (default sort and filters): the service's statement (listUtxosSql, cut and signed by
 * paginateSql), its formatters, its parameter parsers for the arguments the token binds.
 * @param run the statement runner (int8 as bigint, numeric as text)
 * @param signer the service's page-token key
 * @returns the route
 * @example startFloor([utxosFloorRoute(run, { secret })])
 */
export function utxosFloorRoute(run: RunSql, signer: PageTokenSigner): FloorRoute {
  return {
    path: /^\/v1\/networks\/(mainnet|fuji|testnet)\/blockchains\/([^/]+)\/utxos$/,
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
        minAmount: 0n,
        includeSpent: false,
      };
      const page = await paginateSql(
        { list: 'utxos', args, signer, order: 'desc', keys: utxoSortKeys(UtxoSortBy.timestamp) },
        (keyset) => listUtxosSql(filter, keyset),
        async (sql) => (await run(sql.text, sql.values, KEEP_PLAN)).map(toUtxoRow), // as the service reads it
      );
      // The chain's own shape, as the service answers it (P-Chain UTXOs, or X-/C-Chain ones).
      const utxos = chain.chainName === 'p-chain' ? page.items.map(formatPChainUtxo) : page.items.map(formatUtxo);
      return { nextPageToken: page.nextPageToken, utxos, chainInfo: formatChainInfo(chain) };
    },
  };
}

function toUtxoRow(row: Record<string, unknown>): UtxoListRow {
  for (const field of decimalFields)
    if (typeof row[field] === 'string') row[field] = new Prisma.Decimal(row[field] as string);
  return row as unknown as UtxoListRow;
}
