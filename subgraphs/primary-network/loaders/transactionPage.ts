import { PUBLIC_NETWORKS } from '../../../avalanche/networks';
import type { Prisma } from '../../../prisma/generated/client';
import type { PrimaryChain } from '../../shared/params/primaryChain';
import {
  assetIdsOf,
  decodeStoredTx,
  formatPChainTransaction,
  formatXChainTransaction,
  type DecodedTx,
} from '../formatters/transaction';
import { atomicAssetIds, formatCChainTransaction } from '../formatters/cChainTransaction';
import type { TransactionRow } from '../queries/listPrimaryTransactionsSql';
import {
  assetsSql,
  stakersSql,
  transactionUtxosSql,
  verticesOfTxsSql,
  type AssetRow,
  type StakerRow,
  type TransactionUtxoRow,
  type VertexOfTxRow,
} from '../queries/transactionDetailsSql';
import type { PrimaryNetworkTransaction } from '../types/transaction.type';

/** Runs one statement of the page (the service's reader, or a bench floor's). */
export type RunPageSql = <Row>(sql: Prisma.Sql) => Promise<Row[]>;

/**
 * A page of stored transactions in their official shapes (P-, X- or C-Chain): one statement each for the page's UTXOs,
 * stakers, vertices and assets, whatever the page's size (none per transaction).
 * @param run runs a statement
 * @param chain the chain of the page
 * @param rows the page's transactions
 * @returns the transactions, in the rows' order
 * @example await formatTransactionPage((sql) => readSql(context.read, sql), chain, page.items)
 */
export async function formatTransactionPage(
  run: RunPageSql,
  chain: PrimaryChain,
  rows: readonly TransactionRow[],
): Promise<PrimaryNetworkTransaction[]> {
  const network = chain.network;
  const chainLetter = chain.chainName === 'p-chain' ? 'P' : chain.chainName === 'x-chain' ? 'X' : 'C';
  const decoded: DecodedTx[] = rows.map((r) => decodeStoredTx(r.txBytes, chainLetter));
  const hashes = rows.map((r) => r.txHash);
  const rewards = new Map<string, string>();
  const validationIds: string[] = [];
  decoded.forEach((d, i) => {
    if (d.txType === 'RewardValidatorTx') rewards.set(hashes[i]!, String(d.tx.txId));
    if (d.txType === 'IncreaseL1ValidatorBalanceTx' || d.txType === 'DisableL1ValidatorTx')
      validationIds.push(String(d.tx.validationId));
  });
  const { hrp, avaxAssetId } = PUBLIC_NETWORKS[network];
  const assetIds = new Set([avaxAssetId, ...decoded.flatMap(chainLetter === 'C' ? atomicAssetIds : assetIdsOf)]);
  decoded.forEach((d, i) => {
    if (d.txType === 'CreateAssetTx') assetIds.add(hashes[i]!);
  });
  const inVertices = rows.filter((r) => chainLetter === 'X' && r.blockHash === null);
  const [utxos, stakers, vertices, assets] = await Promise.all([
    rows.length ? run<TransactionUtxoRow>(transactionUtxosSql(network, hashes, rewards)) : [],
    chainLetter === 'P' && rows.length
      ? run<StakerRow>(stakersSql(network, [...hashes, ...rewards.values()], validationIds))
      : [],
    inVertices.length
      ? run<VertexOfTxRow>(
          verticesOfTxsSql(
            network,
            inVertices.map((r) => ({ txHash: r.txHash, height: r.blockNumber })),
          ),
        )
      : [],
    run<AssetRow>(assetsSql(network, [...assetIds])),
  ]);
  const page = {
    hrp,
    avaxAssetId,
    utxos,
    stakers,
    vertices,
    assets: new Map(assets.map((a) => [a.assetId, a])),
  };
  const format = { P: formatPChainTransaction, X: formatXChainTransaction, C: formatCChainTransaction }[chainLetter];
  return rows.map((r, i) => format(r, decoded[i]!, page));
}
