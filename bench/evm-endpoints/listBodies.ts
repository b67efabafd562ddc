import type { EvmChain } from '../../prisma/generated/client';
import type { EvmBlock, EvmContract, EvmTransaction } from '../../prisma/rows';
import { formatAccount } from '../../subgraphs/evm/formatters/account';
import { formatNativeTransaction } from '../../subgraphs/evm/formatters/nativeTransaction';
import {
  addressTransactionsBundleOf,
  addressTransactionsPaging,
  formatTransactionDetails,
  pageItemsOf,
  type AddressTransactionsRow,
} from '../../subgraphs/evm/queries/listAddressTransactions';
import { finishPage, startPage } from '../../subgraphs/shared/paging/page';
import { formatErc20Balances, type Erc20BalancesBundleRow } from '../../subgraphs/evm/queries/listErc20Balances';
import { CurrencyCode } from '../../subgraphs/evm/types/evmEnums';
import { pageSizeLimits } from '../../subgraphs/shared/limits';
import { intKey, stringKey } from '../../subgraphs/shared/paging/keyCodecs';
import { encodePageToken, type PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import { tokenScope } from '../../subgraphs/shared/paging/tokenScope';
import type { StatementRows } from './baselineBodies';
import { toModelRow } from '../../prisma/read/toModelRow';

/**
 * The body of `GET /v1/chains/{chainId}/addresses/{address}/balances:listErc20?pageSize=N` (4.12,
 * latest block, spam filtered, usd) from its statements' rows, assembled as listErc20Balances does.
 * @param rows rows by role: chain, balances (the statement's one row)
 * @param request the holder, page size and signer
 * @returns the REST body
 * @example erc20BalancesBody(rows, { address, pageSize: 10, signer })
 */
export function erc20BalancesBody(
  rows: StatementRows,
  request: { address: string; pageSize: number; signer: PageTokenSigner },
) {
  const currency = CurrencyCode.usd;
  const chain = toModelRow<EvmChain>('EvmChain', rows.get('chain')!.rows[0]!);
  const bundle = rows.get('balances')!.rows[0]! as Erc20BalancesBundleRow;
  const items = bundle.balances.slice(0, request.pageSize);
  const last = items[items.length - 1];
  const args = {
    chainId: chain.chainId,
    address: request.address,
    filterSpamTokens: true,
    currency,
    pageSize: request.pageSize,
  };
  const nextPageToken =
    bundle.balances.length > request.pageSize && last
      ? encodePageToken(request.signer, tokenScope('erc20Balances', args), [stringKey], [last.tokenAddress])
      : undefined;
  return formatErc20Balances(chain, currency, bundle, { items, nextPageToken });
}

/**
 * The body of `GET /v1/chains/{chainId}/blocks/{number}/transactions` (4.13, the whole block,
 * pageSize 0) from its statements' rows, assembled as getTransactionsForBlock does.
 * @param rows rows by role: chain, block, tx (the page), contracts, method
 * @param request the page size (0: the whole block) and signer
 * @returns the REST body
 * @example blockTransactionsBody(rows, { pageSize: 0, signer })
 */
export function blockTransactionsBody(rows: StatementRows, request: { pageSize: number; signer: PageTokenSigner }) {
  const chain = toModelRow<EvmChain>('EvmChain', rows.get('chain')!.rows[0]!);
  const block = toModelRow<EvmBlock>('EvmBlock', rows.get('block')!.rows[0]!);
  const page = (rows.get('tx')?.rows ?? []).map((row) => toModelRow<EvmTransaction>('EvmTransaction', row));
  const limit = Math.max(1, request.pageSize === 0 ? pageSizeLimits.blockTransactions.zero : request.pageSize);
  const items = page.slice(0, limit);
  const last = items[items.length - 1];
  const args = { chainId: chain.chainId, blockNumber: block.number, pageSize: request.pageSize };
  const nextPageToken =
    page.length > limit && last
      ? encodePageToken(request.signer, tokenScope('blockTransactions', args), [intKey], [last.blockIndex])
      : undefined;
  const contracts = new Map(
    (rows.get('contracts')?.rows ?? [])
      .map((row) => toModelRow<EvmContract>('EvmContract', row))
      .map((c) => [c.address, c]),
  );
  const methods = new Map(
    (rows.get('method')?.rows ?? []).map((row) => [row.method_hash as string, row.method_name as string]),
  );
  return {
    nextPageToken,
    transactions: items.map((tx) => {
      const accounts = new Map(
        [tx.from, tx.to ?? tx.contractAddress]
          .filter((a): a is string => !!a)
          .map((a) => [a, formatAccount(a, contracts.get(a))]),
      );
      const methodName =
        tx.to !== null && tx.input.length > 0 && tx.methodHash ? (methods.get(tx.methodHash) ?? null) : null;
      return formatNativeTransaction(tx, { block, accounts, methodName });
    }),
  };
}

/**
 * The body of `GET /v1/chains/{chainId}/addresses/{address}/transactions?pageSize=N` (newest first)
 * from its statement's row, assembled as listTransactions does (its paging and formatter).
 * @param rows rows by role: chain, page (the statement's one row)
 * @param request the address, page size and signer
 * @returns the REST body
 * @example addressTransactionsBody(rows, { address, pageSize: 10, signer })
 */
export function addressTransactionsBody(
  rows: StatementRows,
  request: { address: string; pageSize: number; signer: PageTokenSigner },
) {
  const chain = toModelRow<EvmChain>('EvmChain', rows.get('chain')!.rows[0]!);
  const row = rows.get('page')!.rows[0]! as AddressTransactionsRow;
  const list = {
    chain,
    address: request.address,
    pageSize: request.pageSize,
    order: 'desc' as const,
    sides: 'all' as const,
    filterSpamTokens: false,
  };
  const paging = addressTransactionsPaging(request.signer, list);
  const page = finishPage(paging, startPage(paging), pageItemsOf(row));
  return formatTransactionDetails(list, addressTransactionsBundleOf(row, page));
}
