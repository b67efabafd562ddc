// Generates one EVM chain block by block and streams its rows: blocks chained by parentHash, with
// the header members a node gives (blockHeader.ts), transactions whose gas sums to the block's
// gasUsed, transfers, internal transactions, deployed contracts, and native / ERC-20 / ERC-1155
// balance histories written at the end of each block, with the current ERC-20 and ERC-1155 balances
// after the last block.
import type { RowOf } from '../../prisma/write';
import { createRandom } from '../random';
import type { BulkWriter } from '../../prisma/write';
import { createHeaderWriter } from './blockHeader';
import { startBtcbBridge } from './btcbBridge';
import { BLACKHOLE, type EvmChainSpec } from './chains';
import { chainAccounts, OPERATOR_COUNT, preexistingContracts } from './contracts';
import { affordable, applyDraft, type BlockContext, type BlockRows, type TxDraft } from './draft';
import type { ChainEnv } from './env';
import { deployContract, factoryDeploy, items, launchToken, nftMint, nftSale, nftTransfer } from './kindsNft';
import {
  approve,
  erc20Transfer,
  failedSwap,
  multisend,
  nativeTransfer,
  spamAirdrop,
  swapNativeForToken,
  swapTokenForNative,
  tokenMint,
  wrapUnwrap,
  type Kind,
} from './kindsTokens';
import { writeNftTokens } from './nftTokens';
import { setupSteps } from './setup';
import { createChainState, openingBalance } from './state';
import { receiveDraft, sendDraft, type TeleporterMessagePlan } from './teleporter';
import { retryDraft } from './teleporterRetry';
import { mix32, type Timeline } from './timeline';

/** Random transaction kinds and their relative weights. */
const KINDS: [Kind, number][] = [
  [nativeTransfer, 28],
  [erc20Transfer, 20],
  [approve, 4],
  [swapNativeForToken, 8],
  [swapTokenForNative, 6],
  [wrapUnwrap, 3],
  [tokenMint, 4],
  [nftMint, 4],
  [nftTransfer, 3],
  [nftSale, 2],
  [items, 4],
  [deployContract, 1.2],
  [factoryDeploy, 0.8],
  [launchToken, 0.5],
  [multisend, 1.5],
  [failedSwap, 2],
  [spamAirdrop, 0.7],
];

/** What generating a chain produced. */
export type ChainSummary = { blocks: number; transactions: number; firstTimestamp: number; lastTimestamp: number };

/** Inputs of {@link generateChain}. */
export type GenerateChainOptions = {
  spec: EvmChainSpec;
  timeline: Timeline;
  scale: number;
  writer: BulkWriter;
  /** Messages this chain sends or delivers. */
  messages: TeleporterMessagePlan[];
  /** Collects the EvmLog rows finished once every chain is generated (Teleporter logs). */
  lateLogs?: (() => RowOf<'EvmLog'>)[];
};

/**
 * Number of users of a chain at a scale: grows with the square root of the scale, at most 4x.
 * @param spec chain spec
 * @param scale volume multiplier
 * @returns user count
 * @example userCount(spec, 100) // 4 × spec.accounts
 */
export function userCount(spec: EvmChainSpec, scale: number): number {
  return Math.max(50, Math.round(spec.accounts * Math.min(4, Math.sqrt(scale))));
}

/**
 * Genesis balances of an L1 generated from block 1: exactly the opening balances the generator
 * starts from, so every later balance is explained by transactions.
 * @param spec chain spec
 * @param scale volume multiplier
 * @returns address → wei
 * @example genesisBalances(kestrelSpec, 1)
 */
export function genesisBalances(spec: EvmChainSpec, scale: number): Map<string, bigint> {
  const { pool } = chainAccounts(spec, userCount(spec, scale));
  const seed = chainSeed(spec);
  return new Map(pool.map((address, i) => [address, openingBalance(seed, address, i < OPERATOR_COUNT)]));
}

/**
 * Generates a chain and writes its rows.
 * @param options chain, timeline, scale, writer and its teleporter messages
 * @returns block and transaction counts, time range
 * @example await generateChain({ spec, timeline, scale: 1, writer, messages })
 */
