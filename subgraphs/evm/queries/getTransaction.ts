import type { EvmChain } from '../../../prisma/generated/client';
import type { TeleporterMessage } from '../../../prisma/rows';
import { jsonRowSql } from '../../../prisma/read/jsonRowSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { toModelRow } from '../../../prisma/read/toModelRow';
import { NotFoundError } from '../../shared/errors';
import type { EvmContext } from '../context';
import { contractSummaryFields, type ContractSummary } from '../formatters/account';
import {
  nativeTransactionFields,
  transactionBlockFields,
  type NativeTransactionRow,
  type TransactionBlock,
} from '../formatters/nativeTransaction';
import { storedNftFields, type StoredNft } from '../formatters/nftToken';
import {
  formatTransactionResponse,
  tokenIdOf,
  transactionFrameFields,
  transactionTransferFields,
  type TransactionFrame,
  type TransactionTransfer,
} from '../formatters/transactionResponse';
import { CurrencyCode } from '../types/evmEnums';
import type { GetTransactionResponse } from '../types/transaction.type';
import { latestPriceJoin } from '../loaders/createValueLoaders';

/**
 * 4.16: one transaction with everything it did (2.13): its ERC-20, ERC-721 and ERC-1155 transfers
 * in log order, every call frame of its trace, the native token with its usd price now and at the
 * block's time, and the Teleporter message it sent or delivered (indexed from the
 * TeleporterMessenger's SendCrossChainMessage / ReceiveCrossChainMessage events). Reads in one
 * statement: the transaction with its block, method name, transfers, frames, messages, the
 * contracts and NFTs they name, and the prices of the native token (now and at the block's
 * time) and of the ERC-20 tokens it moved (now). Each part is a small index lookup, where separate
 * statements cost a round trip and a system call each; prepared, so its planning is paid once
 * per connection. Prices are in the request's currency (usd by default).
 * @param context the request's context
 * @param request chain, transaction hash (lower case) and the currency of prices
 * @returns the transaction
 * @throws NotFoundError for a hash the chain does not have
 * @example await getTransaction(context, { chain, txHash })
 */
export async function getTransaction(
  context: EvmContext,
  request: { chain: EvmChain; txHash: string; currency?: CurrencyCode },
): Promise<GetTransactionResponse> {
  const { chain, txHash } = request;
  const currency = request.currency ?? CurrencyCode.usd;
  const chainId = chain.chainId;
  const now = context.clock();
  const [row] = await context.read<TransactionBundleRow>(
    transactionBundleSql,
    transactionBundleValues(chain, txHash, now, currency),
    KEEP_PLAN,
  );
  if (!row)
    throw new NotFoundError(`txHash ${txHash} is not a transaction of chain ${chainId} indexed by this service`);
  const { tx, block, transfers, internals, messages, methodName, contracts, nftTokens, prices } =
    transactionBundle(row);
  // The statement brought the contract at every address the transaction, its transfers and frames name.
  const contractAt = new Map(contracts.map((contract) => [contract.address, contract]));
  const nftAt = new Map(nftTokens.map((nft) => [`${nft.address}:${nft.tokenId.toFixed()}`, nft]));
  return formatTransactionResponse({
    chain,
    tx,
    block,
    transfers,
    internals,
    messages,
    methodName,
    currency,
    contractOf: (address) => contractAt.get(address) ?? null,
    nftOf: (t) => nftAt.get(`${t.tokenAddress}:${tokenIdOf(t)}`) ?? null,
    currentPrices: pricesAt(prices, now),
    historicalPrices: pricesAt(prices, Number(block.timestamp)),
  });
}

/** A price the statement brought: a feed at a time (Unix seconds), null when the feed had none by then. */
export type BundlePrice = { priceKey: string; at: number; value: string | null };

/**
 * The prices of the statement valid at one time, by feed (feeds without a price are absent).
 * @param prices the statement's prices
 * @param at Unix seconds: now, or the block's time
 * @returns decimal text by feed
 * @example pricesAt(bundle.prices, Number(block.timestamp)).get('avalanche-2')
 */
export function pricesAt(prices: readonly BundlePrice[], at: number): Map<string, string> {
  return new Map(
    prices.flatMap((price) =>
      price.at === at && price.value !== null ? [[price.priceKey, price.value] as const] : [],
    ),
  );
}

type JsonRow = Record<string, unknown>;
/** The row of the statement: the transaction's row with its block, method name and related rows as JSON rows (jsonRowSql), and its prices. */
export type TransactionBundleRow = {
  tx: JsonRow;
  block: JsonRow | null;
  method_name: string | null;
  transfers: JsonRow[];
  internals: JsonRow[];
  messages: JsonRow[];
  contracts: JsonRow[];
  nft_tokens: JsonRow[];
  prices: BundlePrice[];
};

/**
 * The model rows of the statement's row (the benchmark's floor reads the same statement's row).
 * @param row the statement's row
 * @returns the transaction, its block, transfers, frames, messages, the name of the method it called, the contracts and NFTs they name, and the prices
 * @throws {Error} when the transaction's block is not indexed
 * @example const { tx, block } = transactionBundle(row)
 */
