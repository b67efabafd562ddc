// The `validator_activity` events of a P-Chain block, from its matches: stakes added, rewards paid,
// L1 validators' balance increased, disabled (by a transaction, or their balance running out),
// removed, or their balance falling below the webhook's threshold as the chain's time moves on.
import { toHex } from '../../../avalanche/bytes';
import { cb58Decode } from '../../../avalanche/cb58';
import type { SqlExecutor } from '../../../prisma/sqlExecutor';
import type { OutboxEvent } from '../../../webhooks/outbox/enqueueMessages';
import { blockMembers } from './addressActivityEvents';
import type { BlockActivity } from './blockActivity';
import { formattedTransactions } from './formattedTransactions';
import type { WebhookMatch } from './matchPrimaryWebhooks';
import { listOf, subEventsOf } from './subEventsOf';

/**
 * Whether a webhook takes a validator match: its key of its key type, its node and subnet filters, its sub-events.
 * @param match the match
 * @returns whether an event goes to the webhook
 * @example wantsValidatorMatch(match)
 */
export function wantsValidatorMatch(match: WebhookMatch): boolean {
  const keyType = match.metadata.keyType;
  if (keyType === 'nodeId' && match.key !== match.nodeId) return false;
  if (keyType === 'subnetId' && match.key !== match.subnetId) return false;
  const nodeIds = listOf(match.metadata, 'nodeIds');
  const subnetIds = listOf(match.metadata, 'subnetIds');
  if (nodeIds.length > 0 && !nodeIds.includes(match.nodeId ?? '')) return false;
  if (subnetIds.length > 0 && !subnetIds.includes(match.subnetId ?? '')) return false;
  return subEventsOf(match.metadata, match.eventType).has(match.kind);
}

/**
 * The validator activity events of a block.
 * @param tx the block's write transaction, after its rows
 * @param activity the block
 * @param matches its validator matches
 * @returns the events, one per webhook and (transaction, sub-event, validation)
 * @example await validatorActivityEvents(tx, activity, matches)
 */
export async function validatorActivityEvents(
  tx: SqlExecutor,
  activity: BlockActivity,
  matches: readonly WebhookMatch[],
): Promise<Omit<OutboxEvent, 'chainKey' | 'blockHeight'>[]> {
  const chosen = new Map<string, WebhookMatch>();
  for (const match of matches) {
    if (match.eventType !== 'validator_activity' || !wantsValidatorMatch(match)) continue;
    const cause = causeOf(activity, match);
    chosen.set([match.webhookId, ...cause].join('|'), match);
  }
  if (chosen.size === 0) return [];
  const hashes = [...chosen.values()].flatMap((m) => (m.txHash ? [m.txHash] : []));
  const transactions = await formattedTransactions(tx, activity, hashes);
  const stakingHashes = [...chosen.values()].flatMap((m) =>
    m.kind === 'reward_distribution' ? [m.validationId!] : [],
  );
  const stakers = stakingHashes.length ? await formattedTransactions(tx, activity, stakingHashes) : new Map();
  const events: Omit<OutboxEvent, 'chainKey' | 'blockHeight'>[] = [];
  for (const match of chosen.values()) {
    const transaction = match.txHash ? transactions.get(match.txHash) : undefined;
    if (match.txHash && !transaction) continue;
    events.push({
      webhookId: match.webhookId,
      eventType: match.eventType,
      cause: causeOf(activity, match),
      event: {
        eventType: match.kind,
        ...blockMembers(activity),
        nodeId: match.nodeId,
        subnetId: match.subnetId,
        ...detailsOf(activity, match),
        ...(match.kind === 'reward_distribution' && stakers.has(match.validationId!)
          ? { stakingTxHash: match.validationId, stakingTransaction: stakers.get(match.validationId!) }
          : {}),
        ...(transaction ? { transaction } : {}),
      },
    });
  }
  return events;
}

/** What makes a validator event unique in its webhook: block, transaction, sub-event, validation. */
function causeOf(activity: BlockActivity, match: WebhookMatch): string[] {
  return [activity.blockHash, match.txHash ?? '-', match.kind, match.validationId ?? '-'];
}

/** The members of a sub-event beyond the block, the node and the subnet. */
function detailsOf(activity: BlockActivity, match: WebhookMatch): Record<string, unknown> {
  switch (match.kind) {
    case 'validator_stake':
      return { validationId: match.validationId, ...(match.l1EndAccumulatedFee === null ? {} : l1Of(activity, match)) };
    case 'delegator_stake':
      return { stakingTxHash: match.validationId };
    case 'reward_distribution':
      return {};
    case 'l1_validator_balance_threshold':
      return {
        ...l1Of(activity, match),
        l1ValidatorFeeBalanceThreshold: String(match.metadata.l1ValidatorFeeBalanceThreshold),
      };
    default:
      return l1Of(activity, match);
  }
}

/**
 * An L1 validation as the block leaves it (the transaction formatter's L1ValidatorDetails members):
 * its remaining balance exact at the block's time, where its balance runs out less the fees accrued.
 */
function l1Of(activity: BlockActivity, match: WebhookMatch): Record<string, unknown> {
  const end = match.l1EndAccumulatedFee ?? 0n;
  const remaining = end > 0n && activity.accruedFees !== null ? end - activity.accruedFees : 0n;
  return {
    validationId: match.validationId,
    l1Validator: {
      validationId: match.validationId,
      validationIdHex: `0x${toHex(cb58Decode(match.validationId!))}`,
      nodeId: match.nodeId,
      subnetId: match.subnetId,
      weight: match.weight === null ? null : Number(match.weight),
      remainingBalance: (remaining > 0n ? remaining : 0n).toString(),
    },
  };
}
