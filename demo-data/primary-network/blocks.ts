// Places the P- and X-Chain events into blocks (and pre-Cortina X-Chain vertices), assigning
// heights and block times to the events. The demo P-Chain is compact: one block per planned
// transaction (plus commit blocks after reward proposals), heights 1..N, parents chained.
import { cb58Encode } from '../../avalanche/cb58';
import { toHex } from '../../avalanche/bytes';
import { decodeSignedTx } from '../../avalanche/tx-codec/readSignedTxs';
import { txAmounts } from '../../avalanche/tx-codec/txAmounts';
import { addL1ValidatorFees, addTransaction, NO_SUPPLY_TOTALS, type SupplyTotals } from '../../domain';
import { NETWORKS, PRIMARY_NETWORK_ID, type NetworkName } from '../constants';
import type { Random } from '../random';
import type { BulkWriter } from '../../prisma/write';
import type { ChainEvent } from './events';
import { createL1FeeLedger, type L1FeeEvent, type L1FeeLedger } from './l1FeeLedger';
import type { Stake } from './stakingRules';
import { supplyAt } from './supply';

/** Activation of the proposervm (Apricot Phase 4): blocks before it have no proposer. */
const PROPOSERVM: Record<NetworkName, number> = { mainnet: 1_632_344_400, fuji: 1_631_826_000 };

type Proposer = { pick(time: number): string | null };

/**
 * Places every event of a network into blocks or vertices and writes the block, vertex and
 * transaction rows.
 * @param network mainnet or fuji
 * @param events all events of the network (heights are set on them)
 * @param stakes primary-network validations (block proposers are drawn from the active ones)
 * @param writer row writer
 * @param rng random stream
 * @param rewards the staking rewards each event pays (rewardsByTx), for the supply totals
 * @returns block and vertex counts, the P-Chain height at a time, and the L1 validations' fees
 * @example await writeBlocks('mainnet', log.all(), stakes, writer, rng, rewardsByTx(plans))
 */
