// Which primary-network webhooks a block concerns, read in the block's write transaction once its
// rows are in: one statement joins what the block did (the addresses its transactions touch, the
// stakers and L1 validations they add, end or change, the L1 validations it deactivates) with the
// watched keys (webhook_key) of the active webhooks of the network that exist at the block's time.
import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import type { SqlExecutor } from '../../../prisma/sqlExecutor';
import type { WebhookEventType } from '../../../webhooks/eventTypes';
import type { BlockActivity } from './blockActivity';

/** The official chain name of a primary-network webhook's `chainId`. */
export const chainNameOf = (activity: BlockActivity) => (activity.facts.chain === 'P' ? 'p-chain' : 'x-chain');

/** The network as stored (`webhook.network`, the tables' `network`). */
export const dbNetworkOf = (activity: BlockActivity) => activity.facts.network.toLowerCase();

/** What the block did that a webhook's key names. */
export type ActivityKind =
  | 'address'
  | 'validator_stake'
  | 'delegator_stake'
  | 'reward_distribution'
  | 'l1_validator_balance_increased'
  | 'l1_validator_disabled'
  | 'l1_validator_removed'
  | 'l1_validator_balance_threshold';

/** One (webhook, activity) pair of the block. */
export type WebhookMatch = {
  webhookId: string;
  eventType: WebhookEventType;
  /** The webhook's metadata (sub-events, filters). */
  metadata: Record<string, unknown>;
  kind: ActivityKind;
  /** The watched key that matched: an address, a node ID or a subnet ID. */
  key: string;
  /** The transaction; null for what the block's time did (an L1 validator's balance running out or low). */
  txHash: string | null;
  txType: string | null;
  /** Validator activity: the validation (a delegation: its own transaction), its node and subnet. */
  validationId: string | null;
  nodeId: string | null;
  subnetId: string | null;
  /** L1 validations: weight and where the balance runs out (EndAccumulatedFee; 0 inactive). */
  weight: bigint | null;
  l1EndAccumulatedFee: bigint | null;
};

/**
 * The event types with an active webhook on the block's network (and chain, for address activity)
 * that exists at the block's time: the one read of a block no webhook watches.
 * @param tx the block's write transaction
 * @param activity the block
 * @returns the watched event types; empty when none
 * @example if ((await watchedEventTypes(tx, activity)).size === 0) return
 */
export async function watchedEventTypes(tx: SqlExecutor, activity: BlockActivity): Promise<Set<WebhookEventType>> {
  const rows = await tx.query<{ event_type: WebhookEventType }>(
    `SELECT DISTINCT w.event_type FROM webhook w
      WHERE w.status = 'active' AND w.network = $1::text AND date_trunc('second', w.created_at) <= to_timestamp($2)
        AND ((w.event_type = 'primary_network_address_activity' AND w.chain_id = $3)
          OR (w.event_type = 'validator_activity' AND $4))`,
    [dbNetworkOf(activity), Number(activity.blockTimestamp), chainNameOf(activity), activity.facts.chain === 'P'],
  );
  return new Set(rows.map((row) => row.event_type));
}

/**
 * The block's (webhook, key, activity) matches: one statement.
 * @param tx the block's write transaction, after the block's rows
 * @param activity the block
 * @param types the watched event types ({@link watchedEventTypes})
 * @returns the matches, in the order the block applied their transactions
 * @example const matches = await matchPrimaryWebhooks(tx, activity, types)
 */
