import { createAddress } from '../../../avalanche/createAddress';
import type { EvmBlock, EvmTransaction } from '../../../prisma/rows';
import { CallType } from '../types/evmEnums';
import type { EvmAccountReference } from '../types/token.type';
import type { NativeTransaction, NativeTransactionDetails, TransactionMethod } from '../types/transaction.type';

/**
 * The fields of a stored transaction that its answers read (formatNativeTransaction and
 * formatNativeTransactionDetails): all but its signature and access list, which no answer carries.
 * Statements that bring a transaction as a JSON row carry these only (jsonRowSql).
 */
export const nativeTransactionFields = [
  'chainId',
  'txHash',
  'blockNumber',
  'blockIndex',
  'from',
  'to',
  'value',
  'gasLimit',
  'gasUsed',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'nonce',
  'txType',
  'status',
  'input',
  'methodHash',
  'contractAddress',
] as const satisfies readonly (keyof EvmTransaction)[];
/** A stored transaction as its answers read it ({@link nativeTransactionFields}). */
export type NativeTransactionRow = Pick<EvmTransaction, (typeof nativeTransactionFields)[number]>;

/** The fields of a transaction's block that its answers read. */
export const transactionBlockFields = [
  'hash',
  'timestamp',
  'baseFeePerGas',
  'timestampMilliseconds',
  'minDelayExcess',
] as const satisfies readonly (keyof EvmBlock)[];
/** A transaction's block as its answers read it ({@link transactionBlockFields}). */
export type TransactionBlock = Pick<EvmBlock, (typeof transactionBlockFields)[number]>;

/** What a transaction row needs around it to be served. */
export type TransactionContext = {
  block: TransactionBlock;
  /** Account references by address (from, to, created contract). */
  accounts: Map<string, EvmAccountReference>;
  /** Text signature of the transaction's selector, when known. */
  methodName: string | null;
};

/**
 * A transaction as a block's transaction list serves it (2.12).
 * @param tx the stored transaction
 * @param context its block, account references and method name
 * @returns the item
 * @example formatNativeTransaction(tx, { block, accounts, methodName: 'transfer(address,uint256)' })
 */
export function formatNativeTransaction(tx: NativeTransactionRow, context: TransactionContext): NativeTransaction {
  // A creation's `to` is the address it creates, as its receipt names it: the node computes it
  // from sender and nonce whether the creation succeeded or not.
  const to = tx.to ?? tx.contractAddress ?? createAddress(tx.from, tx.nonce);
  return {
    blockNumber: tx.blockNumber.toString(),
    blockTimestamp: Number(context.block.timestamp),
    blockTimestampMilliseconds:
      context.block.timestampMilliseconds === null ? undefined : Number(context.block.timestampMilliseconds),
    blockMinDelayExcess: context.block.minDelayExcess?.toNumber(),
    blockHash: context.block.hash,
    chainId: tx.chainId.toString(),
    blockIndex: tx.blockIndex,
    txHash: tx.txHash,
    txStatus: String(tx.status),
    txType: tx.txType,
    gasLimit: tx.gasLimit.toFixed(),
    gasUsed: tx.gasUsed.toFixed(),
    gasPrice: tx.gasPrice.toFixed(),
    nonce: tx.nonce.toString(),
    from: context.accounts.get(tx.from) ?? { address: tx.from },
    to: context.accounts.get(to) ?? { address: to },
    method: methodOf(tx, context.methodName),
    value: tx.value.toFixed(),
  };
}

/**
 * The transaction of 4.16 (2.12 plus input and fee fields).
 * @param tx the stored transaction
 * @param context its block, account references and method name
 * @returns the details
 * @example formatNativeTransactionDetails(tx, { block, accounts, methodName: null })
 */
export function formatNativeTransactionDetails(
  tx: NativeTransactionRow,
  context: TransactionContext,
): NativeTransactionDetails {
  return {
    ...formatNativeTransaction(tx, context),
    input: tx.input,
    // A block before the chain had a base fee (pre-Apricot Phase 3 on the C-Chain) has none: 0.
    baseFeePerGas: context.block.baseFeePerGas?.toFixed() ?? '0',
    maxFeePerGas: tx.maxFeePerGas?.toFixed(),
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas?.toFixed(),
  };
}

/**
 * The call type of a transaction: a creation has no `to`; a transaction without input moves
 * native value only; anything else calls a contract, named by its 4-byte selector.
 */
function methodOf(tx: NativeTransactionRow, methodName: string | null): TransactionMethod {
  if (tx.to === null) return { callType: CallType.CONTRACT_CREATION, methodHash: '' };
  if (tx.input === '0x') return { callType: CallType.NATIVE_TRANSFER, methodHash: '' };
  return { callType: CallType.CONTRACT_CALL, methodHash: tx.methodHash ?? '', methodName: methodName ?? undefined };
}
