// ICM (Teleporter) messages between the mainnet chains, planned before any chain is generated:
// each message has a source block and (unless undelivered) a destination block found on the
// destination's timeline a few seconds to minutes later. Transaction hashes derive from the
// message ID, so both chains' generators agree on them. C-Chain → Kestrel messages may carry
// USDC (ICTT): the C-Chain generator picks sender and amount, Kestrel mints the same amount later.
// Fees, receipts, failed executions and their retries are planned in teleporterTraffic.ts.
import { concatBytes, fromHex } from '../../avalanche/bytes';
import { cb58Decode } from '../../avalanche/cb58';
import { NETWORKS } from '../constants';
import { createRandom } from '../random';
import { keccakHex, SIGNATURES, word } from './abi';
import { TELEPORTER_MESSENGER, WARP_PRECOMPILE, ZERO_ADDRESS } from './chains';
import type { BlockContext, TransferDraft, TxDraft } from './draft';
import { callDraft, pickUser, type ChainEnv } from './env';
import type { EmittedLog, LogDraft } from './events';
import {
  ictSendPayload,
  messageExecuted,
  messageExecutionFailed,
  pingPayload,
  teleporterReceiveLog,
  teleporterSendLogs,
  tokensSent,
  tokensWithdrawn,
  type TeleporterMessageFields,
} from './icmEvents';
import { erc20Balance } from './state';
import type { TeleporterChain, TeleporterMessagePlan, TrafficPlan } from './teleporterPlan';
import { feeOf, planTraffic, receiptLogDrafts } from './teleporterTraffic';

export type { TeleporterChain, TeleporterMessagePlan } from './teleporterPlan';

/** Routes and their message counts at scale 1. */
const ROUTES: [string, string, number][] = [
  ['c-chain', 'kestrel', 120],
  ['kestrel', 'c-chain', 80],
  ['c-chain', 'nimbus', 40],
  ['nimbus', 'c-chain', 40],
  ['kestrel', 'nimbus', 20],
];
/** Blocks at the start of a chain reserved for its setup transactions. */
const SETUP_BLOCKS = 100;

/**
 * Plans the messages between the given chains.
 * @param chains participating chains (unknown route ends are skipped)
 * @param scale volume multiplier
 * @returns messages in source order
 * @example const plan = planTeleporter(chains, 1)
 */
export function planTeleporter(chains: TeleporterChain[], scale: number): TeleporterMessagePlan[] {
  const rng = createRandom('avalanche-demo-data/evm/teleporter');
  const byKey = new Map(chains.map((c) => [c.key, c]));
  const nonces = new Map<string, bigint>();
  const drafts: Omit<
    TeleporterMessagePlan,
    'id' | 'sourceTxHash' | 'destinationTxHash' | 'nonce' | keyof TrafficPlan
  >[] = [];
  for (const [from, to, count] of ROUTES) {
    const source = byKey.get(from);
    const destination = byKey.get(to);
    if (!source || !destination) continue;
    for (let k = 0; k < Math.round(count * scale); k++) {
      const sourceIndex = rng.int(SETUP_BLOCKS, source.timeline.count - 1);
      const arrival = source.timeline.timestampOf(sourceIndex) + rng.int(4, 90);
      let destinationIndex: number | null = Math.max(SETUP_BLOCKS, destination.timeline.indexAtOrAfter(arrival));
      if (destinationIndex >= destination.timeline.count || rng.chance(0.04)) destinationIndex = null;
      drafts.push({
        source: from,
        destination: to,
        sourceBlockchainId: source.blockchainId,
        destinationBlockchainId: destination.blockchainId,
        sourceIndex,
        destinationIndex,
        bridge: null,
        wantsBridge: from === 'c-chain' && to === 'kestrel' && rng.chance(0.6),
      });
    }
  }
  drafts.sort(
    (a, b) =>
      byKey.get(a.source)!.timeline.timestampOf(a.sourceIndex) -
      byKey.get(b.source)!.timeline.timestampOf(b.sourceIndex),
  );
  const messages = drafts.map((d) => {
    const nonce = (nonces.get(d.source) ?? 0n) + 1n;
    nonces.set(d.source, nonce);
    // Teleporter's message ID: keccak(abi.encode(messenger, sourceChainID, destinationChainID, nonce)).
    const id = keccakHex(
      concatBytes(
        word(TELEPORTER_MESSENGER),
        cb58Decode(d.sourceBlockchainId),
        cb58Decode(d.destinationBlockchainId),
        word(nonce),
      ),
    );
    return {
      ...d,
      id,
      nonce,
      sourceTxHash: keccakHex(concatBytes(fromHex(id), new TextEncoder().encode('send'))),
      destinationTxHash:
        d.destinationIndex === null ? null : keccakHex(concatBytes(fromHex(id), new TextEncoder().encode('receive'))),
      feeOffer: null,
      receipts: [],
      executionFails: false,
      retryIndex: null,
      retryTxHash: null,
    };
  });
  planTraffic(messages, chains);
  return messages;
}

