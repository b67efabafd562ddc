// The `event` of an address_activity message: the official TransactionEvent (glacier-openapi.json:
// TransactionEvent, Transaction, ERCTransfer, ERCToken, WebhookInternalTransaction, Log,
// AccessListData, NetworkTokenInfo) of one transaction, from the rows the indexer writes. Pure.
// Members the index does not keep are filled as the official examples show them (docs/api-decisions.md,
// "Webhooks"): the receipt root is the block's, fees of a legacy transaction repeat its gas price,
// the first internal transaction is the top-level call.
import type { RowOf } from '../../../prisma/write';
import { valueWithDecimals } from '../../../webhooks/valueWithDecimals';
import { integerText, type TransactionActivity } from './transactionActivity';

/** ERCToken. */
export type ErcToken = { address: string; name: string; symbol: string; decimals: number; valueWithDecimals: string };

/** ERCTransfer. */
export type ErcTransfer = {
  transactionHash: string;
  type: 'ERC20' | 'ERC721' | 'ERC1155';
  from: string;
  to: string;
  value: string;
  tokenId?: string;
  blockTimestamp: number;
  logIndex: number;
  erc20Token?: ErcToken;
  erc721Token?: ErcToken;
  erc1155Token?: ErcToken;
};

/** WebhookInternalTransaction. */
export type WebhookInternalTransaction = {
  from: string;
  to: string;
  internalTxType: string;
  value: string;
  gasUsed: string;
  gasLimit: string;
  transactionHash: string;
};

/** Log. */
export type WebhookLog = {
  address: string;
  topic0: string;
  topic1?: string;
  topic2?: string;
  topic3?: string;
  data: string;
  transactionIndex: number;
  logIndex: number;
  removed: boolean;
};

/** Transaction (of a TransactionEvent). */
export type WebhookTransaction = {
  blockHash: string;
  blockNumber: string;
  from: string;
  gas: string;
  gasPrice: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  txHash: string;
  txStatus: string;
  input: string;
  nonce: string;
  to: string;
  transactionIndex: number;
  value: string;
  type: number;
  chainId: string;
  receiptCumulativeGasUsed: string;
  receiptGasUsed: string;
  receiptEffectiveGasPrice: string;
  receiptRoot: string;
  blockTimestamp: number;
  contractAddress: string;
  erc20Transfers: ErcTransfer[];
  erc721Transfers: ErcTransfer[];
  erc1155Transfers: ErcTransfer[];
  internalTransactions?: WebhookInternalTransaction[];
  accessList?: { accessAddresses: string; storageKeys: string[] }[];
  networkToken?: { tokenName: string; tokenSymbol: string; tokenDecimals: number; valueWithDecimals: string };
};

/** TransactionEvent: the payload's `event`. */
export type TransactionEvent = { transaction: WebhookTransaction; logs?: WebhookLog[] };

/** What the index knows of a token contract (EvmContract); decimals are an ERC-20's. */
export type TokenDetails = { name: string; symbol: string; decimals: number | null };

/** The chain's native token (EvmChain). */
export type NativeToken = { name: string; symbol: string; decimals: number };

/** What a webhook asks of its events. */
export type EventOptions = {
  includeLogs: boolean;
  includeInternalTxs: boolean;
  /** `metadata.eventSignatures`, lower case; null or empty: no filter. */
  eventSignatures: ReadonlySet<string> | null;
};

/** Where the events are written: the chain, its token contracts and native token. */
export type EventContext = {
  chainId: bigint;
  /** Token contracts by lower-case address; one the index does not describe has no entry. */
  tokens: ReadonlyMap<string, TokenDetails>;
  /** Null when the chain has no EvmChain row: the optional `networkToken` is left out. */
  nativeToken: NativeToken | null;
};

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const ZERO_HASH = `0x${'0'.repeat(64)}`;
/** An ERC-20 whose contract the index does not describe: 18 decimals, as the REST lists answer it. */
const DEFAULT_ERC20_DECIMALS = 18;

/**
 * The logs an `eventSignatures` filter keeps: those whose first topic is in it (every log without a filter).
 * @param activity the transaction
 * @param eventSignatures the webhook's signatures, lower case; null or empty: no filter
 * @returns the logs, in log order
 * @example signatureLogs(activity, new Set([TRANSFER_TOPIC]))
 */
export function signatureLogs(
  activity: TransactionActivity,
  eventSignatures: ReadonlySet<string> | null,
): RowOf<'EvmLog'>[] {
  if (!eventSignatures || eventSignatures.size === 0) return activity.logs;
  return activity.logs.filter((log) => log.topic0 != null && eventSignatures.has(log.topic0));
}

/**
 * Whether a webhook with these `eventSignatures` is told of the transaction: always without a
 * filter; with one, only when one of the transaction's logs has a listed first topic.
 * @example matchesEventSignatures(activity, null) // true
 */
export function matchesEventSignatures(
  activity: TransactionActivity,
  eventSignatures: ReadonlySet<string> | null,
): boolean {
  return !eventSignatures || eventSignatures.size === 0 || signatureLogs(activity, eventSignatures).length > 0;
}

