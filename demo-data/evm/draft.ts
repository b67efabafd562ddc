// A drafted transaction and how it is applied: fees and value moves on the native balances,
// token moves, NFT owners, and the rows it produces (transaction, transfers with block-wide log
// indexes, internal transactions, deployed contracts).
import { toHex } from '../../avalanche/bytes';
import type { RowOf } from '../../prisma/write';
import type { Random } from '../random';
import { ZERO_ADDRESS } from './chains';
import { BATCH_SELECTORS, transferLog, type EmittedLog, type LogDraft } from './events';
import { pseudoSignature } from './pseudoSignature';
import { currentNonce, moveErc20, moveNative, pickSetAdd, pickSetOf, pickSetRemove, type ChainState } from './state';

/** One ERC-20/721/1155 transfer item. */
export type TransferDraft = {
  ercType: 'ERC20' | 'ERC721' | 'ERC1155';
  token: string;
  from: string;
  to: string;
  value: bigint;
  tokenId?: bigint;
};

/** One call frame below the top-level call. */
export type InternalDraft = {
  type: 'CALL' | 'CREATE' | 'CREATE2' | 'DELEGATECALL' | 'STATICCALL';
  from: string;
  to: string;
  value: bigint;
  gasUsed: bigint;
};

/** A transaction before it is placed in a block. */
export type TxDraft = {
  from: string;
  to: string | null;
  value: bigint;
  input: Uint8Array;
  gasUsed: bigint;
  /** 0 when reverted: no value, token or owner changes, every frame reverted. */
  status: 0 | 1;
  /** Logs in order: an array of transfers (one Transfer, or the items of a TransferBatch) or another event. */
  logs: (TransferDraft[] | LogDraft)[];
  internals: InternalDraft[];
  contractAddress?: string;
  /** EvmContract rows of contracts created by this transaction (deployment fields filled on apply). */
  contracts?: RowOf<'EvmContract'>[];
  /** Fixed hash (teleporter transactions, known to both chains). */
  hash?: string;
};

/** Rows produced by a block's transactions. */
export type BlockRows = {
  transactions: RowOf<'EvmTransaction'>[];
  transfers: RowOf<'EvmTokenTransfer'>[];
  internals: RowOf<'EvmInternalTransaction'>[];
  contracts: RowOf<'EvmContract'>[];
  /** EvmLog rows of the block, and those finished once every chain is generated (events.ts LogDraft). */
  logs: RowOf<'EvmLog'>[];
  lateLogs: (() => RowOf<'EvmLog'>)[];
  gasUsed: bigint;
  logIndex: number;
};

/** The block a draft is applied in. */
export type BlockContext = {
  chainId: bigint;
  number: bigint;
  baseFee: bigint;
  rng: Random;
  state: ChainState;
  rows: BlockRows;
};

/**
 * Whether the sender can pay value plus the fee at this block's prices.
 * @param block block context
 * @param draft the draft
 * @returns true when affordable
 * @example if (!affordable(block, draft)) return null
 */
export function affordable(block: BlockContext, draft: TxDraft): boolean {
  const price = block.baseFee + 2_000_000_000n;
  const balance = block.state.native.get(draft.from) ?? 0n;
  return balance >= draft.value + draft.gasUsed * price;
}

/**
 * Applies a draft to the state and appends its rows to the block.
 * @param block block context
 * @param draft the transaction
 * @returns its hash
 * @example applyDraft(block, nativeTransfer(...))
 */
