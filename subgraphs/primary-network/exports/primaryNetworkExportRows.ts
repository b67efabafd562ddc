// The rows of a primary-network export: for each chain, the pages listLatestPrimaryNetworkTransactions
// answers for the request's addresses over its days, oldest first; the chains merged by time.
import { dayAfter, dayStart, type PrimaryNetworkExportRequest } from '../../../exports/exportRequest';
import { mergeByTime, type ExportRow, type ExportRows } from '../../../exports/exportSource';
import { EVM_ADDRESS_HRP } from '../../shared/params/primaryAddresses';
import { Network } from '../../shared/network';
import { SortOrder } from '../../shared/pageArgs';
import type { SubgraphDeps } from '../../shared/subgraph';
import { createPrimaryNetworkContext, type PrimaryNetworkContext } from '../context';
import { PrimaryNetworkTransactionResolver } from '../resolvers/transaction.resolver';
import type { ListPrimaryNetworkTransactionsArgs } from '../types/transaction.args';
import { PrimaryNetworkTxType } from '../types/transaction.type';

/** Transactions read per page (the list's largest). */
const PAGE_SIZE = 100;

/** The P-Chain transactions of TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING: stakes and their rewards. */
const stakingTxTypes: PrimaryNetworkTxType[] = [
  PrimaryNetworkTxType.AddValidatorTx,
  PrimaryNetworkTxType.AddDelegatorTx,
  PrimaryNetworkTxType.AddPermissionlessValidatorTx,
  PrimaryNetworkTxType.AddPermissionlessDelegatorTx,
  PrimaryNetworkTxType.RewardValidatorTx,
];

/** The columns of a primary-network export (docs/api-decisions.md "Transaction exports"). */
export const primaryNetworkExportColumns = [
  'network',
  'chain',
  'txHash',
  'txType',
  'blockNumber',
  'blockHash',
  'blockTimestamp',
  'sourceChain',
  'destinationChain',
  'nodeId',
  'subnetId',
  'startTimestamp',
  'endTimestamp',
  'value',
  'amountStaked',
  'amountBurned',
  'consumedUtxos',
  'emittedUtxos',
] as const;

type Amount = { assetId: string; amount: string };
/** The members of the three chains' transactions a row reads. */
type ListedTransaction = {
  txHash: string;
  txType: string;
  blockNumber?: string;
  blockHeight?: number;
  blockHash?: string;
  blockTimestamp?: number;
  timestamp?: number;
  sourceChain?: string;
  destinationChain?: string;
  nodeId?: string;
  subnetId?: string;
  startTimestamp?: number;
  endTimestamp?: number;
  value?: Amount[];
  amountCreated?: Amount[];
  amountStaked?: Amount[];
  amountBurned?: Amount[];
  consumedUtxos?: unknown[];
  emittedUtxos?: unknown[];
};

/**
 * The rows of a primary-network export, oldest first.
 * @param deps the process's dependencies (each export reads with a context of its own)
 * @param request the checked request
 * @returns the columns and rows
 * @example const { columns, rows } = primaryNetworkExportRows(deps, request)
 */
export function primaryNetworkExportRows(deps: SubgraphDeps, request: PrimaryNetworkExportRequest): ExportRows {
  const context = createPrimaryNetworkContext(deps);
  const streams = request.chains.flatMap((chain) => {
    const addresses = [
      ...request.addresses.map((address) => ({ address, hrp: address.slice(0, address.lastIndexOf('1')) })),
      ...(chain === 'c-chain' ? request.cChainEvmAddresses.map((address) => ({ address, hrp: EVM_ADDRESS_HRP })) : []),
    ];
    return addresses.length === 0 ? [] : [chainRows(context, request, chain, addresses)];
  });
  return { columns: primaryNetworkExportColumns, rows: mergeByTime(streams) };
}

/** One chain's transactions of the addresses over the request's days, oldest first. */
async function* chainRows(
  context: PrimaryNetworkContext,
  request: PrimaryNetworkExportRequest,
  chain: 'p-chain' | 'x-chain' | 'c-chain',
  addresses: ListPrimaryNetworkTransactionsArgs['addresses'],
): AsyncIterable<ExportRow> {
  const resolver = new PrimaryNetworkTransactionResolver();
  const network = request.network === 'fuji' ? Network.fuji : Network.mainnet;
  let pageToken: string | undefined;
  do {
    const args = {
      network,
      blockchainId: { alias: chain },
      addresses,
      txTypes: request.stakingOnly ? stakingTxTypes : undefined,
      startTimestamp: request.firstDate === undefined ? 0 : dayStart(request.firstDate),
      endTimestamp: dayStart(dayAfter(request.lastDate)) - 1,
      sortOrder: SortOrder.asc,
      pageSize: PAGE_SIZE,
      pageToken,
    } as ListPrimaryNetworkTransactionsArgs;
    const page = (await resolver.listLatestPrimaryNetworkTransactions(args, context)) as {
      transactions: ListedTransaction[];
      nextPageToken?: string | null;
    };
    for (const tx of page.transactions) {
      const timestamp = tx.blockTimestamp ?? tx.timestamp ?? 0;
      yield {
        timestamp,
        cells: [
          request.network,
          chain,
          tx.txHash,
          tx.txType,
          tx.blockNumber ?? tx.blockHeight,
          tx.blockHash,
          timestamp,
          tx.sourceChain,
          tx.destinationChain,
          tx.nodeId,
          tx.subnetId,
          tx.startTimestamp,
          tx.endTimestamp,
          amounts(tx.value ?? tx.amountCreated),
          amounts(tx.amountStaked),
          amounts(tx.amountBurned),
          tx.consumedUtxos?.length ?? 0,
          tx.emittedUtxos?.length ?? 0,
        ],
      };
    }
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
}

/** Amounts as `assetId:amount`, space-separated (amounts in the asset's smallest unit). */
function amounts(list: Amount[] | undefined): string {
  return (list ?? []).map((item) => `${item.assetId}:${item.amount}`).join(' ');
}
