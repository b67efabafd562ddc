// The continuous fee (ACP-77) of the demo's L1 validations, kept block by block by the rules the
// indexer applies: a block moves the fee state on before its transactions, and the validations
// whose balance has run out by then stop paying at their end; each transaction then changes the
// fees of the validations it names (domain/l1ValidationFee.ts), and what is left of an ended
// validation's balance goes back to its remaining-balance owner in an output of that transaction.
// What it yields are the rows the indexer would write from the same transactions: the fee events,
// each validation's fee state, the refund outputs and what each block charged.
import type { PAddress } from '../accounts';
import { PRIMARY_NETWORK_ID, NETWORKS, type NetworkName } from '../constants';
import { decodeSignedTx } from '../../avalanche/tx-codec/readSignedTxs';
import {
  advanceL1ValidatorFees,
  applyL1ValidationFeeChange,
  L1_VALIDATOR_FEES,
  l1ValidationRanOut,
  l1ValidatorFeesCharged,
  type L1ValidatorFeeState,
} from '../../domain';
import type { ChainEvent } from './events';
import type { UtxoPlan } from './utxoPlan';

/** What names a validation in its fee events. */
type FeeValidation = { validationId: string; subnetId: string; nodeId: string };

/** A validation starting or stopping to pay: at its block's accrued fees, or at its end when it runs out. */
export type L1FeeEvent = FeeValidation & { kind: 'START' | 'STOP'; accruedFees: bigint };

/** An L1 validation's fee state after the last block, as its Validator row holds it. */
export type L1FeeOutcome = {
  /** Whether it still pays (its balance has not run out, and it was neither disabled nor removed). */
  isActive: boolean;
  /** Its balance when last deposited or topped up (nAVAX); 0 once it stopped paying. */
  l1Balance: bigint;
  /** The accrued fees at which its balance runs out (avalanchego EndAccumulatedFee); 0 when inactive. */
  l1EndAccumulatedFee: bigint;
};

/** What was left of a validation's balance when a transaction disabled or removed it. */
export type L1Refund = { event: ChainEvent; amount: bigint; owner: PAddress };

/** The fee ledger of one network's P-Chain. */
export type L1FeeLedger = {
  /** The fee state after the last block's transactions (its accrued fees, excess and active count). */
  readonly fees: Readonly<L1ValidatorFeeState>;
  /**
   * Moves the fee state on by the time since the parent block, before the block's transactions.
   * @returns what the block charges, and the STOP events of the validations that ran out
   */
  advance(seconds: bigint): { charged: bigint; ranOut: L1FeeEvent[] };
  /** Applies a transaction's fee changes at the block's accrued fees; returns its fee events. */
  apply(event: ChainEvent): L1FeeEvent[];
  /** A registered validation's fee state now. */
  outcome(validationId: string): L1FeeOutcome;
  /** The refunds of the disables and removals applied so far. */
  readonly refunds: readonly L1Refund[];
};

/** A registered validation: its owner, and its end (0 while it does not pay). */
type Account = FeeValidation & { owner: PAddress; end: bigint; balance: bigint };

/**
 * Creates the fee ledger of a network, before its first block.
 * @param network mainnet or fuji
 * @returns the ledger
 * @example
 * const ledger = createL1FeeLedger('mainnet')
 * const { charged, ranOut } = ledger.advance(60n)
 */
export function createL1FeeLedger(network: NetworkName): L1FeeLedger {
  const config = L1_VALIDATOR_FEES[network];
  let fees: L1ValidatorFeeState = { accruedFees: 0n, excess: 0n, active: 0n };
  const accounts = new Map<string, Account>();
  const refunds: L1Refund[] = [];
  const eventOf = (a: Account, kind: L1FeeEvent['kind'], accruedFees: bigint): L1FeeEvent => ({
    validationId: a.validationId,
    subnetId: a.subnetId,
    nodeId: a.nodeId,
    kind,
    accruedFees,
  });
  return {
    get fees() {
      return fees;
    },
    refunds,
    advance(seconds) {
      const next = advanceL1ValidatorFees(config, fees, seconds);
      const ranOut = [...accounts.values()].filter((a) => l1ValidationRanOut(a.end, next.accruedFees));
      const charged = l1ValidatorFeesCharged(
        fees.active,
        fees.accruedFees,
        next.accruedFees,
        ranOut.map((a) => a.end),
      );
      const events = ranOut.map((a) => eventOf(a, 'STOP', a.end));
      for (const a of ranOut) Object.assign(a, { end: 0n, balance: 0n });
      fees = { ...next, active: next.active - BigInt(ranOut.length) };
      return { charged, ranOut: events };
    },
    apply(event) {
      const events: L1FeeEvent[] = [];
      for (const change of event.l1Fees ?? []) {
        if (change.kind === 'register') {
          const { validationId, subnetId, nodeId, remainingBalanceOwner: owner } = change;
          accounts.set(validationId, { validationId, subnetId, nodeId, owner, end: 0n, balance: 0n });
        }
        // The indexer ignores a transaction on a validation it has no row of.
        const account = accounts.get(change.validationId);
        if (!account) continue;
        const { end, balance, event: kind, refund } = applyL1ValidationFeeChange(account.end, change, fees.accruedFees);
        if (kind) {
          fees.active += kind === 'START' ? 1n : -1n;
          events.push(eventOf(account, kind, fees.accruedFees));
        }
        if (refund > 0n) refunds.push({ event, amount: refund, owner: account.owner });
        Object.assign(account, { end, balance });
      }
      return events;
    },
    outcome(validationId) {
      const account = accounts.get(validationId);
      if (!account) throw new Error(`demo data: L1 validation ${validationId} was never registered`);
      return { isActive: account.end > 0n, l1Balance: account.balance, l1EndAccumulatedFee: account.end };
    },
  };
}

/**
 * The refunds as planned UTXOs: each an AVAX output of its disabling or removing transaction, to the
 * validation's remaining-balance owner, numbered after the transaction's own outputs as the node
 * numbers it.
 * @param network mainnet or fuji
 * @param refunds the ledger's refunds
 * @returns the UTXOs
 * @example utxos.push(...refundUtxos('mainnet', ledger.refunds))
 */
export function refundUtxos(network: NetworkName, refunds: readonly L1Refund[]): UtxoPlan[] {
  const info = NETWORKS[network];
  return refunds.map(({ event, amount, owner }) => {
    const { unsigned } = decodeSignedTx(event.tx.bytes, 'P');
    return {
      blockchainId: PRIMARY_NETWORK_ID,
      txId: event.tx.txId,
      outputIndex: (unsigned as unknown as { baseTx: { outputs: unknown[] } }).baseTx.outputs.length,
      assetId: info.avaxAssetId,
      amount,
      owners: [owner],
      threshold: 1,
      utxoType: 'TRANSFER',
      platformLocktime: 0n,
      stakeableLocktime: 0n,
      staked: false,
      createdOnChainId: PRIMARY_NETWORK_ID,
      created: { event },
    };
  });
}
