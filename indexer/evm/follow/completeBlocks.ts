// What decoded blocks' rows still need from the chain's history, read just before they are
// written: ERC-20 balances and ERC-1155 balances per token ID after each block (previous balance +
// the block's transfers; the change and the holder's current balance), NFT owners,
// token contracts seen for the first time (ercType and metadata by eth_call), Teleporter messages. A
// backfill completes a batch of consecutive blocks before writing any: what an earlier block of the
// batch decided (a balance, a token, a sent message) is carried to the later ones in memory. A
// batch completed while the one before it is still being written reads that one's decisions
// first: the database does not hold them until its commit.
import type { SqlExecutor } from '../../../prisma/database';
import type { BlockWrite, RowOf } from '../../../prisma/write';
import type { DecodedBlock } from '../decode/decodeBlock';
import { teleporterWrites, type TeleporterWrites } from '../../../domain/teleporterWrites';
import type { Network } from '../../../prisma/generated/enums';
import { readTokenMetadata } from '../metadata/readTokenMetadata';
import type { RpcClient } from '../../../shared/jsonRpc/createRpcClient';

const ZERO = '0x0000000000000000000000000000000000000000';

/** Per-chain memory between blocks; cleared on a reorg and when a write fails. */
export type ChainMemory = {
  /** Token contracts whose EvmContract row has their ercType and metadata (written, or in the batch being written). */
  knownTokens: Set<string>;
  /** The chain's network, read once (Teleporter rows carry it). */
  network?: Network;
};

/** Context of {@link completeBlocks}. */
export type CompleteContext = {
  db: SqlExecutor;
  rpc: RpcClient;
  chainId: bigint;
  startBlock: bigint;
  memory: ChainMemory;
};

/** What a batch's blocks decided, not in the database until the batch commits. */
export type BatchDecisions = {
  /** `token|holder` → balance after the latest block of the batch that changed it. */
  balances: Map<string, bigint>;
  /** `token|tokenId|holder` → ERC-1155 balance after the latest block of the batch that changed it. */
  balances1155: Map<string, bigint>;
  /** Teleporter messages the batch sent. */
  sent: Set<string>;
};

/** The batch being completed: its own decisions, over those of the batch still being written. */
type BatchState = BatchDecisions & { before: BatchDecisions | null };

/** What {@link completeBlocks} gives. */
export type CompletedBlocks = {
  /** One write per block, cursors excluded. */
  writes: Pick<BlockWrite, 'rows' | 'upserts' | 'updates'>[];
  /** What the batch decided: the next batch's `before` while this one is being written. */
  decisions: BatchDecisions;
};

/**
 * Turns consecutive decoded blocks into the writes of {@link writeBlocks}, cursors excluded.
 * @param context database, node, chain
 * @param blocks the blocks' rows, oldest first
 * @param before the decisions of the batch before these blocks while it is being written (its commit not yet seen)
 * @returns one write per block, and the batch's decisions
 * @example const { writes } = await completeBlocks(context, [decoded])
 */
export async function completeBlocks(
  context: CompleteContext,
  blocks: readonly DecodedBlock[],
  before: BatchDecisions | null = null,
): Promise<CompletedBlocks> {
  const batch: BatchState = { balances: new Map(), balances1155: new Map(), sent: new Set(), before };
  const writes: CompletedBlocks['writes'] = [];
  for (const decoded of blocks) writes.push(await completeBlock(context, decoded, batch));
  const { balances, balances1155, sent } = batch;
  return { writes, decisions: { balances, balances1155, sent } };
}

