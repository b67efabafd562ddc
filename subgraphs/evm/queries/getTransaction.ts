import type { EvmChain, EvmInternalTransaction, EvmTokenTransfer, EvmTransaction, TeleporterMessage } from '../../../prisma/generated/client';
import { toModelRow } from '../../../prisma/read/toModelRow';
import { NotFoundError } from '../../shared/errors';
import type { EvmContext } from '../context';
import { formatTransactionResponse, tokenIdOf } from '../formatters/transactionResponse';
import { CurrencyCode } from '../types/evmEnums';
import type { GetTransactionResponse } from '../types/transaction.type';
import { loadAddressBook } from './accountReferences';
import { loadPrices } from './loadPrices';

/**
 * 4.16: one transaction with everything it did (2.13): its ERC-20, ERC-721 and ERC-1155 transfers
 * in log order, every call frame of its trace, the native token with its usd price now and at the
 * block's time, and the Teleporter message it sent or delivered (indexed from the
 * TeleporterMessenger's SendCrossChainMessage / ReceiveCrossChainMessage events). Reads in four
 * rounds: the transaction; its block, transfers, frames, messages and method name; the contracts
 * and NFTs they name; the prices. Raw reads (`read`, rows shaped by toModelRow): eight small
 * statements, each cheaper than Prisma's handling of it.
 * @param context the request's context
 * @param request chain and transaction hash (lower case)
 * @returns the transaction
 * @throws NotFoundError for a hash the chain does not have
 * @example await getTransaction(context, { chain, txHash })
 */
export async function getTransaction(context: EvmContext, request: { chain: EvmChain; txHash: string }): Promise<GetTransactionResponse> {
  const { chain, txHash } = request;
  const chainId = chain.chainId;
  const of = chainId.toString();
  const [txRow] = await context.read<Record<string, unknown>>('SELECT * FROM evm_transaction WHERE chain_id = $1 AND tx_hash = $2', [of, txHash]);
  if (!txRow) throw new NotFoundError(`txHash ${txHash} is not a transaction of chain ${chainId} indexed by this service`);
  const tx = toModelRow<EvmTransaction>('EvmTransaction', txRow);
  const [block, transfers, internals, messages, methodName] = await Promise.all([
    context.loaders.block.load({ chainId, number: tx.blockNumber }),
    context.read<Record<string, unknown>>('SELECT * FROM evm_token_transfer WHERE chain_id = $1 AND tx_hash = $2 ORDER BY log_index, batch_index', [of, txHash])
      .then((rows) => rows.map((row) => toModelRow<EvmTokenTransfer>('EvmTokenTransfer', row))),
    context.read<Record<string, unknown>>('SELECT * FROM evm_internal_transaction WHERE chain_id = $1 AND tx_hash = $2 ORDER BY trace_index', [of, txHash])
      .then((rows) => rows.map((row) => toModelRow<EvmInternalTransaction>('EvmInternalTransaction', row))),
    context.read<Record<string, unknown>>(
      `SELECT * FROM teleporter_message WHERE (source_tx_hash = $1 AND source_blockchain_id = $2) OR (destination_tx_hash = $1 AND destination_blockchain_id = $2)
        ORDER BY teleporter_message_id`,
      [txHash, chain.blockchainId],
    ).then((rows) => rows.map((row) => toModelRow<TeleporterMessage>('TeleporterMessage', row))),
    tx.to !== null && tx.input.length > 0 && tx.methodHash ? context.loaders.methodName.load(tx.methodHash) : null,
  ]);
  if (!block) throw new Error(`block ${tx.blockNumber} of chain ${chainId} is missing for transaction ${txHash}`);
  const nfts = transfers.filter((t) => t.ercType !== 'ERC20');
  const created = tx.to ?? tx.contractAddress;
  const [book, nftRows] = await Promise.all([
    loadAddressBook(context, chainId, [
      tx.from, ...(created ? [created] : []),
      ...transfers.flatMap((t) => [t.from, t.to, t.tokenAddress]),
      ...internals.flatMap((frame) => [frame.from, frame.to]),
    ]),
    Promise.all(nfts.map((t) => context.loaders.nftToken.load({ chainId, address: t.tokenAddress, tokenId: tokenIdOf(t) }))),
  ]);
  const nftOf = new Map(nfts.map((t, i) => [t, nftRows[i] ?? null]));
  const tokenKeys = transfers.filter((t) => t.ercType === 'ERC20').map((t) => book.contract(t.tokenAddress)?.priceKey);
  const [currentPrices, historicalPrices] = await Promise.all([
    loadPrices(context, [chain.nativePriceKey, ...tokenKeys], CurrencyCode.usd, context.clock()),
    loadPrices(context, [chain.nativePriceKey], CurrencyCode.usd, Number(block.timestamp)),
  ]);
  return formatTransactionResponse({
    chain, tx, block, transfers, internals, messages, methodName,
    contractOf: book.contract, nftOf: (t) => nftOf.get(t) ?? null, currentPrices, historicalPrices,
  });
}
