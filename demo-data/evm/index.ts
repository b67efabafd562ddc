// The EVM side of the demo: timelines of the four chains, the L1s they require on the P-Chain,
// teleporter planning, and generation of every chain in order (mainnet C-Chain first: it decides
// the ICTT transfers Kestrel later mints).
import { DAY, DEMO_NOW, NETWORKS } from '../constants';
import type { IndexedL1 } from '../primary-network/subnets';
import type { BulkWriter } from '../../prisma/write';
import { EXTRA_SIGNATURES, selector, SIGNATURES } from './abi';
import { EVM_CHAINS, type EvmChainSpec } from './chains';
import { chainAccounts } from './contracts';
import { generateChain, genesisBalances, type ChainSummary } from './generateChain';
import { completeTeleporterPlans, planTeleporter, type TeleporterMessagePlan } from './teleporter';
import type { Prisma } from '../../prisma/generated/client';
import { createTimeline, type Timeline } from './timeline';

/** Blocks of every chain at scale 1. */
export const BLOCKS_PER_CHAIN = 10_000;

/** A chain with its timeline. */
export type PlannedChain = { spec: EvmChainSpec; timeline: Timeline };

/**
 * Timelines of the four chains at a scale.
 * @param scale volume multiplier (blocks per chain = 10,000 × scale)
 * @param span seconds before DEMO_NOW the blocks are spread over (timeline.ts's EVM_SPAN when omitted)
 * @returns chains in generation order
 * @example planEvmChains(1)[0].timeline.count // 10000
 */
export function planEvmChains(scale: number, span?: number): PlannedChain[] {
  return EVM_CHAINS.map((spec) => ({
    spec,
    timeline: createTimeline(spec.key, Math.max(1, Math.round(BLOCKS_PER_CHAIN * scale)), spec.firstBlock, span),
  }));
}

/**
 * The mainnet L1s whose chains are generated: created a day before their first block (at most
 * 38 days before DEMO_NOW), with the generator's opening balances as genesis allocation.
 * @param chains planned chains
 * @param scale volume multiplier
 * @returns indexed L1 definitions for the subnet planner
 * @example indexedL1s(planEvmChains(1), 1)
 */
export function indexedL1s(chains: PlannedChain[], scale: number): IndexedL1[] {
  return chains
    .filter((c) => c.spec.firstBlock === 1n)
    .map((c, i) => ({
      key: c.spec.key,
      blockchainName: c.spec.chainName,
      evmChainId: c.spec.chainId,
      createTime: Math.min(DEMO_NOW - 38 * DAY + i * 3600, c.timeline.startTime - DAY),
      balances: genesisBalances(c.spec, scale),
      admin: chainAccounts(c.spec, 1).operators.deployer,
      fastFees: c.spec.fastFees === true,
    }));
}

/**
 * Generates every chain and writes the EVM rows, teleporter messages and method signatures.
 * @param chains planned chains
 * @param blockchainIds blockchain ID per chain key (L1 IDs come from the subnet planner)
 * @param scale volume multiplier
 * @param writer row writer
 * @param log progress lines
 * @returns per-chain summaries and the teleporter plan
 * @example await writeEvm(chains, ids, 1, writer, console.log)
 */
export async function writeEvm(
  chains: PlannedChain[],
  blockchainIds: Map<string, string>,
  scale: number,
  writer: BulkWriter,
  log: (msg: string) => void,
): Promise<{ summaries: Map<string, ChainSummary>; messages: TeleporterMessagePlan[] }> {
  const mainnet = chains
    .filter((c) => c.spec.network === 'mainnet')
    .map((c) => ({ key: c.spec.key, blockchainId: blockchainIds.get(c.spec.key)!, timeline: c.timeline }));
  const messages = planTeleporter(mainnet, scale);
  const summaries = new Map<string, ChainSummary>();
  // Teleporter logs carry what both chains decide (sender, receiver): finished after the last chain.
  const lateLogs: (() => Prisma.EvmLogCreateManyInput)[] = [];
  for (const chain of chains) {
    const started = Date.now();
    const summary = await generateChain({
      spec: chain.spec,
      timeline: chain.timeline,
      scale,
      writer,
      messages,
      lateLogs,
    });
    summaries.set(chain.spec.key, summary);
    log(
      `EVM chain ${chain.spec.chainId} (${chain.spec.chainName}): ${summary.blocks} blocks, ${summary.transactions} transactions in ${Date.now() - started} ms`,
    );
  }
  completeTeleporterPlans(messages);
  for (const finish of lateLogs) await writer.push('EvmLog', finish());
  for (const m of messages) {
    await writer.push('TeleporterMessage', {
      teleporterMessageId: m.id,
      sourceBlockchainId: m.sourceBlockchainId,
      destinationBlockchainId: m.destinationBlockchainId,
      sourceTxHash: m.sourceTxHash,
      destinationTxHash: m.destinationTxHash,
    });
  }
  for (const methodName of [...Object.values(SIGNATURES), ...EXTRA_SIGNATURES, 'createPair(address,address)']) {
    await writer.push('EvmMethodSignature', { methodHash: selector(methodName), methodName });
  }
  return { summaries, messages };
}

/**
 * EvmChain rows (written after the Blockchain rows they reference).
 * @param chains planned chains
 * @param blockchainIds blockchain ID per chain key
 * @param writer row writer
 * @returns nothing
 * @example await writeEvmChains(chains, ids, writer)
 */
export async function writeEvmChains(
  chains: PlannedChain[],
  blockchainIds: Map<string, string>,
  writer: BulkWriter,
): Promise<void> {
  for (const { spec } of chains) {
    await writer.push('EvmChain', {
      chainId: spec.chainId,
      network: NETWORKS[spec.network].prisma,
      blockchainId: blockchainIds.get(spec.key)!,
      chainName: spec.chainName,
      description: spec.description,
      nativeTokenName: spec.native.name,
      nativeTokenSymbol: spec.native.symbol,
      nativeTokenDecimals: spec.native.decimals,
      nativeTokenLogoUri: spec.native.logoUri,
      nativePriceKey: spec.native.priceKey,
    });
  }
}
