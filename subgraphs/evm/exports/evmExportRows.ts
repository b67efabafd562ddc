// The rows of an EVM export: for each chain and address, the pages listTransactions answers, oldest
// first, over the blocks of the request's days; the streams merged by time.
import { dayAfter, dayStart, type EvmExportRequest } from '../../../exports/exportRequest';
import { mergeByTime, type ExportRow, type ExportRows } from '../../../exports/exportSource';
import type { SubgraphDeps } from '../../shared/subgraph';
import { createEvmContext, type EvmContext } from '../context';
import { listTransactions } from '../queries/listAddressTransactions';
import { resolveChain } from '../resolveChain';

/** Transactions read per page. */
const PAGE_SIZE = 100;

/** The columns of an EVM export (docs/api-decisions.md "Transaction exports"). */
export const evmExportColumns = [
  'address',
  'chainId',
  'blockNumber',
  'blockTimestamp',
  'blockHash',
  'blockIndex',
  'txHash',
  'txStatus',
  'txType',
  'from',
  'to',
  'value',
  'gasLimit',
  'gasUsed',
  'gasPrice',
  'nonce',
  'methodHash',
  'methodName',
  'erc20Transfers',
  'erc721Transfers',
  'erc1155Transfers',
  'internalTransactions',
] as const;

/**
 * The rows of an EVM export, oldest first.
 * @param deps the process's dependencies (each export reads with a context of its own)
 * @param request the checked request
 * @returns the columns and rows
 * @example const { columns, rows } = evmExportRows(deps, request)
 */
export function evmExportRows(deps: SubgraphDeps, request: EvmExportRequest): ExportRows {
  const context = createEvmContext(deps);
  const from = request.firstDate === undefined ? undefined : dayStart(request.firstDate);
  const until = dayStart(dayAfter(request.lastDate));
  const streams = request.chainIds.flatMap((chainId) =>
    request.addresses.map((address) => addressRows(context, BigInt(chainId), address, from, until)),
  );
  return { columns: evmExportColumns, rows: mergeByTime(streams) };
}

/** One address's transactions on one chain in [from, until), oldest first. */
async function* addressRows(
  context: EvmContext,
  evmChainId: bigint,
  address: string,
  from: number | undefined,
  until: number,
): AsyncIterable<ExportRow> {
  const chain = await resolveChain(context, { evmChainId });
  const startBlock = from === undefined ? undefined : await firstBlockAt(context, evmChainId, from);
  if (startBlock === null) return;
  const endBlock = (await firstBlockAt(context, evmChainId, until)) ?? undefined;
  let pageToken: string | undefined;
  do {
    const page = await listTransactions(
      context,
      { chain, address, startBlock, endBlock, pageSize: PAGE_SIZE, pageToken },
      { sortOrder: 'asc' },
    );
    for (const item of page.transactions) {
      const tx = item.nativeTransaction;
      // Blocks written after endBlock was found (endBlock open) may lie past the last day.
      if (tx.blockTimestamp >= until) return;
      yield {
        timestamp: tx.blockTimestamp,
        cells: [
          address,
          tx.chainId,
          tx.blockNumber,
          tx.blockTimestamp,
          tx.blockHash,
          tx.blockIndex,
          tx.txHash,
          tx.txStatus,
          tx.txType,
          tx.from.address,
          tx.to.address,
          tx.value,
          tx.gasLimit,
          tx.gasUsed,
          tx.gasPrice,
          tx.nonce,
          tx.method.methodHash,
          tx.method.methodName,
          item.erc20Transfers.length,
          item.erc721Transfers.length,
          item.erc1155Transfers.length,
          item.internalTransactions.length,
        ],
      };
    }
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
}

/**
 * The lowest block number from which every block is stamped at or after `seconds`, or null when no
 * indexed block is: a binary search over the chain's blocks by number (their timestamps never
 * decrease), one primary-key lookup per step.
 */
async function firstBlockAt(context: EvmContext, chainId: bigint, seconds: number): Promise<bigint | null> {
  const at = (number: bigint) =>
    context.prisma.evmBlock.findFirst({
      where: { chainId, number: { gte: number } },
      orderBy: { number: 'asc' },
      select: { number: true, timestamp: true },
    });
  const last = await context.prisma.evmBlock.findFirst({
    where: { chainId },
    orderBy: { number: 'desc' },
    select: { number: true, timestamp: true },
  });
  if (!last || last.timestamp < BigInt(seconds)) return null;
  let low = 0n;
  let high = last.number;
  while (low < high) {
    const middle = (low + high) / 2n;
    const block = await at(middle);
    if (block!.timestamp >= BigInt(seconds)) high = middle;
    else low = block!.number + 1n;
  }
  return low;
}
