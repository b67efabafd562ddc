// The official block operations on indexed blocks: a chain's latest blocks, one block, and the
// latest blocks across a network's chains. Each page is one statement on evm_block plus one for
// the members the block row does not hold (blockFigures).
import { Prisma, type EvmChain } from '../../../prisma/generated/client';
import type { EvmBlock as EvmBlockRow } from '../../../prisma/rows';
import { modelColumnsSql } from '../../../prisma/read/modelFields';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { readSql } from '../../../prisma/read/readSql';
import { toModelRow } from '../../../prisma/read/toModelRow';
import { bucketSql } from '../../../metrics/buckets';
import { NotFoundError } from '../../shared/errors';
import { toDbNetwork, type Network } from '../../shared/network';
import { bigintKey } from '../../shared/paging/keyCodecs';
import { keysetSql, type KeysetSql } from '../../shared/paging/keysetSql';
import { finishPage, startPage, type Page, type PageRequest } from '../../shared/paging/page';
import type { PageTokenSigner } from '../../shared/paging/pageToken';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { BlockIdParam } from '../../shared/params/blockId';
import type { EvmContext } from '../context';
import { formatEvmBlockDetails } from '../formatters/evmBlockDetails';
import type { EvmBlock, ListEvmBlocksResponse } from '../types/evmBlock.type';

/** The block members the answer reads. */
export const blockDetailFields = [
  'chainId',
  'number',
  'hash',
  'parentHash',
  'timestamp',
  'gasLimit',
  'gasUsed',
  'baseFeePerGas',
  'txCount',
  'blockGasCost',
  'timestampMilliseconds',
  'minDelayExcess',
] as const satisfies readonly (keyof EvmBlockRow)[];

/** A block row with the members the answer reads. */
export type BlockDetailRow = Pick<EvmBlockRow, (typeof blockDetailFields)[number]>;

const blockColumns = (alias: string) => Prisma.raw(modelColumnsSql('EvmBlock', alias, blockDetailFields));

/**
 * A row of the block statements as the answer reads it.
 * @example toBlockRow(row).number // 71009913n
 */
export const toBlockRow = (row: Record<string, unknown>) => toModelRow<BlockDetailRow>('EvmBlock', row);

/** A chain's blocks newest first: the primary key `evm_block(chain_id, number)` read backwards. */
export const CHAIN_BLOCK_ORDER = [sortKey<BlockDetailRow>('number', bigintKey)];

/**
 * The statement of a page of a chain's blocks.
 * @param chainId the EVM chain ID
 * @param k the keyset pieces (paginateSql)
 * @returns the statement
 * @example chainBlocksSql(43114n, keyset)
 */
export function chainBlocksSql(chainId: bigint, k: KeysetSql): Prisma.Sql {
  return Prisma.sql`SELECT ${blockColumns('b')} FROM evm_block b WHERE b.chain_id = ${chainId} ${k.after('b')}
    ORDER BY ${k.orderBy('b')} LIMIT ${k.limit}`;
}

/**
 * Blocks of several chains newest first. Ties of time go to the higher EVM chain ID, then the
 * higher block number (blocks of one chain may share a timestamp), so the order is total.
 */
const allChainsOrder = [
  sortKey<BlockDetailRow>('timestamp', bigintKey),
  sortKey<BlockDetailRow>('chainId', bigintKey),
  sortKey<BlockDetailRow>('number', bigintKey),
];

/**
 * getLatestBlocks and EvmChain.blocks: a page of a chain's blocks, newest first (by number, which
 * orders them by time as well: a block's timestamp is never below its parent's).
 * @param context the request's context
 * @param request chain and page
 * @returns the page
 * @example await listChainBlocks(context, { chain, pageSize: 10 })
 */
export async function listChainBlocks(
  context: EvmContext,
  request: { chain: EvmChain; pageSize: number; pageToken?: string | null },
): Promise<ListEvmBlocksResponse> {
  const chainId = request.chain.chainId;
  const args = { chainId, pageSize: request.pageSize, pageToken: request.pageToken };
  const page = await paginateSql(
    { list: 'blocks', args, signer: context.pageTokens, order: 'desc', keys: CHAIN_BLOCK_ORDER },
    (k) => chainBlocksSql(chainId, k),
    async (sql) => (await readSql<Record<string, unknown>>(context.read, sql, KEEP_PLAN)).map(toBlockRow),
  );
  return { nextPageToken: page.nextPageToken, blocks: await withFigures(context, page.items) };
}

