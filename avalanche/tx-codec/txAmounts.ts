// The amounts a signed P- or X-Chain transaction states of itself (avalanchejs objects): what it
// consumes, what it emits, what it deposits into L1 validator balances. The supply totals read a
// transaction's burn from them (domain/supplyTotals.ts) on the indexer and in the demo generator alike.

import { cb58Encode } from '../cb58';

/** An amount of one asset. */
export type StatedAmount = { assetId: string; amount: bigint };

/** What a transaction states it moves. */
export type TxAmounts = {
  /** Its inputs: the BaseTx's and an ImportTx's imported ones. */
  consumed: StatedAmount[];
  /** Its outputs: the BaseTx's, an ExportTx's exported ones and a staking transaction's stake. */
  emitted: StatedAmount[];
  /** AVAX it moves into L1 validator balances (ConvertSubnetToL1Tx, RegisterL1ValidatorTx, IncreaseL1ValidatorBalanceTx). */
  l1Deposited: bigint;
};

type Amounted = {
  assetId: { toBytes(): Uint8Array };
  amount?: () => bigint;
  input?: { amount?: () => bigint };
  output?: { amount?: () => bigint };
};
type Prim = { value(): bigint | number };
type Body = {
  baseTx?: { outputs?: Amounted[]; inputs?: Amounted[]; baseTx?: { outputs?: Amounted[]; inputs?: Amounted[] } };
  ins?: Amounted[];
  importedIns?: Amounted[];
  outs?: Amounted[];
  exportedOutputs?: Amounted[];
  stake?: Amounted[];
  balance?: Prim;
  validators?: { balance: Prim }[];
};

/** The amount of a TransferableInput or TransferableOutput; 0 for outputs without one (NFTs, mint rights). */
function amountOf(item: Amounted): bigint {
  if (typeof item.amount === 'function') {
    try {
      return item.amount();
    } catch {
      return 0n;
    }
  }
  return item.input?.amount?.() ?? item.output?.amount?.() ?? 0n;
}

// cb58Encode rather than avalanchejs's Id.toString: the same text, without @scure/base's generic
// radix conversion, which reads globals in its inner loop and is tens of times slower in a vm
// context (jest) than in the service; the demo seeder calls this for every transaction it writes.
const stated = (items: readonly Amounted[] | undefined): StatedAmount[] =>
  (items ?? []).map((item) => ({ assetId: cb58Encode(item.assetId.toBytes()), amount: amountOf(item) }));

/**
 * The amounts a transaction states.
 * @param txType the transaction's type name (ImportTx, ExportTx, ...)
 * @param unsigned its avalanchejs unsigned transaction
 * @returns consumed, emitted and L1-deposited amounts; all empty for a transaction without a BaseTx
 * @example const { consumed, emitted } = txAmounts(tx.txType, tx.unsigned)
 */
export function txAmounts(txType: string, unsigned: unknown): TxAmounts {
  const body = unsigned as Body;
  let base = body.baseTx;
  if (base && !base.outputs && base.baseTx) base = base.baseTx;
  if (!base?.outputs) return { consumed: [], emitted: [], l1Deposited: 0n };
  const consumed = stated(base.inputs);
  const emitted = stated(base.outputs);
  if (txType === 'ImportTx') consumed.push(...stated(body.ins ?? body.importedIns));
  if (txType === 'ExportTx') emitted.push(...stated(body.outs ?? body.exportedOutputs));
  emitted.push(...stated(body.stake));
  let l1Deposited = 0n;
  if (txType === 'RegisterL1ValidatorTx' || txType === 'IncreaseL1ValidatorBalanceTx')
    l1Deposited = BigInt(body.balance!.value());
  if (txType === 'ConvertSubnetToL1Tx') for (const v of body.validators ?? []) l1Deposited += BigInt(v.balance.value());
  return { consumed, emitted, l1Deposited };
}
