// A database whose P-Chain was indexed before the L1 fee events existed (l1_validator_fee_event) gets
// them here, once: the migration that added the table leaves a marker when L1 validator transactions
// are stored, and the first start after it replays those transactions in chain order against the
// stored blocks' accrued-fees counters, by the rules the indexer applies (domain/l1ValidationFee.ts):
// a validation starts and stops at its transactions' blocks' counters, and runs out at its
// EndAccumulatedFee in the first block whose counter reaches it, before that block's transactions.
// The events are written with the marker's removal in one transaction, so a start cut short replays
// again, and the rows are keyed as the indexer's (a replay writes nothing twice).
import { sha256 } from '@noble/hashes/sha2.js';
import { PRIMARY_NETWORK_ID } from '../../avalanche/constants';
import { fromHex } from '../../avalanche/bytes';
import { cb58Encode } from '../../avalanche/cb58';
import { decodeSignedTx } from '../../avalanche/tx-codec/readSignedTxs';
import { applyL1ValidationFeeChange, l1ValidationRanOut, type L1ValidationFeeChange } from '../../domain';
import type { Database, SqlExecutor } from '../../prisma/database';
import { createSettings } from '../../prisma/settings';
import { conversionValidationId } from '../../signature-aggregator/codec/conversionValidationId';
import { L1_VALIDATION_TX_TYPES, l1WarpMessage } from '../../signature-aggregator/codec/l1TxValidationIds';

/** Options of {@link backfillL1FeeEvents}. */
export type BackfillL1FeeEventsOptions = {
  /** Receives a line when the backfill starts and when it ends, and one per transaction it cannot read. */
  log?: (line: string) => void;
};

/** What one transaction does to a validation's fee. */
type FeeChange = { validationId: string } & L1ValidationFeeChange;

type StoredTx = {
  tx_hash: string;
  tx_type: string;
  tx_bytes: string;
  block_number: bigint;
  block_timestamp: bigint;
  accrued: string;
  tx_index: number;
};

type FeeEventRow = {
  validationId: string;
  blockIndex: bigint;
  txOrder: number;
  kind: 'start' | 'stop';
  accruedFees: bigint;
  blockTimestamp: bigint;
};

/** Networks as the schema's enum spells them. */
const NETWORKS = ['mainnet', 'fuji'] as const;

/**
 * Records the fee events of the stored L1 validator transactions when the marker asks for it.
 * @param db the database, migrated
 * @param options logger
 * @returns how many events it wrote (0 when nothing was asked)
 * @example await backfillL1FeeEvents(db, { log: console.log })
 */
export async function backfillL1FeeEvents(
  db: Pick<Database, 'query' | 'transaction'>,
  options: BackfillL1FeeEventsOptions = {},
): Promise<number> {
  const log = options.log ?? (() => {});
  const settings = createSettings(db);
  if (!(await settings.get('l1FeeEventsBackfill'))) return 0;
  log('recording when each L1 validation started and stopped paying, for the P-Chain blocks indexed before');
  const events = new Map<string, FeeEventRow[]>();
  for (const network of NETWORKS) events.set(network, await replay(db, network, log));
  let written = 0;
  await db.transaction(async (tx) => {
    for (const [network, rows] of events) written += await insertEvents(tx, network, rows);
    await createSettings(tx).delete('l1FeeEventsBackfill');
  });
  log(`recorded ${written} L1 fee event${written === 1 ? '' : 's'}`);
  return written;
}

