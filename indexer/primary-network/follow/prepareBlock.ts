// From a decoded block to its write: the block and transaction rows, every transaction applied to
// the block's working set, the proposal of a proposal block kept for the option block after it.
import { toHex } from '../../../avalanche/bytes';
import {
  addL1ValidatorFees,
  advanceL1ValidatorFees,
  L1_VALIDATOR_FEES,
  l1ValidatorFeesCharged,
  type L1ValidatorFeeState,
  type SupplyTotals,
} from '../../../domain';
import type { Database } from '../../../prisma/database';
import type { BlockWrite } from '../../../prisma/write';
import { applyTx } from '../apply/applyTx';
import { createBlockChanges } from '../apply/blockChanges';
import { advanceChainTime, copyLedger, type SupplyLedger } from '../apply/supplyLedger';
import type { RewardUtxo } from '../apply/txContext';
import { chainCodec } from '../../../avalanche/tx-codec/chainCodecs';
import type { PrimaryBlock } from '../codec/decodePrimaryBlock';
import type { ProposerFields } from '../codec/decodeProposerBlock';
import type { BlockTx } from '../../../avalanche/tx-codec/readSignedTxs';
import type { ChainFacts } from './networkFacts';

/** What a follower carries from block to block. */
export type ChainMemory = {
  /** Time of the last block (Apricot blocks carry none). */
  timestamp: bigint;
  /** The transaction of the last block when it was a proposal block, applied by the next (option) block. */
  proposal: BlockTx | null;
  /** P-Chain: the current supply after the last block, when the index follows it from the genesis. */
  supply: SupplyLedger;
  /** The current supply the node last reported: what blocks carry when the index cannot know theirs. */
  nodeSupply: bigint;
  /** P-Chain: the L1 validator fee state after the last block (all 0 before Etna, and on the X-Chain). */
  fees: L1ValidatorFeeState;
  /** The chain's supply totals after the last block (burned, L1 validator fees, rewards). */
  totals: SupplyTotals;
};

/** Options of {@link prepareBlock}. */
export type PrepareBlockOptions = {
  db: Pick<Database, 'query'>;
  facts: ChainFacts;
  memory: ChainMemory;
  rewardUtxos(stakerTxId: string): Promise<RewardUtxo[]>;
  /** The block's proposervm details, when the node's index has them. */
  proposer?: ProposerFields | null;
};

const isProposal = (type: string) => type.endsWith('ProposalBlock');
const isOption = (type: string) => type.endsWith('CommitBlock') || type.endsWith('AbortBlock');

/**
 * Builds the write of a block (rows, changes; the caller adds the cursor) and moves the memory on.
 * @param options database (reads), chain facts, memory, reward UTXO source
 * @param block the decoded block
 * @returns the write, and the memory after the block (the caller keeps it once written)
 * @example const { write, memory } = await prepareBlock({ db, facts, memory, rewardUtxos }, block)
 */
