// A stored C-Chain atomic transaction in its official shape (CChainImportTransaction,
// CChainExportTransaction): what its signed bytes say (accounts, amounts, chains), with the page's
// UTXO and asset rows.
import { atomicTxParts, type AtomicTxParts } from '../../../avalanche/tx-codec/atomicTxParts';
import { toSafeNumber } from '../../shared/scalars';
import type { TransactionRow } from '../queries/listPrimaryTransactionsSql';
import type { AssetRow } from '../queries/transactionDetailsSql';
import {
  CChainExportTransactionType,
  CChainImportTransactionType,
  type CChainAtomicTransaction,
} from '../types/cChainTransaction.type';
import type { PrimaryNetworkAssetAmount } from '../types/primaryAsset.type';
import type { PrimaryNetworkAssetType } from '../types/primaryEnums';
import type { DecodedTx, PageDetails } from './transaction';
import { formatUtxo } from './utxo';

/** An amount of an asset as an official `AssetAmount` (an asset not indexed is named by its ID). */
function assetAmount(
  assetId: string,
  amount: bigint,
  assets: ReadonlyMap<string, AssetRow>,
): PrimaryNetworkAssetAmount {
  const asset = assets.get(assetId);
  return {
    assetId,
    name: asset?.name ?? assetId,
    symbol: asset?.symbol ?? '',
    denomination: asset?.denomination ?? 0,
    type: (asset?.type ?? 'secp256k1') as PrimaryNetworkAssetType,
    amount: amount.toString(),
  };
}

/** Per-asset sums of amounts, in first-seen order. */
function sums(items: readonly { assetId: string; amount: bigint }[], assets: ReadonlyMap<string, AssetRow>) {
  const byAsset = new Map<string, bigint>();
  for (const i of items) byAsset.set(i.assetId, (byAsset.get(i.assetId) ?? 0n) + i.amount);
  return [...byAsset].map(([assetId, amount]) => assetAmount(assetId, amount, assets));
}

/**
 * The asset IDs a decoded atomic transaction names (for the page's asset statement).
 * @param decoded the transaction
 * @returns its assets
 * @example atomicAssetIds(decodeStoredTx(row.txBytes, 'C'))
 */
export function atomicAssetIds(decoded: DecodedTx): string[] {
  const parts = atomicTxParts(decoded.txType, decoded.tx);
  return [...new Set([...parts.evm, ...parts.utxos].map((i) => i.assetId))];
}

/**
 * A C-Chain atomic transaction (official `CChainImportTransaction` or `CChainExportTransaction`).
 * @param row the stored transaction (its block: the EVM block at its height)
 * @param decoded its decoded fields
 * @param page the page's rows
 * @returns the API value
 * @example formatCChainTransaction(row, decodeStoredTx(row.txBytes, 'C'), page)
 */
export function formatCChainTransaction(
  row: TransactionRow,
  decoded: DecodedTx,
  page: PageDetails,
): CChainAtomicTransaction {
  const parts: AtomicTxParts = atomicTxParts(decoded.txType, decoded.tx);
  const utxos = (role: 'consumed' | 'emitted') =>
    page.utxos.filter((u) => u.forTx === row.txHash && u.role === role).map(formatUtxo);
  const common = {
    txHash: row.txHash,
    blockHeight: toSafeNumber(row.blockNumber),
    blockHash: row.blockHash ?? '',
    timestamp: toSafeNumber(row.blockTimestamp),
    memo: '0x',
  };
  if (parts.txType === 'ImportTx')
    return {
      ...common,
      txType: CChainImportTransactionType.ImportTx,
      amountUnlocked: sums(parts.utxos, page.assets),
      amountCreated: sums(parts.evm, page.assets),
      sourceChain: parts.otherChainId,
      destinationChain: row.blockchainId,
      evmOutputs: parts.evm.map((o) => ({
        toAddress: o.address,
        asset: assetAmount(o.assetId, o.amount, page.assets),
      })),
      consumedUtxos: utxos('consumed'),
    };
  return {
    ...common,
    txType: CChainExportTransactionType.ExportTx,
    amountUnlocked: sums(parts.evm, page.assets),
    amountCreated: sums(parts.utxos, page.assets),
    sourceChain: row.blockchainId,
    destinationChain: parts.otherChainId,
    evmInputs: parts.evm.map((i) => ({
      fromAddress: i.address,
      asset: assetAmount(i.assetId, i.amount, page.assets),
      credentials: [],
    })),
    emittedUtxos: utxos('emitted'),
  };
}
