import { BALANCE_CATEGORIES, type BalanceCategory } from '../../../domain';
import type { BalanceSumRow } from '../queries/balancesSql';
import type { PrimaryNetworkBalances } from '../types/balances.type';
import type { AtomicMemoryAssetBalance, PrimaryNetworkAssetBalance } from '../types/primaryAsset.type';

const atomicCategories = new Set<BalanceCategory>(['atomicMemoryUnlocked', 'atomicMemoryLocked']);

/**
 * Status of an atomic-memory balance: the UTXOs were exported into this chain's shared memory and
 * wait for an ImportTx (README "API decisions").
 */
export const ATOMIC_MEMORY_STATUS = 'pendingImport';

/**
 * The `balances` object of 2.6 from the sums of the balances query: every category present (empty
 * when nothing is in it), except on the C-Chain, where only the atomic-memory categories exist.
 *
 * @param rows sums per asset and category (and source chain for atomic memory), in the query's order
 * @param cChain whether the chain is the C-Chain
 * @returns the balances
 * @example formatBalances(await readSql(context.read, balancesSql(query)), false)
 */
export function formatBalances(rows: readonly BalanceSumRow[], cChain: boolean): PrimaryNetworkBalances {
  const balances = Object.fromEntries(
    BALANCE_CATEGORIES.filter((category) => !cChain || atomicCategories.has(category)).map((category) => [category, [] as unknown[]]),
  ) as Record<BalanceCategory, (PrimaryNetworkAssetBalance | AtomicMemoryAssetBalance)[] | undefined>;
  for (const row of rows) {
    const list = balances[row.category];
    if (!list) continue;
    const entry: PrimaryNetworkAssetBalance = {
      assetId: row.assetId,
      name: row.name,
      symbol: row.symbol,
      denomination: row.denomination,
      type: row.type,
      amount: row.amount.toFixed(),
      utxoCount: row.utxoCount,
    };
    list.push(atomicCategories.has(row.category) ? { ...entry, sharedWithChainId: row.sharedWithChainId!, status: ATOMIC_MEMORY_STATUS } : entry);
  }
  return balances as PrimaryNetworkBalances;
}
