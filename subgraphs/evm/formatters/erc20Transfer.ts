import type { TransferRow } from '../queries/transferPage';
import { CurrencyCode } from '../types/evmEnums';
import type { Erc20Transfer } from '../types/transfer.type';
import { formatAccount, type ContractSummary } from './account';
import { formatErc20Token } from './erc20Token';
import { formatPrice } from './money';

/**
 * An ERC-20 transfer of 4.10 (2.9): its block, both sides as account references (2.8), and the
 * token with its current usd price.
 * @param t the transfer with its block
 * @param contractOf the contract at an address, or null
 * @param priceOf the current usd price of a feed, or null
 * @returns the item
 * @example formatErc20Transfer(row, (a) => contracts.get(a) ?? null, (k) => prices.get(k) ?? null)
 */
export function formatErc20Transfer(
  t: TransferRow,
  contractOf: (address: string) => ContractSummary | null,
  priceOf: (priceKey: string) => string | null | undefined,
): Erc20Transfer {
  const token = contractOf(t.tokenAddress);
  return {
    blockNumber: t.blockNumber.toString(),
    blockTimestamp: Number(t.blockTimestamp),
    blockHash: t.blockHash,
    txHash: t.txHash,
    from: formatAccount(t.from, contractOf(t.from)),
    to: formatAccount(t.to, contractOf(t.to)),
    logIndex: t.logIndex,
    value: t.value.toFixed(),
    erc20Token: formatErc20Token(
      t.tokenAddress,
      token,
      formatPrice(token?.priceKey ? priceOf(token.priceKey) : null, CurrencyCode.usd),
    ),
  };
}
