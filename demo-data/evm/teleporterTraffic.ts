// What makes the demo's ICM messages look like TeleporterMessenger traffic beyond a send and a
// delivery, planned on a stream of its own (the chains' random streams draw as before):
// - fees: a share of plain sends offer a fee in an ERC-20 the sender holds (USDC, the wrapped
//   native token or the game token), pulled by the messenger before it emits the send;
// - receipts: a chain queues a receipt for every message it delivers and attaches up to five of the
//   oldest to its next message back (ReceiptQueue), and the origin emits ReceiptReceived for each
//   when that message is delivered there;
// - failed executions: a few plain deliveries revert in their receiver (MessageExecutionFailed) and
//   most of those are retried later on the destination (retryMessageExecution, teleporterRetry.ts).
import { concatBytes, fromHex } from '../../avalanche/bytes';
import { cb58Decode } from '../../avalanche/cb58';
import { createRandom } from '../random';
import { keccakHex } from './abi';
import { TELEPORTER_MESSENGER, ZERO_ADDRESS } from './chains';
import type { BlockContext } from './draft';
import type { ChainEnv } from './env';
import type { LogDraft } from './events';
import { receiptReceived } from './icmEvents';
import { erc20Balance } from './state';
import type { TeleporterChain, TeleporterMessagePlan } from './teleporterPlan';

/** Share of sends that offer a fee (when the sender holds a fee token). */
const FEE_SHARE = 0.45;
/** Share of plain deliveries whose execution fails, and of those that are retried. */
const FAIL_SHARE = 0.12;
const RETRY_SHARE = 0.65;
/** ReceiptQueue's `_MAXIMUM_RECEIPT_COUNT`: receipts one message carries at most. */
const MAX_RECEIPTS = 5;
/** Fee tokens by preference: the first one the sender holds enough of pays. */
const FEE_TOKENS = ['usdc', 'wrapped', 'gem'];

/**
 * Plans fees, failures, retries and receipts of the messages (in place).
 * @param messages every planned message, in source order
 * @param chains the participating chains in generation order
 * @returns nothing
 * @example planTraffic(messages, chains)
 */
export function planTraffic(messages: TeleporterMessagePlan[], chains: TeleporterChain[]): void {
  const rng = createRandom('avalanche-demo-data/evm/teleporter/traffic');
  const order = new Map(chains.map((c, i) => [c.key, i]));
  const blocks = new Map(chains.map((c) => [c.key, c.timeline.count]));
  for (const m of messages) {
    // Five draws per message whatever is decided, so one decision never moves another message's.
    const [fee, whole, fail, retry, delay] = [rng.float(), rng.float(), rng.float(), rng.float(), rng.int(30, 2_500)];
    m.feeOffer = fee < FEE_SHARE ? Math.max(1, Math.round(Math.exp(whole * Math.log(150)))) / 100 : null;
    // A retry carries the whole message, known on the destination only when its source chain is generated first.
    m.executionFails =
      m.destinationIndex !== null &&
      !m.wantsBridge &&
      order.get(m.source)! < order.get(m.destination)! &&
      fail < FAIL_SHARE;
    const at = m.destinationIndex === null ? null : m.destinationIndex + delay;
    m.retryIndex =
      m.executionFails && retry < RETRY_SHARE && at !== null && at < blocks.get(m.destination)! ? at : null;
    m.retryTxHash =
      m.retryIndex === null ? null : keccakHex(concatBytes(fromHex(m.id), new TextEncoder().encode('retry')));
  }
  planReceipts(messages);
}

/**
 * Receipts each message carries: per chain B and peer A, B's queue of the A → B messages it
 * delivered (in block order; a block's deliveries precede its sends) is drained by B → A sends.
 */
function planReceipts(messages: TeleporterMessagePlan[]): void {
  const routes = new Set(messages.map((m) => `${m.source}|${m.destination}`));
  for (const route of routes) {
    const [b, a] = route.split('|') as [string, string];
    type Step = { at: number; send: boolean; position: number; message: TeleporterMessagePlan };
    const steps: Step[] = [];
    messages.forEach((message, position) => {
      if (message.source === a && message.destination === b && message.destinationIndex !== null)
        steps.push({ at: message.destinationIndex, send: false, position, message });
      if (message.source === b && message.destination === a)
        steps.push({ at: message.sourceIndex, send: true, position, message });
    });
    steps.sort((x, y) => x.at - y.at || Number(x.send) - Number(y.send) || x.position - y.position);
    const queue: TeleporterMessagePlan[] = [];
    for (const step of steps) {
      if (step.send) step.message.receipts = queue.splice(0, MAX_RECEIPTS);
      else queue.push(step.message);
    }
  }
}

/**
 * The fee a plain send offers: its planned amount in the first fee token the sender holds enough of.
 * @param block block context (balances)
 * @param env source chain
 * @param message the message
 * @param sender the sending account
 * @returns token and amount, or null for no fee
 * @example feeOf(block, env, message, user)
 */
export function feeOf(
  block: BlockContext,
  env: ChainEnv,
  message: TeleporterMessagePlan,
  sender: string,
): { token: string; amount: bigint } | null {
  if (message.feeOffer === null) return null;
  for (const key of FEE_TOKENS) {
    const token = env.contracts.tokens.get(key);
    if (token?.spec.ercType !== 'ERC20') continue;
    const amount = (BigInt(Math.round(message.feeOffer * 100)) * 10n ** BigInt(token.spec.decimals ?? 18)) / 100n;
    if (erc20Balance(block.state, token.address, sender) >= amount) return { token: token.address, amount };
  }
  return null;
}

/**
 * The ReceiptReceived logs a delivery emits before its ReceiveCrossChainMessage: one per receipt
 * the message carries whose message this chain sent (its fee goes to the reward address the
 * receipt names). Finished once every chain is generated (the reward address is the other chain's).
 * @param message the message being delivered
 * @returns the log drafts
 * @example draft.logs = [...receiptLogDrafts(message), received, executed]
 */
export function receiptLogDrafts(message: TeleporterMessagePlan): LogDraft[] {
  return message.receipts
    .filter((r) => r.originSender !== undefined)
    .map((r) => ({
      address: TELEPORTER_MESSENGER,
      late: () => () =>
        receiptReceived(r.id, cb58Decode(r.destinationBlockchainId), r.relayerRewardAddress ?? ZERO_ADDRESS, r.fee),
    }));
}
