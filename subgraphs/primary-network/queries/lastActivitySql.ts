import { Prisma } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';

/** The newest activity found: a UTXO's creation or consumption. */
export type LastActivityRow = {
  timestamp: bigint;
  blockNumber: bigint;
  txHash: string;
  utxoId: string;
  isConsumed: boolean;
};

/**
 * The one statement of getLastActivityTimestampByAddresses: per address, its newest UTXO creation
 * and its newest consumption on the chain (two index ranges of one row each on utxo_address), then
 * the newest of them all. Ties go to the higher block, then to a consumption (it follows the
 * creation), then to the larger UTXO ID.
 * @param network the network
 * @param blockchainId the chain holding the UTXOs (its UTXO set or its shared memory)
 * @param addresses stored addresses (bech32 without chain prefix)
 * @returns the statement; no row when the addresses have no indexed activity there
 * @example await readSql<LastActivityRow>(context.read, lastActivitySql('MAINNET', P, ['avax1…']))
 */
export function lastActivitySql(network: DbNetwork, blockchainId: string, addresses: readonly string[]): Prisma.Sql {
  const net = Prisma.sql`CAST(${dataModel.enums.Network[network]} AS network)`;
  return Prisma.sql`WITH owner(address) AS (SELECT unnest(${[...addresses]}::text[])),
    seen AS (
      SELECT c.* FROM owner, LATERAL (
        SELECT ua.block_timestamp AS ts, ua.utxo_id, false AS consumed FROM utxo_address ua
         WHERE ua.network = ${net} AND ua.address = owner.address AND ua.blockchain_id = ${blockchainId}
         ORDER BY ua.block_timestamp DESC, ua.utxo_id DESC LIMIT 1) c
      UNION ALL
      SELECT c.* FROM owner, LATERAL (
        SELECT ua.consuming_block_timestamp AS ts, ua.utxo_id, true AS consumed FROM utxo_address ua
         WHERE ua.network = ${net} AND ua.address = owner.address AND ua.blockchain_id = ${blockchainId}
           AND ua.consuming_block_timestamp IS NOT NULL
         ORDER BY ua.consuming_block_timestamp DESC, ua.utxo_id DESC LIMIT 1) c
    )
    SELECT s.ts AS "timestamp", s.consumed AS "isConsumed", u.utxo_id AS "utxoId",
      CASE WHEN s.consumed THEN u.consuming_block_number ELSE u.block_number END AS "blockNumber",
      CASE WHEN s.consumed THEN u.consuming_tx_hash ELSE u.tx_hash END AS "txHash"
    FROM seen s JOIN utxo u ON u.network = ${net} AND u.utxo_id = s.utxo_id
    ORDER BY 1 DESC, 4 DESC, 2 DESC, 3 DESC
    LIMIT 1`;
}
