// A transaction waiting for its place in a P- or X-Chain block. Planners create events with the
// time the transaction was accepted; the block builders later fill in height and block time,
// which rows such as Validator.blockIndex or Utxo.blockNumber then read.
import type { PAddress } from '../accounts';
import type { BuiltTx } from './pchainTxs';

/** One accepted transaction of the P- or X-Chain. */
export type ChainEvent = {
  /** Acceptance time, Unix seconds. */
  time: number;
  /** Which chain accepted it. */
  chain: 'P' | 'X';
  tx: BuiltTx;
  /** Height of the block holding it; set by the block builder. */
  height?: bigint;
  /** Timestamp of that block; set by the block builder. */
  blockTime?: number;
  /** L1 transactions: what they do to the continuous fee of the validations they name. */
  l1Fees?: L1FeeChange[];
};

/**
 * What an L1 transaction does to a validation's continuous fee: a registration (ConvertSubnetToL1Tx,
 * RegisterL1ValidatorTx) deposits a balance, a top-up (IncreaseL1ValidatorBalanceTx) adds to it, and
 * an end (DisableL1ValidatorTx, SetL1ValidatorWeightTx to weight 0) stops the fee. The block builder
 * applies them by the fee's rules (l1FeeLedger.ts).
 */
export type L1FeeChange = { validationId: string; subnetId: string; nodeId: string } & L1FeeEffect;

/** The change itself, beside the validation it names. */
export type L1FeeEffect =
  | { kind: 'register'; balance: bigint; remainingBalanceOwner: PAddress }
  | { kind: 'topUp'; amount: bigint }
  | { kind: 'end' };

/** Events of one network, in creation order. */
export type EventLog = {
  /** Records an event and returns it (its height is filled in later). */
  add(time: number, tx: BuiltTx, chain?: 'P' | 'X'): ChainEvent;
  /** All events so far. */
  all(): ChainEvent[];
};

/**
 * Creates an empty event log.
 * @returns the log
 * @example
 * const log = createEventLog()
 * const created = log.add(t, createSubnetTx(ctx, owners))
 */
export function createEventLog(): EventLog {
  const events: ChainEvent[] = [];
  return {
    add(time, tx, chain = 'P') {
      const event: ChainEvent = { time: Math.floor(time), chain, tx };
      events.push(event);
      return event;
    },
    all: () => events,
  };
}

/**
 * Height of a placed event, for rows that need it.
 * @param event a placed event
 * @returns its block height
 * @throws Error when the block builder has not placed it yet
 * @example heightOf(validator.addEvent)
 */
export function heightOf(event: ChainEvent): bigint {
  if (event.height === undefined)
    throw new Error(`demo data: ${event.tx.txType} ${event.tx.txId} was not placed in a block`);
  return event.height;
}
