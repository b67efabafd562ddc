import { Prisma } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';

/** A row of {@link chainIdsOfAddressesSql}: one chain an address appears on. */
export type AddressChainRow = { address: string; blockchainId: string };

/**
 * The chains, among `chainIds`, on which each address owns or owned an output (in a chain's UTXO set
 * or its atomic memory): one probe of `utxo_address(network, address, blockchain_id, …)` per address
 * and chain, whatever the address's history.
 * @param network the network
 * @param addresses stored addresses (bech32 without chain prefix)
 * @param chainIds the chains to look for, in the order the rows come per address
 * @returns the statement; its rows are {@link AddressChainRow}s, by address then chain order
 * @example await readSql<AddressChainRow>(context.read, chainIdsOfAddressesSql('MAINNET', ['avax1…'], [pId, xId, cId]))
 */
export function chainIdsOfAddressesSql(
  network: DbNetwork,
  addresses: readonly string[],
  chainIds: readonly string[],
): Prisma.Sql {
  return Prisma.sql`SELECT a.address AS "address", c.chain AS "blockchainId"
    FROM unnest(${[...addresses]}::text[]) AS a(address)
    CROSS JOIN unnest(${[...chainIds]}::text[]) WITH ORDINALITY AS c(chain, position)
    WHERE EXISTS (SELECT 1 FROM utxo_address ua WHERE ua.network = CAST(${dataModel.enums.Network[network]} AS network)
      AND ua.address = a.address AND ua.blockchain_id = c.chain)
    ORDER BY a.address, c.position`;
}