export function transactionBundle(row: TransactionBundleRow) {
  const tx = toModelRow<NativeTransactionRow>('EvmTransaction', row.tx);
  if (!row.block)
    throw new Error(`block ${tx.blockNumber} of chain ${tx.chainId} is missing for transaction ${tx.txHash}`);
  return {
    tx,
    block: toModelRow<TransactionBlock>('EvmBlock', row.block),
    transfers: row.transfers.map((json) => toModelRow<TransactionTransfer>('EvmTokenTransfer', json)),
    internals: row.internals.map((json) => toModelRow<TransactionFrame>('EvmInternalTransaction', json)),
    messages: row.messages.map((json) => toModelRow<TeleporterMessage>('TeleporterMessage', json)),
    contracts: row.contracts.map((json) => toModelRow<ContractSummary>('EvmContract', json)),
    nftTokens: row.nft_tokens.map((json) => toModelRow<StoredNft>('EvmNftToken', json)),
    prices: row.prices,
    // A method name for calls with input only (a plain transfer has no selector to name).
    methodName: tx.to !== null && tx.input !== '0x' && tx.methodHash ? row.method_name : null,
  };
}

/**
 * The statement: index lookups by (chain, transaction hash) for the transaction, its transfers and
 * frames, by hash and blockchain ID for its Teleporter messages, by key for its block, method
 * name, the contracts at every address the transaction, its transfers and frames name, and the
 * NFTs it transferred; and the prices (in the request's currency) of the chain's native token now and at the block's
 * time, and of the ERC-20 tokens transferred now (the price loader's rule, latestPriceJoin).
 * Each row carries the fields its formatter reads, no more: every further column lengthens the
 * row that PostgreSQL builds and prints and Node parses.
 * Its text is built once: a request builds only its values ({@link transactionBundleValues}), and the
 * prepared statement's name is found by a string whose hash V8 keeps, where a 6 KB text assembled
 * per request would be hashed and compared anew each time.
 */
const transactionBundleSql = `
    SELECT ${jsonRowSql('EvmTransaction', 't', nativeTransactionFields).text} AS tx,
      (SELECT ${jsonRowSql('EvmBlock', 'b', transactionBlockFields).text} FROM evm_block b WHERE b.chain_id = t.chain_id AND b.number = t.block_number) AS block,
      (SELECT m.method_name FROM evm_method_signature m WHERE m.method_hash = t.method_hash) AS method_name,
      COALESCE((SELECT json_agg(${jsonRowSql('EvmTokenTransfer', 'x', transactionTransferFields).text} ORDER BY x.log_index, x.batch_index)
        FROM evm_token_transfer x WHERE x.chain_id = t.chain_id AND x.tx_hash = t.tx_hash), '[]') AS transfers,
      COALESCE((SELECT json_agg(${jsonRowSql('EvmInternalTransaction', 'f', transactionFrameFields).text} ORDER BY f.trace_index)
        FROM evm_internal_transaction f WHERE f.chain_id = t.chain_id AND f.tx_hash = t.tx_hash), '[]') AS internals,
      COALESCE((SELECT json_agg(${jsonRowSql('TeleporterMessage', 'm').text} ORDER BY m.teleporter_message_id)
        FROM teleporter_message m
        WHERE (m.source_tx_hash = t.tx_hash AND m.source_blockchain_id = $1)
           OR (m.destination_tx_hash = t.tx_hash AND m.destination_blockchain_id = $1)), '[]') AS messages,
      COALESCE((SELECT json_agg(${jsonRowSql('EvmContract', 'c', contractSummaryFields).text}) FROM evm_contract c
        WHERE c.chain_id = t.chain_id AND c.address IN (
          SELECT a.address FROM (VALUES (t.from_address), (t.to_address), (t.contract_address)) AS a (address)
          UNION SELECT a.address FROM evm_token_transfer x, LATERAL (VALUES (x.from_address), (x.to_address), (x.token_address)) AS a (address)
            WHERE x.chain_id = t.chain_id AND x.tx_hash = t.tx_hash
          UNION SELECT a.address FROM evm_internal_transaction f, LATERAL (VALUES (f.from_address), (f.to_address)) AS a (address)
            WHERE f.chain_id = t.chain_id AND f.tx_hash = t.tx_hash)), '[]') AS contracts,
      COALESCE((SELECT json_agg(${jsonRowSql('EvmNftToken', 'n', storedNftFields).text}) FROM evm_nft_token n
        WHERE (n.chain_id, n.address, n.token_id) IN (
          SELECT x.chain_id, x.token_address, COALESCE(x.token_id, 0) FROM evm_token_transfer x
          WHERE x.chain_id = t.chain_id AND x.tx_hash = t.tx_hash AND x.erc_type <> 'ERC-20')), '[]') AS nft_tokens,
      COALESCE((SELECT json_agg(json_build_object('priceKey', k.price_key, 'at', k.at, 'value', p.value::text))
        FROM (
          SELECT $2::text AS price_key, $3::text AS currency_code, $4::bigint AS at
          UNION SELECT $2, $3, b.timestamp FROM evm_block b WHERE b.chain_id = t.chain_id AND b.number = t.block_number
          UNION SELECT c.price_key, $3, $4 FROM evm_token_transfer x
            JOIN evm_contract c ON c.chain_id = x.chain_id AND c.address = x.token_address
            WHERE x.chain_id = t.chain_id AND x.tx_hash = t.tx_hash AND x.erc_type = 'ERC-20') k
        ${latestPriceJoin('k')}
        WHERE k.price_key IS NOT NULL), '[]') AS prices
    FROM evm_transaction t
    WHERE t.chain_id = $5 AND t.tx_hash = $6`;

/**
 * The values of {@link transactionBundleSql}, in the order of their `$n`.
 * @param chain the chain (its ID, blockchain ID and native token's price feed)
 * @param txHash the transaction's hash
 * @param now Unix seconds: the time of the current prices
 * @param currency the currency of the prices
 * @returns $1 … $6
 */
function transactionBundleValues(chain: EvmChain, txHash: string, now: number, currency: CurrencyCode): unknown[] {
  return [chain.blockchainId, chain.nativePriceKey, currency, now, chain.chainId, txHash];
}
