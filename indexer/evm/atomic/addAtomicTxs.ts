// The C-Chain's atomic transactions, applied with the EVM block that carries them, in the block's
// own write: read from its blockExtraData (coreth's atomic codec), each applied through the
// primary-network write path with the C-Chain as the chain. An ImportTx consumes UTXOs of the
// C-Chain's shared memory (exported into it by the P- or X-Chain); an ExportTx puts its outputs
// into the destination chain's shared memory. The transaction rows and the addresses and assets
// they touch (the UTXOs' owners and the EVM accounts credited or debited) go in the tables of the
// P- and X-Chain transactions, at the EVM block's height and time; the block carries the running
// total of what the atomic transactions burned.
import { PUBLIC_NETWORKS } from '../../../avalanche/networks';
import { fromHex, toHex } from '../../../avalanche/bytes';
import { atomicTxParts } from '../../../avalanche/tx-codec/atomicTxParts';
import { chainCodec } from '../../../avalanche/tx-codec/chainCodecs';
import { isAtomicBatch, readAtomicTxs } from '../../../avalanche/tx-codec/readAtomicTxs';
import type { Database } from '../../../prisma/database';
import type { BlockWrite, ModelName, RowOf } from '../../../prisma/write';
import {
  consumeInputs,
  createOutputs,
  placeOf,
  type TransferContext,
} from '../../primary-network/apply/applyTransfers';
import { createBlockChanges } from '../../primary-network/apply/blockChanges';
import type { DecodedBlock } from '../decode/decodeBlock';

/** A public network's C-Chain, as the EVM follower of that chain knows it. */
export type AtomicChain = { network: 'MAINNET' | 'FUJI'; blockchainId: string; chainId: bigint };

/** The EVM write of a block, as completeBlocks gives it. */
type EvmWrite = Pick<BlockWrite, 'rows' | 'upserts' | 'updates' | 'deletes'>;

/**
 * The C-Chain of the follower's chain, when it is one: the configured network's C-Chain (coreth),
 * whose blocks carry atomic transactions.
 * @param network the configured network
 * @param blockchainId the chain's blockchain ID
 * @param chainId its EVM chain ID
 * @returns the C-Chain, or null for any other EVM chain
 * @example atomicChainOf('MAINNET', '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5', 43114n)
 */
export function atomicChainOf(network: 'MAINNET' | 'FUJI', blockchainId: string, chainId: bigint): AtomicChain | null {
  return PUBLIC_NETWORKS[network].chains['c-chain'] === blockchainId ? { network, blockchainId, chainId } : null;
}

/** The AVAX asset row, for a chain indexed before the X-Chain (the UTXOs' assets are foreign keys). */
const avaxAsset = (chain: AtomicChain, at: bigint): RowOf<'Asset'> => ({
  network: chain.network,
  assetId: PUBLIC_NETWORKS[chain.network].avaxAssetId,
  name: 'Avalanche',
  symbol: 'AVAX',
  denomination: 9,
  type: 'SECP256K1',
  createdAtTimestamp: at,
});

/**
 * One block's atomic transactions as rows and changes of the primary-network tables.
 * @param db reads of the stored UTXOs
 * @param chain the C-Chain
 * @param block the decoded EVM block
 * @returns the write and the AVAX the block's atomic transactions burned
 * @throws SignedTxDecodeError when the block's extra data is not coreth's atomic transactions
 * @example const { write, burned } = await atomicBlockWrite(db, chain, decoded)
 */
