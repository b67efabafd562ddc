// The `primary_network_address_activity` events of a block, from its matches: per webhook and
// transaction touching its addresses, `balance_change` (the matched addresses' combined balances
// after it), `reward_distribution` (a RewardValidatorTx paying them), and per address
// `balance_threshold` (its balance of the filter's type falling from at or above the threshold to below).
// The subgraph's formatters import its decorated types, which need the metadata polyfill loaded first.
import 'reflect-metadata';
import type { SqlExecutor } from '../../../prisma/sqlExecutor';
import { formatBalances } from '../../../subgraphs/primary-network/formatters/balances';
import type { BalanceSumRow } from '../../../subgraphs/primary-network/queries/balancesSql';
import type { OutboxEvent } from '../../../webhooks/outbox/enqueueMessages';
import { balancesAfterTx } from './balancesAfterTx';
import type { BlockActivity } from './blockActivity';
import { avaxAssetOf, formattedTransactions } from './formattedTransactions';
import { chainNameOf, type WebhookMatch } from './matchPrimaryWebhooks';
import { balanceThresholdOf, subEventsOf } from './subEventsOf';

/** What every event of a block says of where it happened. */
export function blockMembers(activity: BlockActivity) {
  return {
    network: activity.facts.network === 'MAINNET' ? 'mainnet' : 'fuji',
    blockchainId: activity.facts.chainId,
    blockNumber: activity.blockNumber.toString(),
    blockHash: activity.blockHash,
    blockTimestamp: Number(activity.blockTimestamp),
  };
}

/**
 * The address activity events of a block.
 * @param tx the block's write transaction, after its rows
 * @param activity the block
 * @param matches its address matches
 * @param laterThan the transactions applied after a transaction (of this block and of later blocks of the write)
 * @returns the events, in transaction order
 * @example await addressActivityEvents(tx, activity, matches, (hash) => later)
 */
export async function addressActivityEvents(
  tx: SqlExecutor,
  activity: BlockActivity,
  matches: readonly WebhookMatch[],
  laterThan: (txHash: string) => string[],
): Promise<Omit<OutboxEvent, 'chainKey' | 'blockHeight'>[]> {
  const groups = new Map<string, { match: WebhookMatch; addresses: string[] }>();
  for (const match of matches) {
    if (match.kind !== 'address' || !match.txHash) continue;
    const id = `${match.webhookId}|${match.txHash}`;
    const group = groups.get(id) ?? { match, addresses: [] };
    if (!group.addresses.includes(match.key)) group.addresses.push(match.key);
    groups.set(id, group);
  }
  if (groups.size === 0) return [];
  const transactions = await formattedTransactions(
    tx,
    activity,
    [...groups.values()].map((g) => g.match.txHash!),
  );
  const stakingHashes = [...transactions.values()].flatMap((t) =>
    'stakingTxHash' in t && t.stakingTxHash ? [t.stakingTxHash] : [],
  );
  const stakers = stakingHashes.length ? await formattedTransactions(tx, activity, stakingHashes) : new Map();
  const chain = {
    blockchainId: activity.facts.chainId,
    chainName: chainNameOf(activity),
    network: activity.facts.network,
  } as const;
  const balancesOf = (rows: BalanceSumRow[]) =>
    formatBalances(rows, chain).balances as unknown as Record<string, unknown>;
  const events: Omit<OutboxEvent, 'chainKey' | 'blockHeight'>[] = [];
  for (const { match, addresses } of groups.values()) {
    const txHash = match.txHash!;
    const transaction = transactions.get(txHash);
    if (!transaction) continue;
    addresses.sort();
    const wanted = subEventsOf(match.metadata, match.eventType);
    const later = laterThan(txHash);
    const common = { ...blockMembers(activity), chainId: chainNameOf(activity) };
    const push = (subEvent: string, event: Record<string, unknown>, key?: string) =>
      events.push({
        webhookId: match.webhookId,
        eventType: match.eventType,
        cause: [activity.blockHash, txHash, subEvent, ...(key ? [key] : [])],
        event: { eventType: subEvent, ...common, ...event },
      });
    if (wanted.has('balance_change'))
      push('balance_change', {
        addresses,
        transaction,
        balances: balancesOf(await balancesAfterTx(tx, activity, addresses, later)),
      });
    if (wanted.has('reward_distribution') && match.txType === 'RewardValidatorTx') {
      const stakingTxHash = (transaction as { stakingTxHash?: string }).stakingTxHash;
      push('reward_distribution', {
        addresses,
        transaction,
        ...(stakingTxHash && stakers.has(stakingTxHash) ? { stakingTransaction: stakers.get(stakingTxHash) } : {}),
        balances: balancesOf(await balancesAfterTx(tx, activity, addresses, later)),
      });
    }
    const threshold = balanceThresholdOf(match.metadata);
    if (wanted.has('balance_threshold') && threshold) {
      const before = await balancesAfterTx(tx, activity, addresses, [txHash, ...later], true);
      const after = await balancesAfterTx(tx, activity, addresses, later, true);
      for (const address of addresses) {
        const was = typedAmount(
          balancesOf(before.filter((r) => r.address === address)),
          threshold.balanceType,
          avaxAssetOf(activity),
        );
        const is = typedAmount(
          balancesOf(after.filter((r) => r.address === address)),
          threshold.balanceType,
          avaxAssetOf(activity),
        );
        if (!(was >= threshold.balanceThreshold && is < threshold.balanceThreshold)) continue;
        push(
          'balance_threshold',
          {
            addresses: [address],
            balanceThresholdFilter: {
              balanceType: threshold.balanceType,
              balanceThreshold: threshold.balanceThreshold.toString(),
            },
            balanceBefore: was.toString(),
            balance: is.toString(),
            transaction,
            balances: balancesOf(after.filter((r) => r.address === address)),
          },
          address,
        );
      }
    }
  }
  return events;
}

/** An address's AVAX of one balance type (a member of the chain's balances; absent on the chain: 0). */
function typedAmount(balances: Record<string, unknown>, balanceType: string, avaxAssetId: string): bigint {
  const entries = (balances[balanceType] ?? []) as { assetId: string; amount: string }[];
  return entries.filter((e) => e.assetId === avaxAssetId).reduce((sum, e) => sum + BigInt(e.amount), 0n);
}