export async function matchPrimaryWebhooks(
  tx: SqlExecutor,
  activity: BlockActivity,
  types: ReadonlySet<WebhookEventType>,
): Promise<WebhookMatch[]> {
  const validators = types.has('validator_activity') && activity.facts.chain === 'P';
  const rows = await tx.query<{
    webhook_id: string;
    event_type: WebhookEventType;
    metadata: Record<string, unknown>;
    kind: ActivityKind;
    key: string;
    tx_hash: string | null;
    tx_type: string | null;
    validation_id: string | null;
    node_id: string | null;
    subnet_id: string | null;
    weight: bigint | null;
    fee_end: string | null;
  }>(
    `WITH txs AS (
       SELECT t.tx_hash, t.tx_type FROM primary_network_transaction t WHERE t.network = $1 AND t.tx_hash = ANY ($2::text[])
     ),
     addresses AS (
       SELECT DISTINCT 'primary_network_address_activity' AS event_type, 'address' AS kind, a.address AS key, a.tx_hash,
         NULL::text AS validation_id, NULL::text AS node_id, NULL::text AS subnet_id, NULL::bigint AS weight, NULL::numeric AS fee_end
       FROM primary_network_transaction_address a
       WHERE $3 AND a.network = $1 AND a.blockchain_id = $4 AND a.tx_hash = ANY ($2::text[])
     ),
     stakers AS (
       SELECT 'validator_stake' AS kind, v.tx_hash, v.validation_id, v.node_id, v.subnet_id, v.weight, v.l1_end_accumulated_fee AS fee_end
         FROM validator v WHERE v.network = $1 AND v.tx_hash = ANY ($2::text[])
       UNION ALL
       SELECT 'delegator_stake', d.tx_hash, d.tx_hash, d.node_id, $6::text, NULL, NULL
         FROM delegation d WHERE d.network = $1 AND d.tx_hash = ANY ($2::text[])
       UNION ALL
       SELECT 'reward_distribution', v.reward_tx_hash, v.validation_id, v.node_id, v.subnet_id, v.weight, NULL
         FROM validator v WHERE v.network = $1 AND v.reward_tx_hash = ANY ($2::text[])
           AND EXISTS (SELECT 1 FROM utxo u WHERE u.network = v.network AND u.tx_hash = v.tx_hash AND u.reward_type IS NOT NULL)
       UNION ALL
       SELECT 'reward_distribution', d.reward_tx_hash, d.tx_hash, d.node_id, $6::text, NULL, NULL
         FROM delegation d WHERE d.network = $1 AND d.reward_tx_hash = ANY ($2::text[])
           AND EXISTS (SELECT 1 FROM utxo u WHERE u.network = d.network AND u.tx_hash = d.tx_hash AND u.reward_type IS NOT NULL)
       UNION ALL
       SELECT CASE t.tx_type WHEN 'IncreaseL1ValidatorBalanceTx' THEN 'l1_validator_balance_increased'
                WHEN 'DisableL1ValidatorTx' THEN 'l1_validator_disabled' ELSE 'l1_validator_removed' END,
              l.tx_hash, v.validation_id, v.node_id, v.subnet_id, v.weight, v.l1_end_accumulated_fee
         FROM primary_network_transaction_validation l
         JOIN txs t ON t.tx_hash = l.tx_hash
         JOIN validator v ON v.network = l.network AND v.validation_id = l.validation_id
        WHERE l.network = $1 AND l.tx_hash = ANY ($2::text[])
          AND (t.tx_type IN ('IncreaseL1ValidatorBalanceTx', 'DisableL1ValidatorTx')
            OR (t.tx_type = 'SetL1ValidatorWeightTx' AND v.remove_tx_hash = l.tx_hash))
       UNION ALL
       SELECT 'l1_validator_disabled', NULL, v.validation_id, v.node_id, v.subnet_id, v.weight, v.l1_end_accumulated_fee
         FROM validator v WHERE v.network = $1 AND v.validation_id = ANY ($7::text[])
       UNION ALL
       -- active L1 validations no transaction of the block acts on: their balance moves with the block's time
       SELECT 'l1_validator_balance_threshold', NULL, v.validation_id, v.node_id, v.subnet_id, v.weight, v.l1_end_accumulated_fee
         FROM validator v WHERE $8 AND v.network = $1 AND v.is_l1_validator AND v.l1_end_accumulated_fee > 0
           AND NOT EXISTS (SELECT 1 FROM primary_network_transaction_validation l
             WHERE l.network = v.network AND l.validation_id = v.validation_id AND l.tx_hash = ANY ($2::text[]))
     ),
     validations AS (
       SELECT 'validator_activity' AS event_type, s.kind, k.key, s.tx_hash, s.validation_id, s.node_id, s.subnet_id, s.weight, s.fee_end
         FROM stakers s CROSS JOIN LATERAL (VALUES (s.node_id), (s.subnet_id)) AS k(key)
        WHERE $5
     ),
     activity AS (SELECT * FROM addresses UNION ALL SELECT * FROM validations),
     -- the L1 validator fees accrued before the block (its parent's): where a balance stood before the block's time moved on
     parent_fees AS (
       SELECT b.l1_validators_accrued_fees AS accrued FROM primary_network_block b
        WHERE $8 AND b.network = $1 AND b.blockchain_id = $4 AND b.block_number = $11::bigint - 1
     )
     SELECT w.id AS webhook_id, w.event_type, w.metadata, m.kind, m.key, m.tx_hash, t.tx_type, m.validation_id,
       m.node_id, m.subnet_id, m.weight, m.fee_end::text AS fee_end
       FROM activity m
       JOIN webhook_key k ON k.key = m.key
       JOIN webhook w ON w.id = k.webhook_id AND w.event_type = m.event_type
       LEFT JOIN txs t ON t.tx_hash = m.tx_hash
      WHERE w.status = 'active' AND w.network = $1::text AND date_trunc('second', w.created_at) <= to_timestamp($9)
        AND (w.event_type <> 'primary_network_address_activity' OR w.chain_id = $10)
        AND (m.kind <> 'l1_validator_balance_threshold' OR EXISTS (
          SELECT 1 FROM parent_fees p, LATERAL (SELECT CASE WHEN w.metadata->>'l1ValidatorFeeBalanceThreshold' ~ '^[0-9]{1,30}$'
                THEN (w.metadata->>'l1ValidatorFeeBalanceThreshold')::numeric END AS threshold) f
           WHERE m.fee_end - p.accrued >= f.threshold AND m.fee_end - $12::numeric < f.threshold))
      ORDER BY array_position($2::text[], m.tx_hash) NULLS LAST, w.id, m.kind, m.validation_id, m.key`,
    [
      dbNetworkOf(activity),
      activity.txHashes,
      types.has('primary_network_address_activity'),
      activity.facts.chainId,
      validators,
      PRIMARY_NETWORK_ID,
      activity.ranOut,
      validators && activity.accruedFees !== null,
      Number(activity.blockTimestamp),
      chainNameOf(activity),
      activity.blockNumber.toString(),
      (activity.accruedFees ?? 0n).toString(),
    ],
  );
  return rows.map((row) => ({
    webhookId: row.webhook_id,
    eventType: row.event_type,
    metadata: row.metadata ?? {},
    kind: row.kind,
    key: row.key,
    txHash: row.tx_hash,
    txType: row.tx_type,
    validationId: row.validation_id,
    nodeId: row.node_id,
    subnetId: row.subnet_id,
    weight: row.weight === null ? null : BigInt(row.weight),
    l1EndAccumulatedFee: row.fee_end === null ? null : BigInt(row.fee_end),
  }));
}