/**
 * The sending transaction of a message on its source chain; fills `bridge` for USDC transfers.
 * A plain message offers the planned fee when its sender holds a fee token (teleporterTraffic.ts).
 * @param block block context
 * @param env source chain
 * @param message the message
 * @param sender sends a plain message in place of the picked user (the relayer, when the user cannot pay)
 * @returns the draft (its hash is the planned one)
 * @example applyDraft(block, sendDraft(block, env, message))
 */
export function sendDraft(
  block: BlockContext,
  env: ChainEnv,
  message: TeleporterMessagePlan,
  sender?: string,
): TxDraft {
  const usdc = env.contracts.tokens.get('usdc');
  const home = env.contracts.infra.get('tokenHome');
  const holders = usdc ? (block.state.holders.get(usdc.address)?.items ?? []) : [];
  if (message.wantsBridge && usdc && home && holders.length > 0) {
    const sender = env.rng.pick(holders);
    const amount = (erc20Balance(block.state, usdc.address, sender) * BigInt(env.rng.int(10, 50))) / 100n;
    if (amount > 0n) {
      message.bridge = { amount, recipient: sender };
      const draft = callDraft(
        sender,
        home,
        SIGNATURES.bridgeSend,
        [cb58Hex(message.destinationBlockchainId), sender, amount],
        BigInt(env.rng.int(190_000, 260_000)),
      );
      draft.hash = message.sourceTxHash;
      draft.internals = [
        { type: 'CALL', from: home, to: usdc.address, value: 0n, gasUsed: 31_000n },
        { type: 'CALL', from: home, to: TELEPORTER_MESSENGER, value: 0n, gasUsed: 98_000n },
        { type: 'CALL', from: TELEPORTER_MESSENGER, to: WARP_PRECOMPILE, value: 0n, gasUsed: 41_000n },
      ];
      // TokenHome pulls the tokens, sends the Teleporter message (Warp, then the messenger's event), then logs TokensSent.
      const [send, warp] = sendLogDrafts(message, () => {
        message.originSender = home;
        message.fee = undefined;
      });
      draft.logs = [
        [{ ercType: 'ERC20', token: usdc.address, from: sender, to: home, value: amount }],
        send,
        warp,
        lateLog(home, () =>
          tokensSent(
            home,
            message.id,
            sender,
            cb58Decode(message.destinationBlockchainId),
            message.destinationAddress ?? ZERO_ADDRESS,
            sender,
            amount,
            BRIDGE_GAS_LIMIT,
          ),
        ),
      ];
      return draft;
    }
  }
  const picked = pickUser(env);
  const from = sender ?? picked;
  const draft = callDraft(
    from,
    TELEPORTER_MESSENGER,
    SIGNATURES.sendCrossChainMessage,
    [cb58Hex(message.destinationBlockchainId), 192],
    BigInt(env.rng.int(140_000, 210_000)),
  );
  draft.hash = message.sourceTxHash;
  draft.internals = [{ type: 'CALL', from: TELEPORTER_MESSENGER, to: WARP_PRECOMPILE, value: 0n, gasUsed: 41_000n }];
  // The messenger pulls the fee (SafeERC20TransferFrom) before it emits the send.
  const fee = feeOf(block, env, message, from);
  const feeTransfer: TransferDraft[] = fee
    ? [{ ercType: 'ERC20', token: fee.token, from, to: TELEPORTER_MESSENGER, value: fee.amount }]
    : [];
  if (fee) {
    draft.gasUsed += FEE_TRANSFER_GAS;
    draft.internals.unshift({ type: 'CALL', from: TELEPORTER_MESSENGER, to: fee.token, value: 0n, gasUsed: 29_000n });
  }
  const logs = sendLogDrafts(message, (tx) => {
    message.originSender = tx.from;
    message.fee = fee ?? undefined;
  });
  draft.logs = fee ? [feeTransfer, ...logs] : logs;
  return draft;
}

/** Gas a send spends more when the messenger pulls a fee (the token's transferFrom). */
const FEE_TRANSFER_GAS = 34_000n;

/**
 * The delivering transaction of a message on its destination chain, sent by the relayer.
 * @param env destination chain
 * @param message the message (bridge details already decided by the source chain)
 * @returns the draft
 * @example applyDraft(block, receiveDraft(env, message))
 */