export async function atomicBlockWrite(
  db: Pick<Database, 'query'>,
  chain: AtomicChain,
  block: DecodedBlock,
): Promise<{ write: EvmWrite; burned: bigint }> {
  const extra = block.rows.EvmBlock[0]?.blockExtraData;
  const bytes = extra ? fromHex(extra) : new Uint8Array(0);
  const txs = readAtomicTxs(bytes, isAtomicBatch(chain.network, block.timestamp));
  if (txs.length === 0) return { write: {}, burned: 0n };
  const { hrp, avaxAssetId } = PUBLIC_NETWORKS[chain.network];
  const changes = createBlockChanges(db, chain.network);
  const codec = chainCodec('C');
  let burned = 0n;
  for (const tx of txs) {
    const parts = atomicTxParts(tx.txType, tx.unsigned);
    const ctx: TransferContext = {
      network: chain.network,
      hrp,
      chainId: chain.blockchainId,
      height: block.number,
      timestamp: block.timestamp,
      codec,
      changes,
      tx,
    };
    const unsigned = tx.unsigned as unknown as {
      importedInputs?: Parameters<typeof consumeInputs>[1];
      exportedOutputs?: Parameters<typeof createOutputs>[1];
    };
    if (parts.txType === 'ImportTx') await consumeInputs(ctx, unsigned.importedInputs ?? [], parts.otherChainId);
    else
      await createOutputs(
        ctx,
        unsigned.exportedOutputs ?? [],
        0,
        placeOf(ctx, { blockchainId: parts.otherChainId, sharedWithChainId: chain.blockchainId }),
      );
    // The accounts the transaction credits or debits touch it too (the lists accept 0x addresses).
    for (const side of parts.evm) changes.touch(tx.txId, [side.address], side.assetId);
    burned += parts.burned.get(avaxAssetId) ?? 0n;
    changes.placeTransaction({
      network: chain.network,
      blockchainId: chain.blockchainId,
      blockTimestamp: block.timestamp,
      txHash: tx.txId,
    });
    changes.insert('PrimaryNetworkTransaction', {
      network: chain.network,
      txHash: tx.txId,
      blockchainId: chain.blockchainId,
      txType: tx.txType,
      blockNumber: block.number,
      blockTimestamp: block.timestamp,
      txBytes: `0x${toHex(tx.bytes)}`,
    });
  }
  const write = changes.toWrite();
  const assets = new Set(((write.rows as { Utxo?: RowOf<'Utxo'>[] }).Utxo ?? []).map((u) => u.assetId));
  if (assets.size > 0) {
    // ON CONFLICT DO NOTHING keeps a stored row; the C-Chain moves AVAX only since Banff, and an
    // older multi-coin asset is added under its ID until the X-Chain follower describes it.
    const rows = (write.rows as { Asset?: RowOf<'Asset'>[] }).Asset ?? [];
    for (const assetId of assets)
      rows.push(
        assetId === avaxAssetId
          ? avaxAsset(chain, block.timestamp)
          : {
              ...avaxAsset(chain, block.timestamp),
              assetId,
              name: assetId.slice(0, 128),
              symbol: '',
              denomination: 0,
            },
      );
    (write.rows as { Asset?: RowOf<'Asset'>[] }).Asset = rows;
  }
  return { write, burned };
}

/**
 * Adds the atomic transactions of a batch of consecutive C-Chain blocks to their writes, and the
 * running burned total to each block row (from the stored block before the batch, 0 when none).
 * @param db the database
 * @param chain the C-Chain
 * @param blocks the batch, oldest first
 * @param writes their EVM writes (changed in place)
 * @returns when every block's write has its atomic part
 * @example await addAtomicTxs(db, chain, batch, writes)
 */
export async function addAtomicTxs(
  db: Pick<Database, 'query'>,
  chain: AtomicChain,
  blocks: readonly DecodedBlock[],
  writes: EvmWrite[],
): Promise<void> {
  if (blocks.length === 0) return;
  const [before] = await db.query<{ total: string | null }>(
    'SELECT atomic_burned_total::text AS total FROM evm_block WHERE chain_id = $1 AND number = $2',
    [chain.chainId.toString(), (blocks[0]!.number - 1n).toString()],
  );
  let total = BigInt(before?.total ?? 0);
  for (const [i, block] of blocks.entries()) {
    const { write, burned } = await atomicBlockWrite(db, chain, block);
    total += burned;
    const into = writes[i]!;
    const rows = (into.rows ??= {}) as Partial<Record<ModelName, RowOf<ModelName>[]>>;
    for (const [model, list] of Object.entries(write.rows ?? {}) as [ModelName, RowOf<ModelName>[]][])
      rows[model] = [...(rows[model] ?? []), ...list];
    if (write.updates?.length) into.updates = [...(into.updates ?? []), ...write.updates];
    if (write.deletes?.length) into.deletes = [...(into.deletes ?? []), ...write.deletes];
    for (const row of (rows.EvmBlock ?? []) as RowOf<'EvmBlock'>[]) row.atomicBurnedTotal = total.toString();
  }
}
