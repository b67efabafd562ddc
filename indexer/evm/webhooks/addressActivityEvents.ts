// The EVM indexer's hook into the write path that feeds address_activity webhooks: in a batch's own
// transaction, the transactions that touch a watched address become outbox messages (one per
// webhook and transaction), so they commit with the blocks that caused them or not at all. A chain
// no active address_activity webhook follows costs one EXISTS per batch and nothing more.
import { asText } from '../../../prisma/hexBytes';
import type { SqlExecutor } from '../../../prisma/database';
import type { BeforeRows, BlockWrite } from '../../../prisma/write';
import { enqueueMessages, type OutboxEvent } from '../../../webhooks/outbox/enqueueMessages';
import { transactionActivities, type TransactionActivity } from './transactionActivity';
import { matchesEventSignatures, transactionEventOf, type NativeToken, type TokenDetails } from './transactionEvent';

/** An active address_activity webhook of the chain that watches an address of the batch. */
type Subscription = {
  id: string;
  keys: string[];
  include_logs: boolean;
  include_internal_txs: boolean;
  event_signatures: unknown;
  /** Its createdAt in whole seconds: blocks stamped at or after it are its events. */
  created_at: bigint;
};

const EVENT_TYPE = 'address_activity';

/**
 * The write path's hook that adds address_activity messages to the outbox. Before the rows it asks
 * whether any active address_activity webhook follows the chain (`webhook.chain_id`, the EVM chain
 * ID in decimal); when one does, after the rows it finds, in one query, the webhooks watching an
 * address the batch's transactions touched, and enqueues one message per webhook and matching
 * transaction (cause: block hash, transaction hash; writing a block again adds none), due at once.
 * @example await writeBlocks(db, writes, { beforeRows: [countBlockMetrics, addressActivityEvents] })
 */
export const addressActivityEvents: BeforeRows = async (tx, blocks) => {
  const chainId = blocks.find((block) => block.rows?.EvmBlock?.length)?.rows?.EvmBlock?.[0]?.chainId;
  if (chainId === undefined) return;
  const [followed] = await tx.query<{ followed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM webhook WHERE chain_id = $1 AND event_type = $2 AND status = 'active') AS followed`,
    [String(chainId), EVENT_TYPE],
  );
  if (!followed?.followed) return;
  return () => enqueueBatch(tx, BigInt(chainId), blocks, new Date());
};

async function enqueueBatch(tx: SqlExecutor, chainId: bigint, blocks: readonly BlockWrite[], now: Date): Promise<void> {
  const written = blocks.flatMap((block) =>
    transactionActivities(block.rows ?? {}).map((activity) => ({ chainKey: block.cursor.chainKey, activity })),
  );
  const addresses = new Set<string>();
  let latest = 0n;
  for (const { activity } of written) {
    for (const address of activity.addresses) addresses.add(address);
    if (BigInt(activity.block.timestamp) > latest) latest = BigInt(activity.block.timestamp);
  }
  if (addresses.size === 0) return;
  const subscriptions = await tx.query<Subscription>(
    `SELECT w.id, array_agg(k.key) AS keys, w.include_logs, w.include_internal_txs,
            w.metadata -> 'eventSignatures' AS event_signatures,
            floor(extract(epoch FROM w.created_at))::bigint AS created_at
       FROM webhook_key k JOIN webhook w ON w.id = k.webhook_id
      WHERE k.key = ANY($1::text[]) AND w.chain_id = $2 AND w.event_type = $3 AND w.status = 'active'
        AND w.created_at < to_timestamp($4::double precision)
      GROUP BY w.id ORDER BY w.id`,
    // Watched keys are text (EVM addresses among primary-network ones).
    [asText([...addresses]), chainId.toString(), EVENT_TYPE, (latest + 1n).toString()],
  );
  if (subscriptions.length === 0) return;
  const matches: { chainKey: string; activity: TransactionActivity; subscription: Subscription }[] = [];
  const signatures = new Map(subscriptions.map((s) => [s.id, eventSignaturesOf(s.event_signatures)]));
  for (const { chainKey, activity } of written) {
    for (const subscription of subscriptions) {
      if (BigInt(activity.block.timestamp) < BigInt(subscription.created_at)) continue;
      if (!subscription.keys.some((key) => activity.addresses.has(key))) continue;
      if (!matchesEventSignatures(activity, signatures.get(subscription.id)!)) continue;
      matches.push({ chainKey, activity, subscription });
    }
  }
  if (matches.length === 0) return;
  const { tokens, nativeToken } = await readTokens(tx, chainId, matches);
  const events: OutboxEvent[] = matches.map(({ chainKey, activity, subscription }) => ({
    webhookId: subscription.id,
    eventType: EVENT_TYPE,
    chainKey,
    blockHeight: BigInt(activity.block.number),
    cause: [activity.block.hash, activity.transaction.txHash],
    event: transactionEventOf(
      activity,
      { chainId, tokens, nativeToken },
      {
        includeLogs: subscription.include_logs,
        includeInternalTxs: subscription.include_internal_txs,
        eventSignatures: signatures.get(subscription.id)!,
      },
    ),
  }));
  await enqueueMessages(tx, events, now);
}

/** `metadata.eventSignatures` as a set of lower-case topics; null when absent or empty. */
function eventSignaturesOf(stored: unknown): ReadonlySet<string> | null {
  if (!Array.isArray(stored) || stored.length === 0) return null;
  return new Set(stored.map((signature) => String(signature).toLowerCase()));
}

/**
 * The token contracts of the matched transactions' transfers and the chain's native token, as the
 * index holds them once the batch's rows are in (a token first seen in the batch included).
 */
async function readTokens(
  tx: SqlExecutor,
  chainId: bigint,
  matches: readonly { activity: TransactionActivity }[],
): Promise<{ tokens: Map<string, TokenDetails>; nativeToken: NativeToken | null }> {
  const addresses = new Set<string>();
  for (const { activity } of matches) for (const transfer of activity.transfers) addresses.add(transfer.tokenAddress);
  const tokens = new Map<string, TokenDetails>();
  if (addresses.size > 0) {
    const rows = await tx.query<{ address: string; name: string; symbol: string; decimals: number | null }>(
      'SELECT address, name, symbol, decimals FROM evm_contract WHERE chain_id = $1 AND address = ANY($2::bytea[])',
      [chainId.toString(), [...addresses]],
    );
    for (const { address, name, symbol, decimals } of rows) tokens.set(address, { name, symbol, decimals });
  }
  const [chain] = await tx.query<{ name: string; symbol: string; decimals: number }>(
    `SELECT native_token_name AS name, native_token_symbol AS symbol, native_token_decimals AS decimals
       FROM evm_chain WHERE chain_id = $1`,
    [chainId.toString()],
  );
  return { tokens, nativeToken: chain ?? null };
}