/** The fee events of one network's stored L1 validator transactions, in chain order. */
async function replay(
  db: Pick<Database, 'query'>,
  network: (typeof NETWORKS)[number],
  log: (line: string) => void,
): Promise<FeeEventRow[]> {
  const known = new Set(
    (
      await db.query<{ validation_id: string }>(
        'SELECT validation_id FROM validator WHERE network = $1::network AND is_l1_validator',
        [network],
      )
    ).map((row) => row.validation_id),
  );
  // A transaction's order is its place in its block's list, as the indexer numbers it; one the list does
  // not name (an option block's proposal) is first.
  const txs = await db.query<StoredTx>(
    `SELECT t.tx_hash, t.tx_type, t.tx_bytes, b.block_number, b.block_timestamp,
            b.l1_validators_accrued_fees::text AS accrued, coalesce(array_position(b.transactions, t.tx_hash)::int - 1, 0) AS tx_index
       FROM primary_network_transaction t
       JOIN primary_network_block b
         ON b.network = t.network AND b.blockchain_id = t.blockchain_id AND b.block_number = t.block_number
      WHERE t.network = $1::network AND t.blockchain_id = $2 AND t.tx_type = ANY ($3::text[])
      ORDER BY b.block_number, tx_index`,
    [network, PRIMARY_NETWORK_ID, [...L1_VALIDATION_TX_TYPES]],
  );
  const runOut = (end: bigint) => firstBlockReaching(db, network, end);
  const events: FeeEventRow[] = [];
  /** EndAccumulatedFee of each paying validation. */
  const paying = new Map<string, bigint>();
  /** Stops the validation at its run-out when the counter of `accrued` has reached its end. */
  const settle = async (validationId: string, accrued: bigint) => {
    const end = paying.get(validationId);
    if (end === undefined || !l1ValidationRanOut(end, accrued)) return;
    const block = await runOut(end);
    events.push({ validationId, ...block, txOrder: -1, kind: 'stop', accruedFees: end });
    paying.delete(validationId);
  };
  for (const row of txs) {
    let changes: FeeChange[];
    try {
      const tx = decodeSignedTx(fromHex(row.tx_bytes), 'P');
      changes = feeChangesOf(tx.txType, tx.unsigned);
    } catch (error) {
      log(`transaction ${row.tx_hash}: no fee events, its bytes cannot be read (${(error as Error).message})`);
      continue;
    }
    const accrued = BigInt(row.accrued);
    const at = {
      blockIndex: BigInt(row.block_number),
      txOrder: row.tx_index,
      blockTimestamp: BigInt(row.block_timestamp),
    };
    for (const change of changes) {
      const { validationId } = change;
      // The indexer ignores a transaction on a validation it has no row of.
      if (!known.has(validationId)) continue;
      await settle(validationId, accrued);
      const { end, event } = applyL1ValidationFeeChange(paying.get(validationId) ?? 0n, change, accrued);
      if (event) events.push({ validationId, ...at, kind: event === 'START' ? 'start' : 'stop', accruedFees: accrued });
      if (end > 0n) paying.set(validationId, end);
      else paying.delete(validationId);
    }
  }
  const [head] = await db.query<{ accrued: string }>(
    `SELECT l1_validators_accrued_fees::text AS accrued FROM primary_network_block
      WHERE network = $1::network AND blockchain_id = $2 ORDER BY block_number DESC LIMIT 1`,
    [network, PRIMARY_NETWORK_ID],
  );
  if (head) for (const validationId of [...paying.keys()]) await settle(validationId, BigInt(head.accrued));
  return events;
}