export function applyDraft(block: BlockContext, draft: TxDraft): string {
  const { state, rng, rows } = block;
  const legacy = rng.chance(0.15);
  const tip = legacy ? BigInt(rng.int(0, 5)) * 100_000_000n : BigInt(rng.int(0, 20)) * 100_000_000n;
  const gasPrice = block.baseFee + tip;
  const gasLimit = (draft.gasUsed * BigInt(rng.int(110, 150))) / 100n + 1_000n;
  const nonce = currentNonce(state, draft.from);
  state.nonces.set(draft.from, nonce + 1n);
  const hash = draft.hash ?? `0x${rng.hex(32)}`;
  const ok = draft.status === 1;
  const txIndex = rows.transactions.length;

  moveNative(state, draft.from, null, draft.gasUsed * gasPrice);
  if (ok) {
    moveNative(state, draft.from, draft.to ?? draft.contractAddress ?? null, draft.value);
    for (const frame of draft.internals) moveNative(state, frame.from, frame.to, frame.value);
  }
  rows.transactions.push({
    chainId: block.chainId,
    txHash: hash,
    blockNumber: block.number,
    blockIndex: rows.transactions.length,
    from: draft.from,
    to: draft.to,
    value: draft.value.toString(),
    gasLimit: gasLimit.toString(),
    gasUsed: draft.gasUsed.toString(),
    gasPrice: gasPrice.toString(),
    maxFeePerGas: legacy ? null : (block.baseFee * 2n + tip).toString(),
    maxPriorityFeePerGas: legacy ? null : tip.toString(),
    nonce,
    txType: legacy ? 0 : 2,
    status: draft.status,
    input: `0x${toHex(draft.input)}`,
    methodHash: draft.input.length >= 4 ? `0x${Buffer.from(draft.input.subarray(0, 4)).toString('hex')}` : null,
    contractAddress: ok ? (draft.contractAddress ?? null) : null,
    ...pseudoSignature(hash, block.chainId, legacy ? 0 : 2),
  });
  rows.gasUsed += draft.gasUsed;

  if (ok) {
    const batchCall =
      draft.input.length >= 4 && BATCH_SELECTORS.has(`0x${Buffer.from(draft.input.subarray(0, 4)).toString('hex')}`);
    for (const log of draft.logs) {
      const logIndex = rows.logIndex++;
      const logRow = (emitted: EmittedLog): RowOf<'EvmLog'> => ({
        chainId: block.chainId,
        blockNumber: block.number,
        logIndex,
        txHash: hash,
        txIndex,
        address: emitted.address,
        topic0: emitted.topics[0] ?? null,
        topic1: emitted.topics[1] ?? null,
        topic2: emitted.topics[2] ?? null,
        topic3: emitted.topics[3] ?? null,
        data: `0x${toHex(emitted.data)}`,
      });
      if (!Array.isArray(log)) {
        if ('late' in log) {
          const finish = log.late({ from: draft.from });
          rows.lateLogs.push(() => logRow(finish()));
        } else rows.logs.push(logRow(log));
        continue;
      }
      rows.logs.push(logRow(transferLog(log, draft.from, batchCall)));
      log.forEach((t, batchIndex) => {
        applyTransfer(state, t);
        rows.transfers.push({
          chainId: block.chainId,
          txHash: hash,
          logIndex,
          batchIndex,
          blockNumber: block.number,
          ercType: t.ercType,
          tokenAddress: t.token,
          from: t.from,
          to: t.to,
          value: t.value.toString(),
          tokenId: t.tokenId === undefined ? null : t.tokenId.toString(),
        });
      });
    }
    for (const c of draft.contracts ?? []) {
      state.contracts.add(c.address);
      rows.contracts.push({ ...c, deploymentTxHash: hash, deploymentBlockNumber: block.number });
    }
  }
  let remaining = gasLimit;
  draft.internals.forEach((frame, traceIndex) => {
    remaining = remaining > frame.gasUsed * 2n ? remaining - frame.gasUsed : remaining;
    rows.internals.push({
      chainId: block.chainId,
      txHash: hash,
      traceIndex,
      blockNumber: block.number,
      from: frame.from,
      to: frame.to,
      internalTxType: frame.type,
      value: frame.value.toString(),
      gasUsed: frame.gasUsed.toString(),
      gasLimit: (remaining > frame.gasUsed ? remaining : frame.gasUsed).toString(),
      isReverted: !ok,
    });
  });
  return hash;
}

function applyTransfer(state: ChainState, t: TransferDraft): void {
  if (t.ercType === 'ERC20') {
    moveErc20(state, t.token, t.from, t.to, t.value, ZERO_ADDRESS);
    return;
  }
  if (t.ercType === 'ERC721') {
    let owners = state.owners721.get(t.token);
    if (!owners) {
      owners = new Map();
      state.owners721.set(t.token, owners);
      state.minted721.set(t.token, []);
    }
    if (t.from === ZERO_ADDRESS) state.minted721.get(t.token)!.push(t.tokenId!);
    owners.set(t.tokenId!, t.to);
    return;
  }
  let balances = state.balances1155.get(t.token);
  if (!balances) {
    balances = new Map();
    state.balances1155.set(t.token, balances);
  }
  const holders = pickSetOf(state.holders1155, t.token);
  for (const [address, delta] of [
    [t.from, -t.value],
    [t.to, t.value],
  ] as const) {
    if (address === ZERO_ADDRESS) continue;
    const key = `${t.tokenId}|${address}`;
    const next = (balances.get(key) ?? 0n) + delta;
    balances.set(key, next);
    state.touched1155.add(`${t.token}|${key}`);
    if (next > 0n) pickSetAdd(holders, key);
    else pickSetRemove(holders, key);
  }
}