export async function generateChain(options: GenerateChainOptions): Promise<ChainSummary> {
  const { spec, timeline, writer } = options;
  const rng = createRandom(`avalanche-demo-data/evm/${spec.key}`);
  const { operators, pool } = chainAccounts(spec, userCount(spec, options.scale));
  const state = createChainState(pool, OPERATOR_COUNT, chainSeed(spec), spec.firstBlock === 1n);
  const pre = preexistingContracts(spec, operators, rng);
  for (const address of [...pre.rows.map((r) => r.address)]) state.contracts.add(address);
  for (const row of pre.rows) await writer.push('EvmContract', row);
  // Opening balances as the history's first rows (the genesis allocation, block 0, on L1s; the
  // balance before the indexed range on the C-Chains), so "balance at block N" is always the latest
  // row at or below N, also for an account before its first indexed transaction.
  for (const address of pool) {
    await writer.push('NativeBalanceChange', {
      chainId: spec.chainId,
      address,
      blockNumber: spec.firstBlock - 1n,
      balance: state.native.get(address)!.toString(),
    });
  }
  const env: ChainEnv = { spec, contracts: pre.contracts, state, rng, users: pool.slice(OPERATOR_COUNT) };
  const setup = setupSteps(env);
  const sends = indexBy(
    options.messages.filter((m) => m.source === spec.key),
    (m) => m.sourceIndex,
  );
  const receives = indexBy(
    options.messages.filter((m) => m.destination === spec.key && m.destinationIndex !== null),
    (m) => m.destinationIndex!,
  );
  const retries = indexBy(
    options.messages.filter((m) => m.destination === spec.key && m.retryIndex !== null),
    (m) => m.retryIndex!,
  );
  // Retries draw from a stream of their own, so the chain's stream draws as before.
  const retryRng = createRandom(`avalanche-demo-data/evm/${spec.key}/icm-retries`);
  const btcb = await startBtcbBridge(spec, state, writer);
  const kinds = KINDS.map(([k]) => k);
  const weights = KINDS.map(([, w]) => w);

  const header = createHeaderWriter(spec);
  let parentHash = `0x${rng.hex(32)}`;
  let baseFee = spec.minBaseFee + spec.baseFeeSpread / 4n;
  let transactions = 0;
  /** `token|holder` → the last block that changed the balance (the holder's current balance row). */
  const lastErc20Change = new Map<string, bigint>();
  /** `token|id|holder` → the last block that changed the ERC-1155 balance. */
  const last1155Change = new Map<string, bigint>();
  for (let i = 0; i < timeline.count; i++) {
    const number = spec.firstBlock + BigInt(i);
    const timestamp = timeline.timestampOf(i);
    baseFee = nextBaseFee(spec, baseFee, rng.float());
    const rows: BlockRows = {
      transactions: [],
      transfers: [],
      internals: [],
      contracts: [],
      logs: [],
      lateLogs: [],
      gasUsed: 0n,
      logIndex: 0,
    };
    const block: BlockContext = { chainId: spec.chainId, number, baseFee, rng, state, rows };
    const budget = (spec.gasLimit * 9n) / 10n;
    const apply = (draft: TxDraft | null): boolean => {
      if (!draft || rows.gasUsed + draft.gasUsed > budget || !affordable(block, draft)) return false;
      applyDraft(block, draft);
      return true;
    };
    for (const message of receives.get(i) ?? []) apply(receiveDraft(env, message));
    for (let s = 0; s < 3 && setup.length > 0; s++) apply(setup.shift()!(block));
    for (const message of sends.get(i) ?? []) {
      // The plan promised this transaction; if its sender cannot pay, the relayer sends a plain message.
      if (!apply(sendDraft(block, env, message))) {
        message.bridge = null;
        message.wantsBridge = false;
        apply(sendDraft(block, env, message, operators.relayer));
      }
    }
    for (const message of retries.get(i) ?? []) {
      // Only a delivery that took place (its receiver recorded) can be retried.
      const draft = message.destinationAddress ? retryDraft(env, message, retryRng) : null;
      if (draft && rows.gasUsed + draft.gasUsed <= budget && affordable(block, draft))
        applyDraft({ ...block, rng: retryRng }, draft);
      else message.retryTxHash = null;
    }
    if (setup.length === 0) {
      const target = poisson(spec.txPerBlock * activity(timestamp), rng);
      for (let t = 0; t < target; t++) {
        const kind = rng.weighted(kinds, weights);
        if (!apply(kind(block, env))) apply(nativeTransfer(block, env));
      }
    }
    // Last in the block, from its own stream and accounts: the chain's other transactions stay as they were.
    const bridged = btcb?.draftAt(block, i) ?? null;
    if (bridged && rows.gasUsed + bridged.gasUsed <= budget && affordable(block, bridged))
      applyDraft({ ...block, rng: btcb!.rng }, bridged);
    const hash = `0x${rng.hex(32)}`;
    const members = header({
      number,
      timestamp,
      gasLimit: spec.gasLimit,
      gasUsed: rows.gasUsed,
      baseFee,
      transactions: rows.transactions,
      logCount: rows.logIndex,
    });
    await writer.push('EvmBlock', {
      chainId: spec.chainId,
      number,
      hash,
      parentHash,
      timestamp: BigInt(timestamp),
      gasLimit: spec.gasLimit.toString(),
      gasUsed: rows.gasUsed.toString(),
      baseFeePerGas: baseFee.toString(),
      txCount: rows.transactions.length,
      miner: BLACKHOLE,
      ...members,
    });
    parentHash = hash;
    transactions += rows.transactions.length;
    for (const row of rows.transactions) await writer.push('EvmTransaction', row);
    for (const row of rows.transfers) await writer.push('EvmTokenTransfer', row);
    for (const row of rows.logs) await writer.push('EvmLog', row);
    options.lateLogs?.push(...rows.lateLogs);
    for (const row of rows.internals) await writer.push('EvmInternalTransaction', row);
    for (const row of rows.contracts) await writer.push('EvmContract', row);
    for (const address of state.touchedNative) {
      await writer.push('NativeBalanceChange', {
        chainId: spec.chainId,
        address,
        blockNumber: number,
        balance: (state.native.get(address) ?? 0n).toString(),
      });
    }
    for (const key of state.touchedErc20) {
      const [token, holder] = key.split('|') as [string, string];
      lastErc20Change.set(key, number);
      await writer.push('Erc20BalanceChange', {
        chainId: spec.chainId,
        tokenAddress: token,
        holder,
        blockNumber: number,
        blockTimestamp: BigInt(timestamp),
        balance: state.erc20.get(token)!.get(holder)!.toString(),
      });
    }
    for (const key of state.touched1155) {
      const [token, tokenId, holder] = key.split('|') as [string, string, string];
      last1155Change.set(key, number);
      await writer.push('Erc1155BalanceChange', {
        chainId: spec.chainId,
        holder,
        tokenAddress: token,
        tokenId,
        blockNumber: number,
        balance: state.balances1155.get(token)!.get(`${tokenId}|${holder}`)!.toString(),
      });
    }
    state.touchedNative.clear();
    state.touchedErc20.clear();
    state.touched1155.clear();
  }
  for (const [key, blockNumber] of lastErc20Change) {
    const [token, holder] = key.split('|') as [string, string];
    await writer.push('Erc20Balance', {
      chainId: spec.chainId,
      holder,
      tokenAddress: token,
      blockNumber,
      balance: state.erc20.get(token)!.get(holder)!.toString(),
    });
  }
  for (const [key, blockNumber] of last1155Change) {
    const [token, tokenId, holder] = key.split('|') as [string, string, string];
    await writer.push('Erc1155Balance', {
      chainId: spec.chainId,
      holder,
      tokenAddress: token,
      tokenId,
      blockNumber,
      balance: state.balances1155.get(token)!.get(`${tokenId}|${holder}`)!.toString(),
    });
  }
  await writeNftTokens(env, writer);
  return {
    blocks: timeline.count,
    transactions,
    firstTimestamp: timeline.startTime,
    lastTimestamp: timeline.timestampOf(timeline.count - 1),
  };
}