async function completeBlock(
  context: CompleteContext,
  decoded: DecodedBlock,
  batch: BatchState,
): Promise<Pick<BlockWrite, 'rows' | 'upserts' | 'updates'>> {
  const { chainId } = context;
  const transfers = decoded.rows.EvmTokenTransfer;
  const erc20 = transfers.filter((t) => t.ercType === 'ERC20');
  const balances = await previousErc20Balances(context, decoded.number, erc20, batch);
  const touched = new Set<string>();
  for (const t of erc20) {
    const amount = BigInt(t.value as string);
    for (const [holder, sign] of [
      [t.from, -1n],
      [t.to, 1n],
    ] as const) {
      if (holder === ZERO) continue; // mints and burns: the zero address holds nothing
      const key = `${t.tokenAddress}|${holder}`;
      balances.set(key, (balances.get(key) ?? 0n) + sign * amount);
      touched.add(key);
    }
  }
  const balanceRows: RowOf<'Erc20BalanceChange'>[] = [...touched].map((key) => {
    const [tokenAddress, holder] = key.split('|') as [string, string];
    batch.balances.set(key, balances.get(key)!);
    return {
      chainId,
      tokenAddress,
      holder,
      blockNumber: decoded.number,
      blockTimestamp: decoded.timestamp,
      balance: balances.get(key)!.toString(),
    };
  });

  const balance1155Rows = await erc1155BalanceRows(context, decoded, batch);

  const nftOwners: RowOf<'EvmNftToken'>[] = [];
  const nft1155: RowOf<'EvmNftToken'>[] = [];
  for (const t of transfers) {
    if (t.ercType === 'ERC721')
      nftOwners.push({ chainId, address: t.tokenAddress, tokenId: t.tokenId!, ercType: 'ERC721', ownerAddress: t.to });
    if (t.ercType === 'ERC1155')
      nft1155.push({ chainId, address: t.tokenAddress, tokenId: t.tokenId!, ercType: 'ERC1155' });
  }

  const tokens = await newTokenContracts(context, decoded);
  const teleporter = await teleporterChanges(context, decoded, batch);
  return {
    rows: {
      ...decoded.rows,
      Erc20BalanceChange: balanceRows,
      Erc1155BalanceChange: balance1155Rows,
      EvmNftToken: nft1155,
    },
    upserts: {
      // Each holder's current balance is the change of its latest block (a batch's later block wins, see insertRows).
      Erc20Balance: balanceRows.map(({ chainId, holder, tokenAddress, blockNumber, balance }) => ({
        chainId,
        holder,
        tokenAddress,
        blockNumber,
        balance,
      })),
      Erc1155Balance: balance1155Rows,
      EvmNftToken: nftOwners,
      EvmContract: tokens,
      TeleporterMessage: teleporter.upserts,
    },
    updates: teleporter.updates,
  };
}

/**
 * Each (token, holder)'s balance before the block: from an earlier block of the batch, else its last
 * stored change, else balanceOf at the block before when the index starts after genesis.
 */
async function previousErc20Balances(
  context: CompleteContext,
  number: bigint,
  transfers: readonly RowOf<'EvmTokenTransfer'>[],
  batch: BatchState,
): Promise<Map<string, bigint>> {
  const pairs = new Map<string, [string, string]>();
  const balances = new Map<string, bigint>();
  for (const t of transfers) {
    for (const holder of [t.from, t.to]) {
      if (holder === ZERO) continue;
      const key = `${t.tokenAddress}|${holder}`;
      const known = batch.balances.get(key) ?? batch.before?.balances.get(key);
      if (known !== undefined) balances.set(key, known);
      else pairs.set(key, [t.tokenAddress, holder]);
    }
  }
  if (pairs.size === 0) return balances;
  const list = [...pairs.values()];
  // One backward step of the history's primary key per pair: a DISTINCT ON over the join reads and
  // sorts every earlier change of the pair, a cost that grows with the holder's history.
  const rows = await context.db.query<{ token_address: string; holder: string; balance: string }>(
    `SELECT p.token AS token_address, p.holder, c.balance::text AS balance
       FROM unnest($2::bytea[], $3::bytea[]) AS p(token, holder)
       CROSS JOIN LATERAL (
         SELECT c.balance FROM erc20_balance_change c
          WHERE c.chain_id = $1 AND c.holder = p.holder AND c.token_address = p.token AND c.block_number < $4
          ORDER BY c.block_number DESC LIMIT 1) c`,
    [context.chainId.toString(), list.map((p) => p[0]), list.map((p) => p[1]), number.toString()],
  );
  for (const row of rows) balances.set(`${row.token_address}|${row.holder}`, BigInt(row.balance));
  const unknown = list.filter(([token, holder]) => !balances.has(`${token}|${holder}`));
  if (unknown.length > 0 && number > context.startBlock && context.startBlock > 0n) {
    // Tokens older than the indexed range: their opening balances come from the chain itself.
    const tag = `0x${(number - 1n).toString(16)}`;
    const outcomes = await context.rpc.batch(
      unknown.map(([to, holder]) => ({
        method: 'eth_call',
        params: [{ to, data: `0x70a08231${holder.slice(2).padStart(64, '0')}` }, tag],
      })),
    );
    outcomes.forEach((o, i) => {
      if (o.ok && typeof o.result === 'string' && /^0x[0-9a-fA-F]{64}$/.test(o.result))
        balances.set(unknown[i]!.join('|'), BigInt(o.result));
    });
  }
  return balances;
}

