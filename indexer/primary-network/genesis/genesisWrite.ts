// The rows of a chain's genesis state, applied through the same transaction handlers as blocks
// (apply/): on the P-Chain the genesis UTXOs, the initial validators (their stake as staked UTXOs,
// locked ones with their locktime) and the X-Chain and C-Chain; on the X-Chain the AVAX asset and
// its initial outputs. The follower adds them to the write of the chain's first block (or vertex),
// so the genesis and that block commit in one transaction.
import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { toHex } from '../../../avalanche/bytes';
import type { Database } from '../../../prisma/database';
import type { BlockWrite, ModelName, RowOf } from '../../../prisma/write';
import { applyTx } from '../apply/applyTx';
import { createBlockChanges } from '../apply/blockChanges';
import { UNKNOWN_SUPPLY, type SupplyLedger } from '../apply/supplyLedger';
import { outputRows } from '../apply/outputRows';
import { NO_L1_FEES, type TxContext } from '../apply/txContext';
import { NO_SUPPLY_TOTALS } from '../../../domain';
import { chainCodec } from '../../../avalanche/tx-codec/chainCodecs';
import type { ChainFacts } from '../follow/networkFacts';
import type { GenesisTxs } from './buildGenesisTxs';

type Write = Omit<BlockWrite, 'cursor'>;

/**
 * The genesis rows of one chain.
 * @param db the database (reads of the working set; nothing is written)
 * @param facts the chain
 * @param genesis the genesis transactions (buildGenesisTxs)
 * @param startTime the genesis time (config `startTime`): creation time of every genesis row
 * @param supply P-Chain: the ledger starting at the genesis's initial supply, which the initial stakers' rewards move
 * @returns the write (rows only; no cursor)
 * @example const write = await genesisWrite(db, chainFacts('FUJI', 'P'), buildGenesisTxs(config), config.startTime, { supply: txs.initialSupply, pending: [] })
 */
export async function genesisWrite(
  db: Pick<Database, 'query'>,
  facts: ChainFacts,
  genesis: GenesisTxs,
  startTime: bigint,
  supply: SupplyLedger = UNKNOWN_SUPPLY,
): Promise<Write> {
  const changes = createBlockChanges(db, facts.network);
  const codec = chainCodec(facts.chain);
  const base: Omit<TxContext, 'tx' | 'txIndex'> = {
    network: facts.network,
    hrp: facts.hrp,
    chain: facts.chain,
    chainId: facts.chainId,
    avaxAssetId: genesis.avaxAssetId,
    height: 0n,
    timestamp: startTime,
    durango: facts.durango,
    codec,
    changes,
    fees: { ...NO_L1_FEES },
    supply,
    totals: { value: NO_SUPPLY_TOTALS },
    genesis: true,
    rewardUtxos: async () => [],
  };
  const txs = facts.chain === 'P' ? [...genesis.validatorTxs, ...genesis.chainTxs] : [genesis.avaxAssetTx];
  if (facts.chain === 'P') {
    for (const utxo of genesis.utxos) {
      // The P-Chain genesis UTXOs belong to no transaction: avalanchego gives them the empty ID.
      const { utxo: row, addresses } = outputRows(
        {
          network: facts.network,
          hrp: facts.hrp,
          blockchainId: facts.chainId,
          createdOnChainId: facts.chainId,
          txId: PRIMARY_NETWORK_ID,
          blockNumber: 0n,
          blockTimestamp: startTime,
          utxoType: 'TRANSFER',
        },
        utxo.index,
        genesis.avaxAssetId,
        utxo.output,
        codec,
      );
      changes.addUtxo(row, addresses);
    }
  }
  for (const [txIndex, tx] of txs.entries()) {
    await applyTx({ ...base, tx, txIndex });
    changes.placeTransaction({
      network: facts.network,
      blockchainId: facts.chainId,
      blockTimestamp: startTime,
      txHash: tx.txId,
    });
    changes.insert('PrimaryNetworkTransaction', {
      network: facts.network,
      txHash: tx.txId,
      blockchainId: facts.chainId,
      txType: tx.txType,
      blockNumber: 0n,
      blockTimestamp: startTime,
      txBytes: `0x${toHex(tx.bytes)}`,
    });
  }
  return changes.toWrite();
}

/**
 * One write of two: rows, upserts, updates and deletes of both (the first's before the second's).
 * @param first e.g. the genesis rows
 * @param second e.g. block 0's write
 * @returns the merged write
 * @example const write = mergeWrites(genesis, prepared.write)
 */
export function mergeWrites(first: Write, second: Write): Write {
  const merge = (a: Write['rows'], b: Write['rows']) => {
    const out: Record<string, unknown[]> = {};
    for (const source of [a ?? {}, b ?? {}]) {
      for (const [model, list] of Object.entries(source) as [ModelName, RowOf<ModelName>[]][])
        (out[model] ??= []).push(...list);
    }
    return out as Write['rows'];
  };
  return {
    rows: merge(first.rows, second.rows),
    upserts: merge(first.upserts, second.upserts),
    updates: [...(first.updates ?? []), ...(second.updates ?? [])],
    deletes: [...(first.deletes ?? []), ...(second.deletes ?? [])],
  };
}