/**
 * Seed of a chain's hash-derived values (opening balances, burst offsets).
 * @param spec chain spec
 * @returns 32-bit seed
 * @example chainSeed(spec)
 */
export function chainSeed(spec: EvmChainSpec): number {
  return mix32(0x2545f491, Number(spec.chainId % 2_147_483_647n));
}

/** Daily rhythm: busiest around 15:00 UTC, quietest around 03:00 UTC (0.4x to 1.6x). */
function activity(timestamp: number): number {
  const hour = (timestamp % 86_400) / 3600;
  return 1 + 0.6 * Math.sin(((hour - 9) / 24) * 2 * Math.PI);
}

/** Base fee random walk within the chain's floor and spread. */
function nextBaseFee(spec: EvmChainSpec, current: bigint, u: number): bigint {
  const step = (current * BigInt(Math.round((u - 0.5) * 250))) / 1000n;
  const next = current + step;
  const max = spec.minBaseFee + spec.baseFeeSpread;
  return next < spec.minBaseFee ? spec.minBaseFee : next > max ? max : next;
}

function poisson(mean: number, rng: { float(): number }): number {
  let count = 0;
  let p = Math.exp(-mean);
  let sum = p;
  const u = rng.float();
  while (u > sum && count < 60) {
    count++;
    p *= mean / count;
    sum += p;
  }
  return count;
}

function indexBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