export function receiveDraft(env: ChainEnv, message: TeleporterMessagePlan): TxDraft {
  const relayer = env.contracts.operators.relayer;
  const remote = env.contracts.tokens.get('usdc');
  const receiver =
    message.bridge && remote ? remote.address : (env.contracts.infra.get('multisend') ?? TELEPORTER_MESSENGER);
  const draft = callDraft(
    relayer,
    TELEPORTER_MESSENGER,
    SIGNATURES.receiveCrossChainMessage,
    [0, relayer],
    BigInt(env.rng.int(180_000, 300_000)),
  );
  draft.hash = message.destinationTxHash!;
  draft.internals = [
    { type: 'STATICCALL', from: TELEPORTER_MESSENGER, to: WARP_PRECOMPILE, value: 0n, gasUsed: 12_000n },
    { type: 'CALL', from: TELEPORTER_MESSENGER, to: receiver, value: 0n, gasUsed: 64_000n },
  ];
  // The messenger logs the receipt, calls the receiver (TokenRemote mints and logs TokensWithdrawn), then logs the execution.
  // The messenger first marks the receipts the message carries (ReceiptReceived), then logs the delivery.
  const source = cb58Decode(message.sourceBlockchainId);
  const received: LogDraft = {
    address: TELEPORTER_MESSENGER,
    late: (tx) => {
      message.destinationAddress = receiver;
      message.relayerRewardAddress = relayer;
      return () => teleporterReceiveLog(message.id, source, tx.from, teleporterMessageFields(message));
    },
  };
  const receipts = receiptLogDrafts(message);
  // A plain message planned to fail reverts in its receiver: the messenger stores it for a retry.
  const executed: LogDraft =
    message.executionFails && !message.bridge
      ? {
          address: TELEPORTER_MESSENGER,
          late: () => () => messageExecutionFailed(message.id, source, teleporterMessageFields(message)),
        }
      : messageExecuted(message.id, source);
  draft.logs =
    message.bridge && remote
      ? [
          ...receipts,
          received,
          [
            {
              ercType: 'ERC20',
              token: remote.address,
              from: ZERO_ADDRESS,
              to: message.bridge.recipient,
              value: message.bridge.amount,
            },
          ],
          tokensWithdrawn(remote.address, message.bridge.recipient, message.bridge.amount),
          executed,
        ]
      : [...receipts, received, executed];
  return draft;
}

/** Gas the demo's Teleporter messages ask the relayer to provide: plain messages, ICTT sends. */
const PLAIN_GAS_LIMIT = 100_000n;
const BRIDGE_GAS_LIMIT = 250_000n;

/**
 * The TeleporterMessage both chains' events carry, once the source and destination transactions
 * are placed (see completeTeleporterPlans).
 * @param message the planned message
 * @returns its fields
 * @example teleporterMessageFields(message).nonce
 */
export function teleporterMessageFields(message: TeleporterMessagePlan): TeleporterMessageFields {
  return {
    nonce: message.nonce,
    originSender: message.originSender ?? ZERO_ADDRESS,
    destinationBlockchainId: cb58Decode(message.destinationBlockchainId),
    destinationAddress: message.destinationAddress ?? ZERO_ADDRESS,
    requiredGasLimit: message.bridge ? BRIDGE_GAS_LIMIT : PLAIN_GAS_LIMIT,
    receipts: message.receipts.map((r) => ({
      receivedMessageNonce: r.nonce,
      relayerRewardAddress: r.relayerRewardAddress ?? ZERO_ADDRESS,
    })),
    message: message.bridge
      ? ictSendPayload(message.bridge.recipient, message.bridge.amount)
      : pingPayload(message.nonce),
  };
}

/**
 * Gives undelivered messages the receiver their destination would have called (the one delivered
 * messages of the same destination and kind recorded), so their events carry a real contract.
 * Call once every chain is generated, before the late logs are finished.
 * @param messages every planned message
 * @returns nothing
 * @example completeTeleporterPlans(messages)
 */
export function completeTeleporterPlans(messages: TeleporterMessagePlan[]): void {
  const receivers = new Map<string, string>();
  const kindOf = (m: TeleporterMessagePlan) => `${m.destination}|${m.bridge ? 'bridge' : 'plain'}`;
  for (const m of messages) if (m.destinationAddress) receivers.set(kindOf(m), m.destinationAddress);
  for (const m of messages) m.destinationAddress ??= receivers.get(kindOf(m)) ?? TELEPORTER_MESSENGER;
}

/** SendCrossChainMessage and SendWarpMessage, finished once both chains are placed; `applied` records the sender and fee. */
function sendLogDrafts(message: TeleporterMessagePlan, applied: (tx: { from: string }) => void): [LogDraft, LogDraft] {
  // Messages are planned between mainnet chains only (writeEvm).
  const networkId = NETWORKS.mainnet.networkId;
  const source = cb58Decode(message.sourceBlockchainId);
  const logs = () => teleporterSendLogs(message.id, networkId, source, teleporterMessageFields(message), message.fee);
  return [
    {
      address: TELEPORTER_MESSENGER,
      late: (tx) => {
        applied(tx);
        return () => logs()[0];
      },
    },
    { address: WARP_PRECOMPILE, late: () => () => logs()[1] },
  ];
}

function lateLog(address: string, build: () => EmittedLog): LogDraft {
  return { address, late: () => build };
}

function cb58Hex(id: string): string {
  return `0x${Buffer.from(cb58Decode(id)).toString('hex')}`;
}
