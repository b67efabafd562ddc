import type { BalanceCategory } from '../../../domain';
import type { PrimaryChain } from '../../shared/params/primaryChain';
import type { BalanceSumRow } from '../queries/balancesSql';
import type { GetBalancesResponse } from '../types/balances.type';
import type { PrimaryNetworkAssetBalance, SharedAssetBalance } from '../types/primaryAsset.type';
import { PrimaryNetworkAssetType } from '../types/primaryEnums';
import { formatChainInfo } from './chainInfo';

/**
 * Status of a P-Chain atomic-memory balance: the UTXOs were exported into the P-Chain's shared
 * memory and wait for an ImportTx (docs/api-decisions.md).
 */
export const ATOMIC_MEMORY_STATUS = 'pendingImport';

/** Where each category of the domain's eight lands in an X-Chain answer (the X-Chain has no staking). */
const xChainCategory: Partial<
  Record<BalanceCategory, 'locked' | 'unlocked' | 'atomicMemoryLocked' | 'atomicMemoryUnlocked'>
> = {
  unlockedUnstaked: 'unlocked',
  lockedPlatform: 'locked',
  atomicMemoryUnlocked: 'atomicMemoryUnlocked',
  atomicMemoryLocked: 'atomicMemoryLocked',
};

/**
 * The balances of a chain's address set from the sums of the balances query, in the shape of the
 * chain: the P-Chain's eight categories (atomic memory with its status), the X-Chain's locked,
 * unlocked and atomic memory, the C-Chain's atomic memory. Every member is present, empty when
 * nothing is in it.
 *
 * @param rows sums per asset and category (and source chain for atomic memory), in the query's order
 * @param chain the chain the addresses are on
 * @returns the answer of the chain's shape
 * @example formatBalances(await readSql(context.read, balancesSql(query)), chain)
 */
export function formatBalances(rows: readonly BalanceSumRow[], chain: PrimaryChain): GetBalancesResponse {
  const entry = (row: BalanceSumRow): PrimaryNetworkAssetBalance => ({
    assetId: row.assetId,
    name: row.name,
    symbol: row.symbol,
    denomination: row.denomination,
    type: row.type as PrimaryNetworkAssetType,
    amount: row.amount.toFixed(),
    utxoCount: row.utxoCount,
  });
  const shared = (row: BalanceSumRow): SharedAssetBalance => ({
    ...entry(row),
    sharedWithChainId: row.sharedWithChainId!,
  });
  const chainInfo = formatChainInfo(chain);
  switch (chain.chainName) {
    case 'p-chain': {
      const balances = {
        unlockedUnstaked: [],
        unlockedStaked: [],
        lockedPlatform: [],
        lockedStakeable: [],
        lockedStaked: [],
        pendingStaked: [],
        atomicMemoryUnlocked: [],
        atomicMemoryLocked: [],
      } as Record<BalanceCategory, unknown[]>;
      for (const row of rows) {
        const atomic = row.category === 'atomicMemoryUnlocked' || row.category === 'atomicMemoryLocked';
        balances[row.category].push(atomic ? { ...shared(row), status: ATOMIC_MEMORY_STATUS } : entry(row));
      }
      return { balances: balances as never, chainInfo };
    }
    case 'x-chain': {
      const balances = { locked: [], unlocked: [], atomicMemoryUnlocked: [], atomicMemoryLocked: [] } as Record<
        string,
        unknown[]
      >;
      for (const row of rows) {
        const member = xChainCategory[row.category];
        if (member) balances[member]!.push(member.startsWith('atomic') ? shared(row) : entry(row));
      }
      return { balances: balances as never, chainInfo };
    }
    case 'c-chain': {
      const balances = {
        atomicMemoryUnlocked: [] as SharedAssetBalance[],
        atomicMemoryLocked: [] as SharedAssetBalance[],
      };
      for (const row of rows) {
        if (row.category === 'atomicMemoryUnlocked' || row.category === 'atomicMemoryLocked')
          balances[row.category].push(shared(row));
      }
      return { balances, chainInfo };
    }
  }
}
