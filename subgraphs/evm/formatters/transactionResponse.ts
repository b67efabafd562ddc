import type { EvmChain } from '../../../prisma/generated/client';
import type { EvmInternalTransaction, EvmTokenTransfer, TeleporterMessage } from '../../../prisma/rows';
import { CurrencyCode, InternalTxType, TeleporterDirection } from '../types/evmEnums';
import type { GetTransactionResponse, TeleporterMessageInfo } from '../types/transaction.type';
import { formatAccount, type ContractSummary } from './account';
import { formatErc20Token } from './erc20Token';
import { formatNetworkToken } from './evmChain';
import { formatPrice } from './money';
import { formatNativeTransactionDetails, type NativeTransactionRow, type TransactionBlock } from './nativeTransaction';
import { formatErc1155Token, formatErc721Token, type StoredNft } from './nftToken';

/** The fields of a transaction's token transfers that its answer reads (its statement carries these only, jsonRowSql). */
export const transactionTransferFields = [
  'ercType',
  'tokenAddress',
  'from',
  'to',
  'logIndex',
  'value',
  'tokenId',
] as const satisfies readonly (keyof EvmTokenTransfer)[];
/** A token transfer as a transaction's answer reads it. */
export type TransactionTransfer = Pick<EvmTokenTransfer, (typeof transactionTransferFields)[number]>;
/** The fields of a transaction's call frames that its answer reads. */
export const transactionFrameFields = [
  'from',
  'to',
  'internalTxType',
  'value',
  'isReverted',
  'gasUsed',
  'gasLimit',
] as const satisfies readonly (keyof EvmInternalTransaction)[];
/** A call frame as a transaction's answer reads it. */
export type TransactionFrame = Pick<EvmInternalTransaction, (typeof transactionFrameFields)[number]>;

/** Everything 4.16 reads about one transaction. */
export type TransactionParts = {
  chain: EvmChain;
  tx: NativeTransactionRow;
  block: TransactionBlock;
  /** Token transfers in log order. */
  transfers: TransactionTransfer[];
  /** Call frames in trace order. */
  internals: TransactionFrame[];
  /** Teleporter messages the transaction sent or delivered. */
  messages: TeleporterMessage[];
  methodName: string | null;
  /** The contract at an address, or null. */
  contractOf(address: string): ContractSummary | null;
  /** The stored NFT of an ERC-721 / ERC-1155 transfer, or null. */
  nftOf(transfer: TransactionTransfer): StoredNft | null;
  /** The currency of the prices (usd unless the request names another). */
  currency?: CurrencyCode;
  /** Prices by feed in that currency: now, and at the block's time. */
  currentPrices: Map<string, string>;
  historicalPrices: Map<string, string>;
};

/**
 * Token ID of an NFT transfer.
 * @example tokenIdOf(transfer) // 42n
 */
export function tokenIdOf(transfer: Pick<EvmTokenTransfer, 'tokenId'>): bigint {
  return BigInt(transfer.tokenId?.toFixed() ?? '0');
}

/**
 * The single-transaction response (2.13) from what was read about the transaction.
 * @param parts the transaction, its block, transfers, frames, messages, contracts, NFTs and prices
 * @returns the response
 * @example formatTransactionResponse({ chain, tx, block, transfers, internals, messages, ... })
 */
export function formatTransactionResponse(parts: TransactionParts): GetTransactionResponse {
  const { chain, tx, transfers } = parts;
  const currency = parts.currency ?? CurrencyCode.usd;
  const account = (address: string) => formatAccount(address, parts.contractOf(address));
  const priceOf = (key: string | null | undefined) => formatPrice(key ? parts.currentPrices.get(key) : null, currency);
  const created = tx.to ?? tx.contractAddress;
  const accounts = new Map([tx.from, ...(created ? [created] : [])].map((address) => [address, account(address)]));
  return {
    erc20Transfers: transfers
      .filter((t) => t.ercType === 'ERC20')
      .map((t) => ({
        from: account(t.from),
        to: account(t.to),
        logIndex: t.logIndex,
        value: t.value.toFixed(),
        erc20Token: formatErc20Token(
          t.tokenAddress,
          parts.contractOf(t.tokenAddress),
          priceOf(parts.contractOf(t.tokenAddress)?.priceKey),
        ),
      })),
    erc721Transfers: transfers
      .filter((t) => t.ercType === 'ERC721')
      .map((t) => ({
        from: account(t.from),
        to: account(t.to),
        logIndex: t.logIndex,
        erc721Token: formatErc721Token(t.tokenAddress, tokenIdOf(t), parts.nftOf(t), parts.contractOf(t.tokenAddress)),
      })),
    erc1155Transfers: transfers
      .filter((t) => t.ercType === 'ERC1155')
      .map((t) => ({
        from: account(t.from),
        to: account(t.to),
        logIndex: t.logIndex,
        value: t.value.toFixed(),
        erc1155Token: formatErc1155Token(t.tokenAddress, tokenIdOf(t), parts.nftOf(t)),
      })),
    internalTransactions: parts.internals.map((frame) => ({
      from: account(frame.from),
      to: account(frame.to),
      internalTxType: frame.internalTxType as InternalTxType,
      value: frame.value.toFixed(),
      isReverted: frame.isReverted,
      gasUsed: frame.gasUsed.toFixed(),
      gasLimit: frame.gasLimit.toFixed(),
    })),
    networkTokenDetails: {
      networkToken: formatNetworkToken(chain),
      currentPrice: priceOf(chain.nativePriceKey),
      historicalPrice: formatPrice(
        chain.nativePriceKey ? parts.historicalPrices.get(chain.nativePriceKey) : null,
        currency,
      ),
    },
    nativeTransaction: formatNativeTransactionDetails(tx, {
      block: parts.block,
      accounts,
      methodName: parts.methodName,
    }),
    teleporterMessageInfo: teleporterInfo(parts.messages, tx.txHash),
  };
}

/** The message a transaction sent, else the one it delivered (a delivery that sends a reply is its source side). */
function teleporterInfo(messages: TeleporterMessage[], txHash: string): TeleporterMessageInfo | undefined {
  const message = messages.find((m) => m.sourceTxHash === txHash) ?? messages[0];
  if (!message) return undefined;
  return {
    teleporterMessageId: message.teleporterMessageId,
    direction:
      message.sourceTxHash === txHash
        ? TeleporterDirection.SOURCE_TRANSACTION
        : TeleporterDirection.DESTINATION_TRANSACTION,
    sourceChainId: message.sourceBlockchainId,
    destinationChainId: message.destinationBlockchainId,
  };
}
