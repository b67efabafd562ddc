import { Prisma, type Utxo as UtxoModel } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';
import { bigintKey, decimalKey, stringKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { sortKey, type SortKey } from '../../shared/paging/sortKey';
import { UtxoSortBy } from '../types/primaryChain.args';
import { selectColumns } from './selectColumns';

/** A UTXO of the list, with its asset and owners. */
export type UtxoListRow = UtxoModel & {
  assetName: string;
  assetSymbol: string;
  assetDenomination: number;
  assetType: string;
  owners: string[];
};

/** What 4.7 lists. */
export type UtxoFilter = {
  network: DbNetwork;
  blockchainId: string;
  /** Stored addresses (bech32 without chain prefix). */
  addresses: readonly string[];
  assetId?: string;
  minAmount: bigint;
  includeSpent: boolean;
};

/**
 * The keyset order of 4.7: creation time or amount, then the UTXO ID (unique per network).
 * @param sortBy timestamp or amount
 * @returns the sort keys
 * @example utxoSortKeys(UtxoSortBy.amount) // [amount, utxoId]
 */
export function utxoSortKeys(sortBy: UtxoSortBy): SortKey<UtxoListRow>[] {
  const tieBreaker = sortKey<UtxoListRow>('utxoId', stringKey);
  return sortBy === UtxoSortBy.amount
    ? [sortKey('amount', decimalKey), tieBreaker]
    : [sortKey('blockTimestamp', bigintKey), tieBreaker];
}

/**
 * The one statement of a UTXO page: the chain's UTXOs owned by any of the addresses (each once),
 * with their asset and every owner, filtered and cut by the keyset.
 * @param filter network, chain, addresses and the optional filters
 * @param keyset the page's keyset pieces (paginateSql)
 * @returns the statement
 * @example await paginateSql(request, (k) => listUtxosSql(filter, k), (sql) => readSql(context.read, sql))
 */
export function listUtxosSql(filter: UtxoFilter, keyset: KeysetSql): Prisma.Sql {
  const network = dataModel.enums.Network[filter.network];
  return Prisma.sql`SELECT ${selectColumns('Utxo', 'u')}, s.name AS "assetName", s.symbol AS "assetSymbol", s.denomination AS "assetDenomination",
      s.type::text AS "assetType",
      ARRAY(SELECT a.address FROM utxo_address a WHERE a.network = u.network AND a.utxo_id = u.utxo_id ORDER BY a.address) AS "owners"
    FROM utxo u
    JOIN asset s ON s.network = u.network AND s.asset_id = u.asset_id
    WHERE u.network = CAST(${network} AS network) AND u.blockchain_id = ${filter.blockchainId}
      AND u.utxo_id IN (SELECT ua.utxo_id FROM utxo_address ua WHERE ua.network = CAST(${network} AS network)
        AND ua.address = ANY (${[...filter.addresses]}::text[]) AND ua.blockchain_id = ${filter.blockchainId})
      ${filter.assetId === undefined ? Prisma.empty : Prisma.sql`AND u.asset_id = ${filter.assetId}`}
      ${filter.minAmount > 0n ? Prisma.sql`AND u.amount >= ${filter.minAmount.toString()}::numeric` : Prisma.empty}
      ${filter.includeSpent ? Prisma.empty : Prisma.sql`AND u.consuming_tx_hash IS NULL`}
      ${keyset.after('u')}
    ORDER BY ${keyset.orderBy('u')}
    LIMIT ${keyset.limit}`;
}
