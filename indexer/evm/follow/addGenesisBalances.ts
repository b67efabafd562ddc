// Block 0's native balances: every address the genesis funds, not only those block 0's own
// answers touch, so an address funded at genesis and idle since has its balance. The genesis is the
// config's `genesisFile`, else the one the primary-network data holds for the chain (CreateChainTx).
import type { SqlExecutor } from '../../../prisma/database';
import type { EvmChainConfig } from '../../config/readIndexerConfig';
import { decodeGenesisAlloc } from '../decode/decodeGenesisAlloc';
import type { DecodedBlock } from '../decode/decodeBlock';

/**
 * Adds the genesis balances to block 0's rows; a balance the node reported for block 0 is kept.
 * @param db database (the chain's Blockchain row)
 * @param chain the configured chain
 * @param blockchainId its blockchain ID
 * @param genesisBlock the decoded block 0
 * @returns how many addresses were added
 * @throws GenesisAllocError when the stored genesis has a malformed alloc
 * @example await addGenesisBalances(db, chain, blockchainId, decoded)
 */
export async function addGenesisBalances(
  db: SqlExecutor,
  chain: EvmChainConfig,
  blockchainId: string,
  genesisBlock: DecodedBlock,
): Promise<number> {
  let alloc = chain.genesis?.alloc;
  if (!alloc) {
    const [stored] = await db.query<{ genesis_data: unknown }>(
      'SELECT genesis_data FROM blockchain WHERE network = $1::network AND blockchain_id = $2',
      [chain.network === 'MAINNET' ? 'mainnet' : 'fuji', blockchainId],
    );
    alloc = decodeGenesisAlloc(stored?.genesis_data, `the genesis of ${blockchainId}`);
  }
  const rows = genesisBlock.rows.NativeBalanceChange;
  const reported = new Set(rows.map((row) => row.address));
  let added = 0;
  for (const [address, balance] of alloc) {
    if (reported.has(address)) continue;
    rows.push({ chainId: chain.chainId, address, blockNumber: 0n, balance: balance.toString() });
    added++;
  }
  return added;
}