export async function writeBlocks(
  network: NetworkName,
  events: ChainEvent[],
  stakes: Stake[],
  writer: BulkWriter,
  rng: Random,
  rewards: ReadonlyMap<string, bigint> = new Map(),
): Promise<{
  pBlocks: number;
  xBlocks: number;
  vertices: number;
  pHeightAt: (time: number) => bigint;
  l1Fees: L1FeeLedger;
}> {
  const info = NETWORKS[network];
  const order = (list: ChainEvent[]) =>
    list
      .map((e, i) => ({ e, i }))
      .sort((a, b) => a.e.time - b.e.time || a.i - b.i)
      .map((x) => x.e);
  const pEvents = order(events.filter((e) => e.chain === 'P'));
  const xEvents = order(events.filter((e) => e.chain === 'X'));

  // ── P-Chain ──
  const pProposer = proposerPicker(stakes, rng, PROPOSERVM[network]);
  const pTimes: number[] = [];
  let height = 0n;
  let parent = cb58Encode(rng.bytes(32));
  let proposerParent = cb58Encode(rng.bytes(32));
  let lastTime = info.genesisTimestamp;
  const l1Fees = createL1FeeLedger(network);
  // The validations whose balance ran out as the next P-Chain block moved the fee state on.
  let ranOut: L1FeeEvent[] = [];
  // The running supply totals, as the indexer keeps them: each transaction's stated amounts and
  // rewards (domain/supplyTotals.ts), and the L1 validator fees each P-Chain block charges.
  const totals: Record<'P' | 'X', SupplyTotals> = { P: NO_SUPPLY_TOTALS, X: NO_SUPPLY_TOTALS };
  let charged = 0n;
  const take = (chain: 'P' | 'X', applied: readonly ChainEvent[]) => {
    for (const e of applied) {
      const tx = decodeSignedTx(e.tx.bytes, chain);
      totals[chain] = addTransaction(
        totals[chain],
        { ...txAmounts(tx.txType, tx.unsigned), rewards: rewards.get(e.tx.txId) ?? 0n },
        info.avaxAssetId,
      );
    }
  };
  const writeBlock = async (
    chainId: string,
    blockType: string,
    time: number,
    txs: ChainEvent[],
    pChainHeight: bigint,
    proposer: Proposer,
    // A proposal block's transaction takes effect with the option block after it.
    applied: readonly ChainEvent[] = txs,
  ) => {
    const chain = chainId === PRIMARY_NETWORK_ID ? 'P' : 'X';
    if (chain === 'P') totals.P = addL1ValidatorFees(totals.P, charged);
    charged = 0n;
    take(chain, applied);
    height += 1n;
    const blockHash = cb58Encode(rng.bytes(32));
    const nodeId = proposer.pick(time);
    const proposerId = nodeId ? cb58Encode(rng.bytes(32)) : null;
    const feeEvent = (event: L1FeeEvent, txOrder: number) =>
      writer.push('L1ValidatorFeeEvent', {
        network: info.prisma,
        ...event,
        accruedFees: event.accruedFees.toString(),
        blockIndex: height,
        txOrder,
        blockTimestamp: BigInt(time),
      });
    // Run-outs come first in their block (order −1), as the indexer records them.
    if (chain === 'P') for (const event of ranOut.splice(0)) await feeEvent(event, -1);
    for (const [txOrder, e] of txs.entries()) {
      e.height = height;
      e.blockTime = time;
      if (chain === 'P') for (const event of l1Fees.apply(e)) await feeEvent(event, txOrder);
      await writer.push('PrimaryNetworkTransaction', {
        network: info.prisma,
        txHash: e.tx.txId,
        blockchainId: chainId,
        txType: e.tx.txType,
        blockNumber: height,
        blockTimestamp: BigInt(time),
        txBytes: `0x${toHex(e.tx.bytes)}`,
      });
    }
    await writer.push('PrimaryNetworkBlock', {
      network: info.prisma,
      blockchainId: chainId,
      blockNumber: height,
      blockHash,
      parentHash: parent,
      blockType,
      blockTimestamp: BigInt(time),
      txCount: txs.length,
      transactions: txs.map((e) => e.tx.txId),
      blockSizeBytes: 120 + txs.reduce((sum, e) => sum + e.tx.bytes.length, 0),
      l1ValidatorsAccruedFees: chain === 'P' ? l1Fees.fees.accruedFees : 0n,
      activeL1Validators: chain === 'P' ? Number(l1Fees.fees.active) : 0,
      l1ValidatorExcess: chain === 'P' ? l1Fees.fees.excess.toString() : '0',
      currentSupply: supplyAt(network, time).toString(),
      burnedTotal: totals[chain].burned.toString(),
      l1ValidatorFeesTotal: totals[chain].l1ValidatorFees.toString(),
      rewardsTotal: totals[chain].rewards.toString(),
      proposerId,
      proposerParentId: proposerId ? proposerParent : null,
      proposerNodeId: nodeId,
      proposerPChainHeight: nodeId ? (pChainHeight > 0n ? pChainHeight : 0n) : null,
      proposerTimestamp: nodeId ? BigInt(time) : null,
    });
    parent = blockHash;
    if (proposerId) proposerParent = proposerId;
  };

  for (let i = 0; i < pEvents.length; ) {
    const first = pEvents[i]!;
    const time = Math.max(lastTime, first.time);
    // The fee state moves on before the block's transactions, from Etna on.
    if (time >= info.etna && time > lastTime) ({ charged, ranOut } = l1Fees.advance(BigInt(time - lastTime)));
    lastTime = time;
    const banff = time >= info.banff;
    const kind = first.tx.txType;
    if (kind === 'RewardValidatorTx') {
      await writeBlock(
        PRIMARY_NETWORK_ID,
        banff ? 'BanffProposalBlock' : 'ApricotProposalBlock',
        time,
        [first],
        height - 1n,
        pProposer,
        [],
      );
      await writeBlock(
        PRIMARY_NETWORK_ID,
        banff ? 'BanffCommitBlock' : 'ApricotCommitBlock',
        time,
        [],
        height - 1n,
        pProposer,
        [first],
      );
      pTimes.push(time, time);
      i++;
      continue;
    }
    // Standard blocks take every event of the same second (up to 8).
    const group = [first];
    while (
      i + group.length < pEvents.length &&
      group.length < 8 &&
      pEvents[i + group.length]!.time <= time &&
      pEvents[i + group.length]!.tx.txType !== 'RewardValidatorTx'
    ) {
      group.push(pEvents[i + group.length]!);
    }
    const atomic = group.some((e) => e.tx.txType === 'ImportTx' || e.tx.txType === 'ExportTx');
    const blockType = banff ? 'BanffStandardBlock' : atomic ? 'ApricotAtomicBlock' : 'ApricotStandardBlock';
    await writeBlock(PRIMARY_NETWORK_ID, blockType, time, group, height - 1n, pProposer);
    pTimes.push(time);
    i += group.length;
  }
  const pBlocks = Number(height);
  const pHeightAt = (time: number): bigint => {
    let lo = 0;
    let hi = pTimes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pTimes[mid]! <= time) lo = mid + 1;
      else hi = mid;
    }
    return BigInt(lo);
  };

  // ── X-Chain: vertices before Cortina, then linearized blocks ──
  const vertexEvents = xEvents.filter((e) => e.time < info.cortina);
  const blockEvents = xEvents.filter((e) => e.time >= info.cortina);
  const vertices: { hash: string; height: number }[] = [];
  for (let i = 0; i < vertexEvents.length; ) {
    const group = vertexEvents.slice(i, i + rng.int(1, 4));
    i += group.length;
    const parents = vertices.slice(-rng.int(1, 2));
    const vertexHeight = parents.length ? Math.max(...parents.map((p) => p.height)) + 1 : 0;
    const hash = cb58Encode(rng.bytes(32));
    const time = group[group.length - 1]!.time;
    take('X', group);
    for (const e of group) {
      e.height = BigInt(vertexHeight);
      e.blockTime = time;
      await writer.push('PrimaryNetworkTransaction', {
        network: info.prisma,
        txHash: e.tx.txId,
        blockchainId: info.xChainId,
        txType: e.tx.txType,
        blockNumber: BigInt(vertexHeight),
        blockTimestamp: BigInt(time),
        txBytes: `0x${toHex(e.tx.bytes)}`,
      });
    }
    await writer.push('XChainVertex', {
      network: info.prisma,
      vertexHash: hash,
      parentHashes: parents.map((p) => p.hash),
      vertexHeight: BigInt(vertexHeight),
      vertexIndex: BigInt(vertices.length),
      vertexTimestamp: BigInt(time),
      txCount: group.length,
      transactions: group.map((e) => e.tx.txId),
      vertexSizeBytes: 90 + group.reduce((sum, e) => sum + e.tx.bytes.length, 0),
      burnedTotal: totals.X.burned.toString(),
    });
    vertices.push({ hash, height: vertexHeight });
  }
  // Linearized heights continue after the last vertex height, so X-Chain block numbers stay unique.
  height = BigInt(vertices.length ? Math.max(...vertices.map((v) => v.height)) : 0);
  const firstXHeight = height;
  parent = vertices.length ? vertices[vertices.length - 1]!.hash : parent;
  const xProposer = proposerPicker(stakes, rng, PROPOSERVM[network]);
  lastTime = info.cortina;
  for (const e of blockEvents) {
    const time = Math.max(lastTime, e.time);
    lastTime = time;
    await writeBlock(info.xChainId, 'StandardBlock', time, [e], pHeightAt(time), xProposer);
  }
  return { pBlocks, xBlocks: Number(height - firstXHeight), vertices: vertices.length, pHeightAt, l1Fees };
}

/** Picks a validator active at a (non-decreasing) time: a sweep over validations by start. */
function proposerPicker(stakes: Stake[], rng: Random, activation: number): Proposer {
  const byStart = [...stakes].sort((a, b) => a.start - b.start);
  const active: Stake[] = [];
  let next = 0;
  return {
    pick(time) {
      if (time < activation) return null;
      while (next < byStart.length && byStart[next]!.start <= time) active.push(byStart[next++]!);
      for (let tries = 0; tries < 8 && active.length > 0; tries++) {
        const k = rng.int(0, active.length - 1);
        const s = active[k]!;
        if (s.end > time) return s.nodeId;
        active[k] = active[active.length - 1]!;
        active.pop();
      }
      // Before the demo's staking history begins, any demo node stands in as proposer.
      return byStart.length ? byStart[rng.int(0, byStart.length - 1)]!.nodeId : null;
    },
  };
}
