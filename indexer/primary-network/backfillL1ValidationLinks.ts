// A database indexed before the L1 validation links existed (primary_network_transaction_validation)
// gets them for its stored transactions here, once: the migration that added the table leaves a
// marker when such transactions exist (SQL cannot read a Warp message), and the first start after it
// reads each one's signed bytes with the indexer's own rule, in batches that each commit with the
// marker's progress, so a start cut short resumes where it stopped. The marker goes when all are done.
import { fromHex } from '../../avalanche/bytes';
import { decodeSignedTx } from '../../avalanche/tx-codec/readSignedTxs';
import type { Database } from '../../prisma/database';
import { createSettings } from '../../prisma/settings';
import { L1_VALIDATION_TX_TYPES, l1ValidationIdsOfTx } from '../../signature-aggregator/codec/l1TxValidationIds';

/** Options of {@link backfillL1ValidationLinks}. */
export type BackfillL1ValidationLinksOptions = {
  /** Receives a line when the backfill starts and when it ends, and one per transaction it cannot read. */
  log?: (line: string) => void;
  /** Transactions read per batch (one write transaction each). @default 500 */
  batchSize?: number;
};

type StoredTx = {
  network: string;
  tx_hash: string;
  blockchain_id: string;
  block_timestamp: bigint;
  tx_type: string;
  tx_bytes: string;
};

/**
 * Links the stored L1 validator transactions to their validations when the marker asks for it.
 * @param db the database, migrated
 * @param options logger and batch size
 * @returns how many links it wrote (0 when nothing was asked)
 * @example await backfillL1ValidationLinks(db, { log: console.log })
 */
export async function backfillL1ValidationLinks(
  db: Pick<Database, 'query' | 'transaction'>,
  options: BackfillL1ValidationLinksOptions = {},
): Promise<number> {
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? 500;
  const settings = createSettings(db);
  const marker = await settings.get('l1ValidationLinksBackfill');
  if (!marker) return 0;
  log('linking the L1 validator transactions indexed before the links existed to their validations');
  let after = marker.after;
  let linked = 0;
  for (;;) {
    const rows = await db.query<StoredTx>(
      `SELECT network::text AS network, tx_hash, blockchain_id, block_timestamp, tx_type, tx_bytes
         FROM primary_network_transaction
        WHERE tx_type = ANY ($1::text[]) ${after ? 'AND (network, tx_hash) > ($3::network, $4)' : ''}
        ORDER BY network, tx_hash LIMIT $2`,
      [[...L1_VALIDATION_TX_TYPES], batchSize, ...(after ?? [])],
    );
    if (rows.length === 0) break;
    const links = rows.flatMap((row) => linksOf(row, log));
    const last = rows.at(-1)!;
    after = [last.network, last.tx_hash];
    await db.transaction(async (tx) => {
      if (links.length > 0)
        await tx.query(
          `INSERT INTO primary_network_transaction_validation (network, validation_id, blockchain_id, block_timestamp, tx_hash)
           SELECT * FROM unnest($1::network[], $2::text[], $3::text[], $4::bigint[], $5::text[])
           ON CONFLICT DO NOTHING`,
          [
            links.map((l) => l.network),
            links.map((l) => l.validationId),
            links.map((l) => l.blockchainId),
            links.map((l) => l.blockTimestamp.toString()),
            links.map((l) => l.txHash),
          ],
        );
      // Progress only while the marker is there (another process may have finished meanwhile).
      await tx.query(`UPDATE service_setting SET value = $1::jsonb, updated_at = now() WHERE key = $2`, [
        JSON.stringify({ after }),
        'l1_validation_links_backfill',
      ]);
    });
    linked += links.length;
    if (rows.length < batchSize) break;
  }
  await settings.delete('l1ValidationLinksBackfill');
  log(`linked ${linked} L1 validator transaction${linked === 1 ? '' : 's'} to their validations`);
  return linked;
}

/** A stored transaction's links; none (and a line) when its bytes cannot be read. */
function linksOf(row: StoredTx, log: (line: string) => void) {
  let validationIds: string[];
  try {
    const tx = decodeSignedTx(fromHex(row.tx_bytes), 'P');
    validationIds = [...new Set(l1ValidationIdsOfTx(tx.txType, tx.unsigned))];
  } catch (error) {
    log(`transaction ${row.tx_hash}: not linked, its bytes cannot be read (${(error as Error).message})`);
    return [];
  }
  return validationIds.map((validationId) => ({
    network: row.network,
    validationId,
    blockchainId: row.blockchain_id,
    blockTimestamp: BigInt(row.block_timestamp),
    txHash: row.tx_hash,
  }));
}