/** What a stored L1 validator transaction does to the fees of the validations it names. */
function feeChangesOf(txType: string, unsigned: unknown): FeeChange[] {
  type Id = { toString(): string; toBytes(): Uint8Array };
  type Amount = { value(): bigint | number | string };
  switch (txType) {
    case 'ConvertSubnetToL1Tx': {
      const tx = unsigned as { subnetID: Id; validators: { balance: Amount }[] };
      return tx.validators.map((validator, i) => ({
        validationId: cb58Encode(conversionValidationId(tx.subnetID.toBytes(), i)),
        kind: 'register',
        balance: BigInt(validator.balance.value()),
      }));
    }
    case 'RegisterL1ValidatorTx': {
      const tx = unsigned as { balance: Amount; message: { bytes: Uint8Array } };
      const { message, payload } = l1WarpMessage(tx.message.bytes);
      if (message.type !== 'RegisterL1Validator') throw new Error(`it carries a ${message.type} message`);
      return [{ validationId: cb58Encode(sha256(payload)), kind: 'register', balance: BigInt(tx.balance.value()) }];
    }
    case 'IncreaseL1ValidatorBalanceTx': {
      const tx = unsigned as { validationId: Id; balance: Amount };
      return [{ validationId: tx.validationId.toString(), kind: 'topUp', amount: BigInt(tx.balance.value()) }];
    }
    case 'DisableL1ValidatorTx':
      return [{ validationId: (unsigned as { validationId: Id }).validationId.toString(), kind: 'end' }];
    case 'SetL1ValidatorWeightTx': {
      const { message } = l1WarpMessage((unsigned as { message: { bytes: Uint8Array } }).message.bytes);
      if (message.type !== 'L1ValidatorWeight') throw new Error(`it carries a ${message.type} message`);
      return message.weight === 0n ? [{ validationId: cb58Encode(message.validationId), kind: 'end' }] : [];
    }
    default:
      return [];
  }
}

/**
 * The first stored P-Chain block whose accrued-fees counter reaches `end`: the counter never goes
 * down, so a binary search over the heights, one primary-key lookup per step.
 */
async function firstBlockReaching(
  db: Pick<Database, 'query'>,
  network: string,
  end: bigint,
): Promise<{ blockIndex: bigint; blockTimestamp: bigint }> {
  type Row = { block_number: bigint; block_timestamp: bigint; accrued: string };
  const at = async (height: bigint, direction: 'up' | 'down') => {
    const [row] = await db.query<Row>(
      `SELECT block_number, block_timestamp, l1_validators_accrued_fees::text AS accrued FROM primary_network_block
        WHERE network = $1::network AND blockchain_id = $2 AND block_number ${direction === 'up' ? '>=' : '<='} $3
        ORDER BY block_number ${direction === 'up' ? 'ASC' : 'DESC'} LIMIT 1`,
      [network, PRIMARY_NETWORK_ID, height.toString()],
    );
    return row;
  };
  let lo = BigInt((await at(0n, 'up'))!.block_number);
  let hi = BigInt((await at(BigInt(Number.MAX_SAFE_INTEGER), 'down'))!.block_number);
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    const row = (await at(mid, 'up'))!;
    if (BigInt(row.accrued) >= end) hi = BigInt(row.block_number);
    else lo = BigInt(row.block_number) + 1n;
  }
  const found = (await at(lo, 'up'))!;
  return { blockIndex: BigInt(found.block_number), blockTimestamp: BigInt(found.block_timestamp) };
}

/** Writes a network's events, keyed as the indexer's, with their validation's subnet and node. */
async function insertEvents(tx: SqlExecutor, network: string, rows: readonly FeeEventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx.query<{ n: number }>(
    `WITH e AS (
       SELECT * FROM unnest($2::text[], $3::bigint[], $4::int[], $5::l1_validator_fee_event_kind[], $6::numeric[], $7::bigint[])
         AS e (validation_id, block_index, tx_order, kind, accrued_fees, block_timestamp)),
     ins AS (
       INSERT INTO l1_validator_fee_event (network, validation_id, subnet_id, node_id, block_index, tx_order, kind, accrued_fees, block_timestamp)
       SELECT $1::network, e.validation_id, v.subnet_id, v.node_id, e.block_index, e.tx_order, e.kind, e.accrued_fees, e.block_timestamp
         FROM e JOIN validator v ON v.network = $1::network AND v.validation_id = e.validation_id
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [
      network,
      rows.map((r) => r.validationId),
      rows.map((r) => r.blockIndex.toString()),
      rows.map((r) => r.txOrder),
      rows.map((r) => r.kind),
      rows.map((r) => r.accruedFees.toString()),
      rows.map((r) => r.blockTimestamp.toString()),
    ],
  );
  return inserted[0]?.n ?? 0;
}
