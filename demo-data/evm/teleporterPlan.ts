// The plan of one demo ICM (Teleporter) message: what the planner decides before any chain is
// generated (teleporter.ts, teleporterTraffic.ts) and what the chains' generators record on it.
import type { Timeline } from './timeline';

/** A planned message. */
export type TeleporterMessagePlan = {
  id: string;
  source: string;
  destination: string;
  sourceBlockchainId: string;
  destinationBlockchainId: string;
  sourceIndex: number;
  destinationIndex: number | null;
  sourceTxHash: string;
  destinationTxHash: string | null;
  bridge: { amount: bigint; recipient: string } | null;
  wantsBridge: boolean;
  /** The source messenger's nonce of the message. */
  nonce: bigint;
  /** Sender as the messenger saw it (the caller, or the token home), set when the source transaction is applied. */
  originSender?: string;
  /** Contract the destination delivers to, set when the delivering transaction is applied (completeTeleporterPlans fills undelivered ones). */
  destinationAddress?: string;
  /** The fee the send offered, set when the source transaction is applied (none: no fee). */
  fee?: { token: string; amount: bigint };
  /** Reward address the relayer gave on delivery, set when the delivering transaction is applied. */
  relayerRewardAddress?: string;
  /** Planned fee offer in whole units of a fee token (0.01 to 1.5), or null for none (teleporterTraffic.ts). */
  feeOffer: number | null;
  /** Messages of the opposite route whose receipts this one carries back (at most 5, oldest delivery first). */
  receipts: TeleporterMessagePlan[];
  /** Whether its first execution on the destination fails (MessageExecutionFailed). */
  executionFails: boolean;
  /** Destination block index of the retry that executes it; null when never retried. */
  retryIndex: number | null;
  /** Hash of the retrying transaction (derived from the message ID), null without retry. */
  retryTxHash: string | null;
};

/** The members of a message that teleporterTraffic.ts plans. */
export type TrafficPlan = Pick<
  TeleporterMessagePlan,
  'feeOffer' | 'receipts' | 'executionFails' | 'retryIndex' | 'retryTxHash'
>;

/** A chain taking part in messaging. */
export type TeleporterChain = { key: string; blockchainId: string; timeline: Timeline };