/**
 * The block's ERC-1155 balance changes: each (token, token ID, holder) a TransferSingle or a
 * TransferBatch item moved, with its balance after the block (previous balance + the block's
 * items; the zero address of mints and burns holds nothing). A row is both the history's change
 * and the holder's current balance (the same columns).
 */
async function erc1155BalanceRows(
  context: CompleteContext,
  decoded: DecodedBlock,
  batch: BatchState,
): Promise<RowOf<'Erc1155BalanceChange'>[]> {
  const transfers = decoded.rows.EvmTokenTransfer.filter((t) => t.ercType === 'ERC1155');
  if (transfers.length === 0) return [];
  const moves = new Map<string, { tokenAddress: string; tokenId: string; holder: string; delta: bigint }>();
  for (const t of transfers) {
    const tokenId = BigInt(t.tokenId as string).toString();
    const amount = BigInt(t.value as string);
    for (const [holder, sign] of [
      [t.from, -1n],
      [t.to, 1n],
    ] as const) {
      if (holder === ZERO) continue;
      const key = `${t.tokenAddress}|${tokenId}|${holder}`;
      const move = moves.get(key) ?? { tokenAddress: t.tokenAddress, tokenId, holder, delta: 0n };
      move.delta += sign * amount;
      moves.set(key, move);
    }
  }
  const previous = await previousErc1155Balances(context, decoded.number, moves, batch);
  return [...moves].map(([key, move]) => {
    const balance = (previous.get(key) ?? 0n) + move.delta;
    batch.balances1155.set(key, balance);
    return {
      chainId: context.chainId,
      holder: move.holder,
      tokenAddress: move.tokenAddress,
      tokenId: move.tokenId,
      blockNumber: decoded.number,
      balance: balance.toString(),
    };
  });
}

/**
 * Each (token, token ID, holder)'s ERC-1155 balance before the block: from an earlier block of the
 * batch, else its last stored change (one backward step of the history's primary key each), else
 * balanceOf(holder, id) at the block before when the index starts after genesis.
 */
async function previousErc1155Balances(
  context: CompleteContext,
  number: bigint,
  moves: ReadonlyMap<string, { tokenAddress: string; tokenId: string; holder: string }>,
  batch: BatchState,
): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  const unread: { key: string; tokenAddress: string; tokenId: string; holder: string }[] = [];
  for (const [key, move] of moves) {
    const known = batch.balances1155.get(key) ?? batch.before?.balances1155.get(key);
    if (known !== undefined) balances.set(key, known);
    else unread.push({ key, ...move });
  }
  if (unread.length === 0) return balances;
  const rows = await context.db.query<{ token_address: string; token_id: string; holder: string; balance: string }>(
    `SELECT p.token AS token_address, p.id::text AS token_id, p.holder, c.balance::text AS balance
       FROM unnest($2::bytea[], $3::numeric[], $4::bytea[]) AS p(token, id, holder)
       CROSS JOIN LATERAL (
         SELECT c.balance FROM erc1155_balance_change c
          WHERE c.chain_id = $1 AND c.holder = p.holder AND c.token_address = p.token AND c.token_id = p.id AND c.block_number < $5
          ORDER BY c.block_number DESC LIMIT 1) c`,
    [
      context.chainId.toString(),
      unread.map((p) => p.tokenAddress),
      unread.map((p) => p.tokenId),
      unread.map((p) => p.holder),
      number.toString(),
    ],
  );
  for (const row of rows) balances.set(`${row.token_address}|${row.token_id}|${row.holder}`, BigInt(row.balance));
  const unknown = unread.filter((p) => !balances.has(p.key));
  if (unknown.length > 0 && number > context.startBlock && context.startBlock > 0n) {
    // Tokens older than the indexed range: their opening balances come from the chain itself.
    const tag = `0x${(number - 1n).toString(16)}`;
    const outcomes = await context.rpc.batch(
      unknown.map((p) => ({
        method: 'eth_call',
        params: [
          {
            to: p.tokenAddress,
            data: `0x00fdd58e${p.holder.slice(2).padStart(64, '0')}${BigInt(p.tokenId).toString(16).padStart(64, '0')}`,
          },
          tag,
        ],
      })),
    );
    outcomes.forEach((o, i) => {
      if (o.ok && typeof o.result === 'string' && /^0x[0-9a-fA-F]{64}$/.test(o.result))
        balances.set(unknown[i]!.key, BigInt(o.result));
    });
  }
  return balances;
}

