// The write-path hook that turns a P- or X-Chain block (or vertex) into the outbox messages of the
// primary-network webhooks, in the block's own transaction: they commit with its rows or not at all.
import type { BeforeRows, BlockWrite } from '../../../prisma/write';
import { enqueueMessages, type OutboxEvent } from '../../../webhooks/outbox/enqueueMessages';
import type { ChainFacts } from '../follow/networkFacts';
import { blockActivityOf, type BlockActivity } from './blockActivity';
import { matchPrimaryWebhooks, watchedEventTypes } from './matchPrimaryWebhooks';

// The payloads are built with the primary-network subgraph's formatters (getTxByHash's and the balances'
// shapes): loaded with the first block a webhook takes, so an indexer nobody subscribes to never loads
// the GraphQL layer.
const loadPayloads = async () => {
  const [address, validator] = await Promise.all([
    import('./addressActivityEvents'),
    import('./validatorActivityEvents'),
  ]);
  return {
    addressActivityEvents: address.addressActivityEvents,
    validatorActivityEvents: validator.validatorActivityEvents,
  };
};

/** Options of {@link createPrimaryWebhookHook}. */
export type PrimaryWebhookHookOptions = {
  facts: ChainFacts;
  /** When the messages are first due. @default the current time */
  now?: () => Date;
};

/**
 * The `beforeRows` hook of a chain's block writes: before the rows, one read of whether an active
 * webhook of the network could take the block's events (nothing more when none); after them, one
 * statement matching the block's activity with the watched keys, the payloads, and enqueueMessages.
 * @param options the chain, the clock
 * @returns the hook for writeBlock's `beforeRows`
 * @example await writeBlock(db, write, { beforeRows: createPrimaryWebhookHook({ facts }) })
 */
export function createPrimaryWebhookHook(options: PrimaryWebhookHookOptions): BeforeRows {
  const now = options.now ?? (() => new Date());
  return async (tx, blocks) => {
    const activities = blocks
      .map((block: BlockWrite) => blockActivityOf(options.facts, block))
      .filter((a): a is BlockActivity => a !== null);
    if (activities.length === 0) return;
    const types = await watchedEventTypes(tx, activities[activities.length - 1]!);
    if (types.size === 0) return;
    return async () => {
      const events: OutboxEvent[] = [];
      const applied = activities.flatMap((a) => a.txHashes);
      const laterThan = (txHash: string) => applied.slice(applied.indexOf(txHash) + 1);
      for (const activity of activities) {
        const matches = await matchPrimaryWebhooks(tx, activity, types);
        if (matches.length === 0) continue;
        const { addressActivityEvents, validatorActivityEvents } = await loadPayloads();
        const place = { chainKey: activity.chainKey, blockHeight: activity.height };
        for (const event of await addressActivityEvents(tx, activity, matches, laterThan))
          events.push({ ...event, ...place });
        for (const event of await validatorActivityEvents(tx, activity, matches)) events.push({ ...event, ...place });
      }
      await enqueueMessages(tx, events, now());
    };
  };
}