function transferOf(
  transfer: RowOf<'EvmTokenTransfer'>,
  timestamp: number,
  tokens: ReadonlyMap<string, TokenDetails>,
): ErcTransfer {
  const type = transfer.ercType === 'ERC721' ? 'ERC721' : transfer.ercType === 'ERC1155' ? 'ERC1155' : 'ERC20';
  const known = tokens.get(transfer.tokenAddress);
  const decimals = type === 'ERC20' ? (known?.decimals ?? DEFAULT_ERC20_DECIMALS) : 0;
  const value = integerText(transfer.value);
  const token: ErcToken = {
    address: transfer.tokenAddress,
    name: known?.name ?? '',
    symbol: known?.symbol ?? '',
    decimals,
    valueWithDecimals: valueWithDecimals(BigInt(value), decimals),
  };
  return {
    transactionHash: transfer.txHash,
    type,
    from: transfer.from,
    to: transfer.to,
    value,
    ...(transfer.tokenId == null ? {} : { tokenId: integerText(transfer.tokenId) }),
    blockTimestamp: timestamp,
    logIndex: transfer.logIndex,
    ...(type === 'ERC20'
      ? { erc20Token: token }
      : type === 'ERC721'
        ? { erc721Token: token }
        : { erc1155Token: token }),
  };
}

function logOf(log: RowOf<'EvmLog'>): WebhookLog {
  return {
    address: log.address,
    // A log without topics (LOG0) has no event signature: empty bytes, as `data` writes them.
    topic0: log.topic0 ?? '0x',
    ...(log.topic1 ? { topic1: log.topic1 } : {}),
    ...(log.topic2 ? { topic2: log.topic2 } : {}),
    ...(log.topic3 ? { topic3: log.topic3 } : {}),
    data: log.data,
    transactionIndex: log.txIndex,
    logIndex: log.logIndex,
    removed: false,
  };
}

/** The access list as stored ([{address, storageKeys}]), in the official AccessListData shape. */
function accessListOf(stored: unknown): WebhookTransaction['accessList'] {
  if (!Array.isArray(stored) || stored.length === 0) return undefined;
  return stored.map((entry: { address?: unknown; storageKeys?: unknown }) => ({
    accessAddresses: String(entry.address ?? '').toLowerCase(),
    storageKeys: Array.isArray(entry.storageKeys) ? entry.storageKeys.map((key) => String(key).toLowerCase()) : [],
  }));
}

/**
 * The TransactionEvent of one transaction for one webhook.
 * @param activity the transaction and what it did
 * @param context the chain, its tokens and native token
 * @param options the webhook's includeLogs, includeInternalTxs and eventSignatures
 * @returns the payload's `event`
 * @example transactionEventOf(activity, { chainId: 43114n, tokens, nativeToken }, { includeLogs: true, includeInternalTxs: false, eventSignatures: null })
 */
export function transactionEventOf(
  activity: TransactionActivity,
  context: EventContext,
  options: EventOptions,
): TransactionEvent {
  const { block, transaction: tx } = activity;
  const timestamp = Number(block.timestamp);
  const gasPrice = integerText(tx.gasPrice);
  // Fees as the transaction states them: a dynamic-fee transaction's caps, a legacy one's gas price.
  const feeCap = tx.maxFeePerGas == null ? gasPrice : integerText(tx.maxFeePerGas);
  const tipCap = tx.maxPriorityFeePerGas == null ? gasPrice : integerText(tx.maxPriorityFeePerGas);
  const created = tx.to ? null : (tx.contractAddress ?? null);
  const to = tx.to ?? created ?? ZERO_ADDRESS;
  const value = integerText(tx.value);
  const transfers = activity.transfers.map((t) => transferOf(t, timestamp, context.tokens));
  const accessList = accessListOf(tx.accessList);
  const transaction: WebhookTransaction = {
    blockHash: block.hash,
    blockNumber: String(block.number),
    from: tx.from,
    gas: integerText(tx.gasLimit),
    gasPrice: feeCap,
    maxFeePerGas: feeCap,
    maxPriorityFeePerGas: tipCap,
    txHash: tx.txHash,
    txStatus: String(tx.status),
    input: tx.input,
    nonce: String(tx.nonce),
    to,
    transactionIndex: tx.blockIndex,
    value,
    type: tx.txType,
    chainId: context.chainId.toString(),
    receiptCumulativeGasUsed: activity.cumulativeGasUsed.toString(),
    receiptGasUsed: integerText(tx.gasUsed),
    receiptEffectiveGasPrice: gasPrice,
    // A post-Byzantium receipt has no root of its own; the block's receipts root names it.
    receiptRoot: block.receiptsRoot ?? ZERO_HASH,
    blockTimestamp: timestamp,
    contractAddress: created ?? ZERO_ADDRESS,
    erc20Transfers: transfers.filter((t) => t.type === 'ERC20'),
    erc721Transfers: transfers.filter((t) => t.type === 'ERC721'),
    erc1155Transfers: transfers.filter((t) => t.type === 'ERC1155'),
    ...(options.includeInternalTxs
      ? {
          internalTransactions: [
            {
              from: tx.from,
              to,
              internalTxType: tx.to ? 'CALL' : 'CREATE',
              value,
              gasUsed: integerText(tx.gasUsed),
              gasLimit: integerText(tx.gasLimit),
              transactionHash: tx.txHash,
            },
            ...activity.internals.map((frame) => ({
              from: frame.from,
              to: frame.to,
              internalTxType: frame.internalTxType,
              value: integerText(frame.value),
              gasUsed: integerText(frame.gasUsed),
              gasLimit: integerText(frame.gasLimit),
              transactionHash: frame.txHash,
            })),
          ],
        }
      : {}),
    ...(accessList ? { accessList } : {}),
    ...(context.nativeToken
      ? {
          networkToken: {
            tokenName: context.nativeToken.name,
            tokenSymbol: context.nativeToken.symbol,
            tokenDecimals: context.nativeToken.decimals,
            valueWithDecimals: valueWithDecimals(BigInt(value), context.nativeToken.decimals),
          },
        }
      : {}),
  };
  return options.includeLogs
    ? { transaction, logs: signatureLogs(activity, options.eventSignatures).map(logOf) }
    : { transaction };
}
