// ICM message counts (icm_message_rollup): a message counts once its send is indexed, in the period
// of the send's block time, for its pair of chains and its network. A message row changes from
// both of its chains (the send, the delivery, executions, receipts), so the counts move by what
// changed: the messages a write or a rewind touches are read as counted before and after their
// rows change, and each rollup moves by the difference. Re-ingesting a send, a delivery joining a
// stored send, or a delivery written before its send thus counts every message exactly once.
import type { SqlExecutor } from '../prisma/database';
import type { BeforeDelete } from '../prisma/write/rewindChain';
import type { BeforeRows } from '../prisma/write/writeBlock';
import { anyBucketSql, METRIC_INTERVALS } from './buckets';

/** The SQL condition of a counted teleporter_message row (its send is indexed). */
const COUNTED_MESSAGE = `source_tx_hash <> '' AND source_timestamp IS NOT NULL AND network IS NOT NULL`;

/** How a counted message is counted: the rollup key it adds to. */
type Counted = { time: bigint; source: string; destination: string; network: string };

const INTERVALS = `(VALUES ${METRIC_INTERVALS.map((i) => `('${i}'::time_interval)`).join(', ')}) i (time_interval)`;

/**
 * The counted messages among `ids`, by ID.
 * @param executor the write's or the rewind's transaction
 * @param ids Teleporter message IDs
 * @returns the counted ones, with their rollup key
 * @example await countedMessages(tx, ['0xab…'])
 */
async function countedMessages(executor: SqlExecutor, ids: readonly string[]): Promise<Map<string, Counted>> {
  const rows = await executor.query<{
    id: string;
    time: bigint;
    source: string;
    destination: string;
    network: string;
  }>(
    `SELECT teleporter_message_id AS id, source_timestamp AS time, source_blockchain_id AS source,
            destination_blockchain_id AS destination, network::text AS network
       FROM teleporter_message WHERE teleporter_message_id = ANY ($1::bytea[]) AND ${COUNTED_MESSAGE}`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { ...row, time: BigInt(row.time) }]));
}

/**
 * Moves the rollups by the difference between the counted messages before and after a change:
 * −1 where a message was counted, +1 where it is, in every interval's period of its send.
 * @param executor the transaction that changed the rows
 * @param before {@link countedMessages} before the change
 * @param after the same messages after it
 * @returns when the rollups match the rows
 */
async function applyDifference(
  executor: SqlExecutor,
  before: ReadonlyMap<string, Counted>,
  after: ReadonlyMap<string, Counted>,
): Promise<void> {
  const moves: (Counted & { delta: number })[] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(id);
    const is = after.get(id);
    if (was && is && sameKey(was, is)) continue;
    if (was) moves.push({ ...was, delta: -1 });
    if (is) moves.push({ ...is, delta: 1 });
  }
  if (moves.length === 0) return;
  const params = [
    moves.map((m) => m.time.toString()),
    moves.map((m) => m.source),
    moves.map((m) => m.destination),
    moves.map((m) => m.network),
    moves.map((m) => m.delta),
  ];
  const changes = `WITH m AS (
      SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::network[], $5::int[]) AS m (time, source, destination, network, delta)
    ), d AS (
      SELECT i.time_interval, ${anyBucketSql('i.time_interval', 'm.time')} AS bucket, m.source, m.destination, m.network, sum(m.delta)::bigint AS delta
        FROM m CROSS JOIN ${INTERVALS} GROUP BY 1, 2, 3, 4, 5
    )`;
  await executor.query(
    `${changes}
     INSERT INTO icm_message_rollup AS r (time_interval, bucket, source_blockchain_id, destination_blockchain_id, network, message_count)
     SELECT * FROM d WHERE delta <> 0
     ON CONFLICT (time_interval, bucket, source_blockchain_id, destination_blockchain_id, network)
     DO UPDATE SET message_count = r.message_count + excluded.message_count`,
    params,
  );
  // A period and pair without messages has no row (as the rebuild leaves it).
  await executor.query(
    `${changes}
     DELETE FROM icm_message_rollup r USING d
      WHERE r.time_interval = d.time_interval AND r.bucket = d.bucket AND r.source_blockchain_id = d.source
        AND r.destination_blockchain_id = d.destination AND r.network = d.network AND r.message_count = 0`,
    params,
  );
}

function sameKey(a: Counted, b: Counted): boolean {
  return a.time === b.time && a.source === b.source && a.destination === b.destination && a.network === b.network;
}

/**
 * The write path's part of the ICM counts (joined to countBlockMetrics): the messages the write's
 * rows touch, read before they go in and again after, the rollups moved by the difference, in
 * the write's transaction.
 * @example await writeBlocks(db, writes, { beforeRows: countIcmMessages })
 */
export const countIcmMessages: BeforeRows = async (tx, blocks) => {
  const ids = new Set<string>();
  for (const block of blocks)
    for (const rows of [block.rows?.TeleporterMessage, block.upserts?.TeleporterMessage])
      for (const row of rows ?? []) ids.add(row.teleporterMessageId);
  if (ids.size === 0) return;
  const list = [...ids];
  const before = await countedMessages(tx, list);
  return async () => applyDifference(tx, before, await countedMessages(tx, list));
};

/**
 * The rewind's part of the ICM counts (joined to recountRewoundMetrics): the messages whose send
 * the rewound chain has above `height` (the rewind unsets or deletes those sends), read before the
 * rows go and again after, the rollups moved by the difference. Block times do not decrease along
 * a chain, so those sends lie in one range of the (source, timestamp) index.
 * @param chainId the rewound EVM chain
 * @param height the height it goes back to
 * @returns the hook
 * @example await rewindChain(db, ancestor, targets, { beforeDelete: uncountRewoundIcmMessages(43114n, 99n) })
 */
export function uncountRewoundIcmMessages(chainId: bigint, height: bigint): BeforeDelete {
  return async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `SELECT teleporter_message_id AS id FROM teleporter_message
        WHERE source_blockchain_id = (SELECT blockchain_id FROM evm_chain WHERE chain_id = $1)
          AND timestamp >= (SELECT min(timestamp) FROM evm_block WHERE chain_id = $1 AND number > $2)
          AND source_block_number > $2`,
      [chainId.toString(), height.toString()],
    );
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    const before = await countedMessages(tx, ids);
    return async () => applyDifference(tx, before, await countedMessages(tx, ids));
  };
}

/** The rebuild's statement: every message's count from teleporter_message, into the empty table. */
export const REBUILD_ICM_ROLLUPS = {
  label: 'ICM message rollups',
  sql: `INSERT INTO icm_message_rollup (time_interval, bucket, source_blockchain_id, destination_blockchain_id, network, message_count)
SELECT i.time_interval, ${anyBucketSql('i.time_interval', 'source_timestamp')}, source_blockchain_id, destination_blockchain_id, network, count(*)
  FROM teleporter_message CROSS JOIN ${INTERVALS}
 WHERE ${COUNTED_MESSAGE}
 GROUP BY 1, 2, 3, 4, 5`,
} as const;