/** EvmContract rows (ercType, name, symbol, decimals) of token contracts this block shows for the first time. */
async function newTokenContracts(context: CompleteContext, decoded: DecodedBlock): Promise<RowOf<'EvmContract'>[]> {
  const kinds = new Map<string, RowOf<'EvmTokenTransfer'>['ercType']>();
  for (const t of decoded.rows.EvmTokenTransfer)
    if (!context.memory.knownTokens.has(t.tokenAddress) && !kinds.has(t.tokenAddress))
      kinds.set(t.tokenAddress, t.ercType);
  if (kinds.size === 0) return [];
  const stored = await context.db.query<{ address: string }>(
    `SELECT address FROM evm_contract WHERE chain_id = $1 AND address = ANY($2::bytea[]) AND erc_type <> 'UNKNOWN'`,
    [context.chainId.toString(), [...kinds.keys()]],
  );
  for (const { address } of stored) {
    kinds.delete(address);
    context.memory.knownTokens.add(address);
  }
  if (kinds.size === 0) return [];
  const metadata = await readTokenMetadata(context.rpc, [...kinds.keys()], `0x${decoded.number.toString(16)}`);
  return [...kinds].map(([address, kind]) => {
    const meta = metadata.get(address)!;
    // The log's shape decides; ERC-165 confirms an NFT contract that also emits 3-topic Transfers.
    const ercType =
      kind === 'ERC20' && meta.supports721 ? 'ERC721' : kind === 'ERC20' && meta.supports1155 ? 'ERC1155' : kind;
    context.memory.knownTokens.add(address);
    return {
      chainId: context.chainId,
      address,
      ercType,
      name: meta.name,
      symbol: meta.symbol,
      decimals: ercType === 'ERC20' ? meta.decimals : null,
      tags: [],
    };
  });
}

/**
 * The block's teleporter_message changes (domain/teleporterWrites.ts): whether each delivered
 * message's send is known comes from an earlier block of the batch, else from the stored row.
 */
async function teleporterChanges(
  context: CompleteContext,
  decoded: DecodedBlock,
  batch: BatchState,
): Promise<TeleporterWrites> {
  if (decoded.teleporter.length === 0) return { upserts: [], updates: [] };
  const ids = decoded.teleporter.filter((e) => e.kind === 'receive').map((e) => e.messageId);
  const stored = new Set<string>();
  if (ids.length > 0) {
    const rows = await context.db.query<{ teleporter_message_id: string }>(
      `SELECT teleporter_message_id FROM teleporter_message WHERE teleporter_message_id = ANY($1::bytea[]) AND source_tx_hash <> ''`,
      [ids],
    );
    for (const row of rows) stored.add(row.teleporter_message_id);
  }
  if (context.memory.network === undefined) {
    const [chain] = await context.db.query<{ network: string }>(
      'SELECT network::text AS network FROM evm_chain WHERE chain_id = $1',
      [context.chainId.toString()],
    );
    context.memory.network = chain?.network === 'fuji' ? 'FUJI' : 'MAINNET';
  }
  const gas = new Map(decoded.rows.EvmTransaction.map((tx) => [tx.txHash, String(tx.gasUsed)]));
  const writes = teleporterWrites(
    decoded.teleporter,
    {
      number: decoded.number,
      timestamp: decoded.timestamp,
      network: context.memory.network,
      gasUsed: (txHash) => gas.get(txHash) ?? null,
    },
    (id) => batch.sent.has(id) || batch.before?.sent.has(id) === true || stored.has(id),
  );
  for (const e of decoded.teleporter) if (e.kind === 'send') batch.sent.add(e.messageId);
  return writes;
}
