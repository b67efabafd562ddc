import { Prisma, type EvmBlock, type EvmChain, type EvmContract, type EvmTransaction } from '../../prisma/generated/client';
import { formatAccount } from '../../subgraphs/evm/formatters/account';
import { defaultErc20Decimals } from '../../subgraphs/evm/formatters/erc20Token';
import { formatPrice, valueAt } from '../../subgraphs/evm/formatters/money';
import { formatNativeTransaction } from '../../subgraphs/evm/formatters/nativeTransaction';
import { CurrencyCode, TokenReputation } from '../../subgraphs/evm/types/evmEnums';
import { pageSizeLimits } from '../../subgraphs/shared/limits';
import { intKey, stringKey } from '../../subgraphs/shared/paging/keyCodecs';
import { encodePageToken, type PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import { tokenScope } from '../../subgraphs/shared/paging/tokenScope';
import { pricesOf, type StatementRows } from './baselineBodies';
import { toModelRow } from '../../prisma/read/toModelRow';

/**
 * The body of `GET /v1/chains/{chainId}/addresses/{address}/balances:listErc20?pageSize=N` (4.12,
 * latest block, spam filtered, usd) from its statements' rows, assembled as listErc20Balances does.
 * @param rows rows by role: chain, block (latest), balances, native, prices
 * @param request the holder, page size and signer
 * @returns the REST body
 * @example erc20BalancesBody(rows, { address, pageSize: 10, signer })
 */
export function erc20BalancesBody(rows: StatementRows, request: { address: string; pageSize: number; signer: PageTokenSigner }) {
  const currency = CurrencyCode.usd;
  const chain = toModelRow<EvmChain>('EvmChain', rows.get('chain')!.rows[0]!);
  const page = rows.get('balances')!.rows;
  const items = page.slice(0, request.pageSize);
  const last = items[items.length - 1];
  const args = { chainId: chain.chainId, address: request.address, filterSpamTokens: true, currency, pageSize: request.pageSize };
  const nextPageToken = page.length > request.pageSize && last ? encodePageToken(request.signer, tokenScope('erc20Balances', args), [stringKey], [last.tokenAddress]) : undefined;
  const native = rows.get('native')?.rows[0];
  const nativeBalance = native ? BigInt(new Prisma.Decimal(native.balance).toFixed()) : 0n;
  const prices = new Map([...pricesOf(rows.get('prices'))].map(([key, value]) => [key.split('@')[0]!, value]));
  const priceOf = (key: string | null) => (key ? (prices.get(key) ?? null) : null);
  const nativePrice = priceOf(chain.nativePriceKey);
  return {
    nextPageToken,
    nativeTokenBalance: {
      name: chain.nativeTokenName,
      symbol: chain.nativeTokenSymbol,
      decimals: chain.nativeTokenDecimals,
      logoUri: chain.nativeTokenLogoUri || undefined,
      chainId: chain.chainId.toString(),
      price: formatPrice(nativePrice, currency),
      balance: nativeBalance.toString(),
      balanceValue: valueAt(nativeBalance, chain.nativeTokenDecimals, nativePrice, currency),
    },
    erc20TokenBalances: items.map((row) => {
      const balance = BigInt(new Prisma.Decimal(row.balance).toFixed());
      const decimals = row.decimals ?? defaultErc20Decimals;
      return {
        address: row.tokenAddress,
        name: row.name ?? '',
        symbol: row.symbol ?? '',
        decimals,
        logoUri: row.logoUri || undefined,
        ercType: 'ERC-20',
        price: formatPrice(priceOf(row.priceKey), currency),
        chainId: chain.chainId.toString(),
        balance: balance.toString(),
        balanceValue: valueAt(balance, decimals, priceOf(row.priceKey), currency),
        tokenReputation: row.tokenReputation === 'Malicious' ? TokenReputation.Malicious : row.tokenReputation === 'Benign' ? TokenReputation.Benign : null,
      };
    }),
  };
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
  const nextPageToken = page.length > limit && last ? encodePageToken(request.signer, tokenScope('blockTransactions', args), [intKey], [last.blockIndex]) : undefined;
  const contracts = new Map((rows.get('contracts')?.rows ?? []).map((row) => toModelRow<EvmContract>('EvmContract', row)).map((c) => [c.address, c]));
  const methods = new Map((rows.get('method')?.rows ?? []).map((row) => [row.method_hash as string, row.method_name as string]));
  return {
    nextPageToken,
    transactions: items.map((tx) => {
      const accounts = new Map([tx.from, tx.to ?? tx.contractAddress].filter((a): a is string => !!a).map((a) => [a, formatAccount(a, contracts.get(a))]));
      const methodName = tx.to !== null && tx.input.length > 0 && tx.methodHash ? (methods.get(tx.methodHash) ?? null) : null;
      return formatNativeTransaction(tx, { block, accounts, methodName });
    }),
  };
}