/**
 * listLatestBlocksAllChains: the latest blocks of every indexed chain (of a network), merged
 * newest first. Each chain contributes one index range of at most a page of rows after the
 * cursor (`evm_block(chain_id, timestamp)`), so a page reads at most pageSize + 1 rows per chain,
 * however deep it is.
 * @param context the request's context
 * @param request network (all networks when omitted) and page
 * @returns the page
 * @example await listLatestBlocksAllChains(context, { network: Network.mainnet, pageSize: 10 })
 */
export async function listLatestBlocksAllChains(
  context: EvmContext,
  request: { network?: Network; pageSize: number; pageToken?: string | null },
): Promise<ListEvmBlocksResponse> {
  const page = await pageLatestBlocksAllChains(request, context.pageTokens, async (sql) =>
    (await readSql<Record<string, unknown>>(context.read, sql, KEEP_PLAN)).map(toBlockRow),
  );
  return { nextPageToken: page.nextPageToken, blocks: await withFigures(context, page.items) };
}

/**
 * The page of block rows of {@link listLatestBlocksAllChains}: its statement, run by `run`, cut and signed.
 * @param request network (all networks when omitted) and page
 * @param signer the page-token key
 * @param run executes the statement
 * @returns the page of rows
 * @throws BadRequestError for a token of another query
 * @example await pageLatestBlocksAllChains({ pageSize: 10 }, context.pageTokens, run)
 */
export async function pageLatestBlocksAllChains(
  request: { network?: Network; pageSize: number; pageToken?: string | null },
  signer: PageTokenSigner,
  run: (sql: Prisma.Sql) => Promise<BlockDetailRow[]>,
): Promise<Page<BlockDetailRow>> {
  const args = { network: request.network, pageSize: request.pageSize, pageToken: request.pageToken };
  const pageRequest: PageRequest<BlockDetailRow> = {
    list: 'blocksAllChains',
    args,
    signer,
    order: 'desc',
    keys: allChainsOrder,
  };
  const start = startPage(pageRequest);
  const keyset = keysetSql(allChainsOrder, start.after, 'desc', start.limit + 1);
  // The row comparison alone is no bound of the (chain_id, timestamp) index; the leading
  // timestamp bound is, so a deep page starts where its cursor is.
  const bound = start.after ? Prisma.sql`AND b.timestamp <= ${start.after[0]} ${keyset.after('b')}` : Prisma.empty;
  // The stored label of the network enum (mainnet, fuji), not Prisma's name for it.
  const network = request.network
    ? Prisma.sql`WHERE c.network = ${toDbNetwork(request.network) === 'MAINNET' ? 'mainnet' : 'fuji'}::network`
    : Prisma.empty;
  const sql = Prisma.sql`SELECT ${blockColumns('b')} FROM evm_chain c CROSS JOIN LATERAL (
      SELECT * FROM evm_block b WHERE b.chain_id = c.chain_id ${bound}
      ORDER BY b.timestamp DESC, b.number DESC LIMIT ${keyset.limit}) b
    ${network}
    ORDER BY ${keyset.orderBy('b')} LIMIT ${keyset.limit}`;
  return finishPage(pageRequest, start, await run(sql));
}

/**
 * getBlock and EvmChain.block: one block by number or hash.
 * @param context the request's context
 * @param request chain and block
 * @returns the block, or undefined when the chain has no such block (yet)
 * @example await findBlock(context, { chain, blockId: { number: 71009913n } })
 */
export async function findBlock(
  context: EvmContext,
  request: { chain: EvmChain; blockId: BlockIdParam },
): Promise<EvmBlock | undefined> {
  const chainId = request.chain.chainId;
  const row = await ('number' in request.blockId
    ? context.loaders.block.load({ chainId, number: request.blockId.number })
    : context.loaders.blockByHash.load({ chainId, hash: request.blockId.hash }));
  if (!row) return undefined;
  const [block] = await withFigures(context, [row]);
  return block;
}

/**
 * getBlock: one block, or a 404.
 * @throws NotFoundError for a block the chain does not have (yet)
 * @example await getBlock(context, { chain, blockId: { hash: '0x…' } })
 */
export async function getBlock(
  context: EvmContext,
  request: { chain: EvmChain; blockId: BlockIdParam },
): Promise<EvmBlock> {
  const block = await findBlock(context, request);
  if (block) return block;
  const shown = 'number' in request.blockId ? request.blockId.number.toString() : request.blockId.hash;
  throw new NotFoundError(`blockId ${shown} is not a block of chain ${request.chain.chainId} indexed by this service`);
}