export async function prepareBlock(
  options: PrepareBlockOptions,
  block: PrimaryBlock,
): Promise<{ write: Omit<BlockWrite, 'cursor'>; memory: ChainMemory }> {
  const { facts } = options;
  const advance = block.txs.find((t) => t.txType === 'AdvanceTimeTx');
  const timestamp = block.timestamp ?? (advance ? advanceTimeOf(advance) : options.memory.timestamp);
  const changes = createBlockChanges(options.db, facts.network);
  const { fees, charged } = await advanceFees(options, block.height, timestamp, changes);
  const totals = { value: addL1ValidatorFees(options.memory.totals, charged) };
  const supply = copyLedger(options.memory.supply);
  // Stakers whose start the chain time reaches enter the set before the block's transactions
  // (advanceTimeTo): at every Banff block, and before Banff when an AdvanceTimeTx is committed.
  const advanced =
    options.memory.proposal?.txType === 'AdvanceTimeTx' && block.blockType.endsWith('CommitBlock')
      ? advanceTimeOf(options.memory.proposal)
      : null;
  const chainTime = block.timestamp ?? advanced;
  if (chainTime !== null) advanceChainTime(supply, facts.network, chainTime, changes);
  const base = {
    network: facts.network,
    hrp: facts.hrp,
    chain: facts.chain,
    chainId: facts.chainId,
    avaxAssetId: facts.avaxAssetId,
    height: block.height,
    timestamp,
    durango: facts.durango,
    codec: chainCodec(facts.chain),
    changes,
    fees,
    supply,
    totals,
    genesis: false,
    rewardUtxos: options.rewardUtxos,
  };
  const proposal = isProposal(block.blockType) ? (block.txs[block.txs.length - 1] ?? null) : null;
  const place = { network: facts.network, blockchainId: facts.chainId };
  for (const [txIndex, tx] of block.txs.entries()) {
    if (tx === proposal) continue;
    await applyTx({ ...base, tx, txIndex });
    changes.placeTransaction({ ...place, blockTimestamp: timestamp, txHash: tx.txId });
  }
  if (isOption(block.blockType) && options.memory.proposal) {
    await applyTx(
      { ...base, tx: options.memory.proposal, txIndex: 0 },
      block.blockType.endsWith('CommitBlock') ? 'commit' : 'abort',
    );
    // The proposal's row is the proposal block's, at that block's time.
    changes.placeTransaction({
      ...place,
      blockTimestamp: options.memory.timestamp,
      txHash: options.memory.proposal.txId,
    });
  }
  for (const tx of block.txs) {
    changes.insert('PrimaryNetworkTransaction', {
      network: facts.network,
      txHash: tx.txId,
      blockchainId: facts.chainId,
      txType: tx.txType,
      blockNumber: block.height,
      blockTimestamp: timestamp,
      txBytes: `0x${toHex(tx.bytes)}`,
    });
  }
  changes.insert('PrimaryNetworkBlock', {
    network: facts.network,
    blockchainId: facts.chainId,
    blockNumber: block.height,
    blockHash: block.blockId,
    parentHash: block.parentId,
    blockType: block.blockType,
    blockTimestamp: timestamp,
    txCount: block.txs.length,
    transactions: block.txs.map((t) => t.txId),
    blockSizeBytes: block.sizeBytes,
    currentSupply: (supply.supply ?? options.memory.nodeSupply).toString(),
    l1ValidatorsAccruedFees: fees.accruedFees,
    activeL1Validators: Number(fees.active),
    l1ValidatorExcess: fees.excess.toString(),
    burnedTotal: totals.value.burned.toString(),
    l1ValidatorFeesTotal: totals.value.l1ValidatorFees.toString(),
    rewardsTotal: totals.value.rewards.toString(),
    ...(options.proposer ?? {}),
  });
  return {
    write: changes.toWrite(),
    memory: { timestamp, proposal, supply, nodeSupply: options.memory.nodeSupply, fees, totals: totals.value },
  };
}

/** The time an AdvanceTimeTx moves the chain to. */
function advanceTimeOf(tx: BlockTx): bigint {
  return BigInt((tx.unsigned as unknown as { time: { value(): bigint } }).time.value());
}

/**
 * The L1 validator fee state as a P-Chain block from Etna on starts it (avalanchego
 * advanceValidatorFeeState, before the block's transactions): the time since the parent block
 * charged, validators whose balance ran out deactivated, and what they were charged. The first
 * indexed block has no parent time and charges nothing.
 */
async function advanceFees(
  options: PrepareBlockOptions,
  height: bigint,
  timestamp: bigint,
  changes: ReturnType<typeof createBlockChanges>,
): Promise<{ fees: L1ValidatorFeeState; charged: bigint }> {
  const { facts, memory } = options;
  const config = L1_VALIDATOR_FEES[facts.network === 'MAINNET' ? 'mainnet' : 'fuji'];
  if (facts.chain !== 'P' || timestamp < config.activation || memory.timestamp === 0n || timestamp <= memory.timestamp)
    return { fees: { ...memory.fees }, charged: 0n };
  const fees = advanceL1ValidatorFees(config, memory.fees, timestamp - memory.timestamp);
  const ranOut = fees.active > 0n ? await changes.deactivateL1Validators(fees.accruedFees, height, timestamp) : [];
  fees.active -= BigInt(ranOut.length);
  const charged = l1ValidatorFeesCharged(memory.fees.active, memory.fees.accruedFees, fees.accruedFees, ranOut);
  return { fees, charged };
}