/** The blocks of a page (each chain's newest first) with their fees and cumulative transaction counts. */
async function withFigures(context: EvmContext, rows: readonly BlockDetailRow[]): Promise<EvmBlock[]> {
  if (rows.length === 0) return [];
  const figures = await readSql<BlockFigureRow>(context.read, blockFiguresSql(rows), KEEP_PLAN);
  return blocksWithFigures(rows, figures);
}

/** A row of {@link blockFiguresSql}: the block's position in the page (from 1), its fees, and the count up to it on a chain's first row. */
export type BlockFigureRow = { i: bigint | number; fees: string; cumulative: string | null };

/**
 * The answered blocks from the page's rows and {@link blockFiguresSql}'s rows. A chain's later rows
 * follow from its first: the count up to a block is the count up to the newer block before it less
 * that block's transactions (the rows of a chain are consecutive indexed blocks, newest first).
 * @param rows the page's blocks
 * @param figures what blockFiguresSql(rows) read
 * @returns the blocks as the API answers them
 * @example blocksWithFigures(rows, await run(blockFiguresSql(rows)))
 */
export function blocksWithFigures(rows: readonly BlockDetailRow[], figures: readonly BlockFigureRow[]): EvmBlock[] {
  const byIndex = new Map(figures.map((row) => [Number(row.i) - 1, row]));
  const previous = new Map<bigint, { cumulative: bigint; txCount: number }>();
  return rows.map((row, i) => {
    const figure = byIndex.get(i)!;
    const before = previous.get(row.chainId);
    const cumulative = before ? before.cumulative - BigInt(before.txCount) : BigInt(figure.cumulative!);
    previous.set(row.chainId, { cumulative, txCount: row.txCount });
    return formatEvmBlockDetails(row, { feesSpent: figure.fees, cumulativeTransactions: cumulative });
  });
}

/**
 * What the block rows do not hold, in one statement: each block's fees (its transactions' gas used
 * times effective gas price: one index range of evm_transaction per block), and for the first row
 * of each chain the indexed transactions up to it. That count adds the metric rollups (kept with
 * the blocks, metrics/countNewBlocks.ts) of the months before the block's month, the days of its
 * month and the hours of its day before it, and the blocks of its hour up to it: a few dozen rows
 * read however long the chain.
 * @param rows the page's blocks, each chain's newest first
 * @returns the statement
 * @example await readSql<BlockFigureRow>(context.read, blockFiguresSql(rows))
 */
export function blockFiguresSql(rows: readonly BlockDetailRow[]): Prisma.Sql {
  const chains = new Set<bigint>();
  const anchors = rows.map((row) => {
    const first = !chains.has(row.chainId);
    chains.add(row.chainId);
    return first;
  });
  const [month, day, hour] = [bucketSql('month', 'p.ts'), bucketSql('day', 'p.ts'), bucketSql('hour', 'p.ts')].map(
    Prisma.raw,
  );
  const rollup = (interval: string, from: Prisma.Sql | null, to: Prisma.Sql) =>
    Prisma.sql`(SELECT coalesce(sum(r.tx_count), 0) FROM metric_rollup r WHERE r.scope = p.chain_id::text
      AND r.time_interval = ${Prisma.raw(`'${interval}'`)} ${from ? Prisma.sql`AND r.bucket >= ${from}` : Prisma.empty} AND r.bucket < ${to})`;
  return Prisma.sql`SELECT p.i,
      (SELECT coalesce(sum(t.gas_used * t.gas_price), 0) FROM evm_transaction t WHERE t.chain_id = p.chain_id AND t.block_number = p.number)::text AS fees,
      CASE WHEN p.anchor THEN (${rollup('month', null, month)} + ${rollup('day', month, day)} + ${rollup('hour', day, hour)}
        + (SELECT coalesce(sum(b.tx_count), 0) FROM evm_block b WHERE b.chain_id = p.chain_id AND b.timestamp >= ${hour} AND b.timestamp <= p.ts AND b.number <= p.number))::text END AS cumulative
    FROM unnest(${rows.map((row) => row.chainId.toString())}::text[]::bigint[], ${rows.map((row) => row.number.toString())}::text[]::bigint[],
      ${rows.map((row) => row.timestamp.toString())}::text[]::bigint[], ${anchors}::boolean[]) WITH ORDINALITY AS p (chain_id, number, ts, anchor, i)`;
}
