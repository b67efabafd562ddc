// The EVM side of the demo: timelines of the four chains, the L1s they require on the P-Chain,
// teleporter planning, and generation of every chain in order (mainnet C-Chain first: it decides
// the ICTT transfers Kestrel later mints).
import { DAY, DEMO_NOW, NETWORKS } from '../constants';
import type { IndexedL1 } from '../primary-network/subnets';
import type { BulkWriter, ModelName, RowOf } from '../../prisma/write';
import {
  decodeTeleporter,
  MESSAGE_EXECUTED_TOPIC,
  MESSAGE_EXECUTION_FAILED_TOPIC,
  RECEIPT_RECEIVED_TOPIC,
  RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC,
  SEND_CROSS_CHAIN_MESSAGE_TOPIC,
} from '../../domain/teleporterEvents';
import { teleporterWrites } from '../../domain/teleporterWrites';
import { EXTRA_SIGNATURES, selector, SIGNATURES } from './abi';
import { EVM_CHAINS, type EvmChainSpec } from './chains';
import { chainAccounts } from './contracts';
import { generateChain, genesisBalances, type ChainSummary } from './generateChain';
import { completeTeleporterPlans, planTeleporter, type TeleporterMessagePlan } from './teleporter';
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
  const lateLogs: (() => RowOf<'EvmLog'>)[] = [];
  const teleporter = teleporterTap(chains, blockchainIds, messages);
  const tapped = teleporter.tap(writer);
  for (const chain of chains) {
    const started = Date.now();
    const summary = await generateChain({
      spec: chain.spec,
      timeline: chain.timeline,
      scale,
      writer: tapped,
      messages,
      lateLogs,
    });
    summaries.set(chain.spec.key, summary);
    log(
      `EVM chain ${chain.spec.chainId} (${chain.spec.chainName}): ${summary.blocks} blocks, ${summary.transactions} transactions in ${Date.now() - started} ms`,
    );
  }
  completeTeleporterPlans(messages);
  for (const finish of lateLogs) await tapped.push('EvmLog', finish());
  for (const row of teleporter.messageRows()) await writer.push('TeleporterMessage', row);
  for (const methodName of [...Object.values(SIGNATURES), ...EXTRA_SIGNATURES, 'createPair(address,address)']) {
    await writer.push('EvmMethodSignature', { methodHash: selector(methodName), methodName });
  }
  return { summaries, messages };
}

/**
 * Watches the rows written for the chains and turns their Teleporter logs into teleporter_message
 * rows as the indexer does (domain/teleporterWrites.ts), block by block; every chain is indexed
 * from its start, so a delivered message's send is always known.
 */
function teleporterTap(chains: PlannedChain[], blockchainIds: Map<string, string>, messages: TeleporterMessagePlan[]) {
  const specs = new Map(chains.map((c) => [c.spec.chainId, c.spec]));
  const txHashes = new Set(messages.flatMap((m) => [m.sourceTxHash, m.destinationTxHash ?? '']));
  const gasUsed = new Map<string, string>();
  const timestamps = new Map<string, bigint>();
  const logs = new Map<string, { chainId: bigint; number: bigint; rows: RowOf<'EvmLog'>[] }>();
  const topics = new Set([
    SEND_CROSS_CHAIN_MESSAGE_TOPIC,
    RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC,
    MESSAGE_EXECUTED_TOPIC,
    MESSAGE_EXECUTION_FAILED_TOPIC,
    RECEIPT_RECEIVED_TOPIC,
  ]);
  const observe = (model: ModelName, row: Record<string, unknown>) => {
    if (model === 'EvmBlock') timestamps.set(`${row.chainId}|${row.number}`, BigInt(row.timestamp as bigint));
    if (model === 'EvmTransaction' && txHashes.has(row.txHash as string))
      gasUsed.set(row.txHash as string, String(row.gasUsed));
    if (model === 'EvmLog' && topics.has(row.topic0 as string)) {
      const log = row as RowOf<'EvmLog'>;
      const key = `${log.chainId}|${log.blockNumber}`;
      const block = logs.get(key) ?? { chainId: BigInt(log.chainId), number: BigInt(log.blockNumber), rows: [] };
      block.rows.push(log);
      logs.set(key, block);
    }
  };
  return {
    tap: (writer: BulkWriter): BulkWriter => ({
      push: (model, row) => {
        observe(model, row as Record<string, unknown>);
        return writer.push(model, row);
      },
      flush: () => writer.flush(),
      counts: () => writer.counts(),
    }),
    messageRows: (): RowOf<'TeleporterMessage'>[] => {
      const blocks = [...logs.values()].sort((a, b) =>
        a.chainId === b.chainId ? Number(a.number - b.number) : Number(a.chainId - b.chainId),
      );
      const decoded = blocks.map((block) => {
        const spec = specs.get(block.chainId)!;
        const blockchainId = blockchainIds.get(spec.key)!;
        const events = block.rows
          .sort((a, b) => a.logIndex - b.logIndex)
          .map((log) =>
            decodeTeleporter(blockchainId, {
              address: log.address,
              topics: [log.topic0, log.topic1, log.topic2, log.topic3].filter((t): t is string => !!t),
              data: log.data,
              transactionHash: log.txHash,
            }),
          )
          .filter((e) => e !== null);
        return { block, spec, events };
      });
      const sent = new Set(decoded.flatMap((d) => d.events.filter((e) => e.kind === 'send').map((e) => e.messageId)));
      const rows = new Map<string, RowOf<'TeleporterMessage'>>();
      for (const { block, spec, events } of decoded) {
        const writes = teleporterWrites(
          events,
          {
            number: block.number,
            timestamp: timestamps.get(`${block.chainId}|${block.number}`)!,
            network: spec.network === 'mainnet' ? 'MAINNET' : 'FUJI',
            gasUsed: (txHash) => gasUsed.get(txHash) ?? null,
          },
          (id) => sent.has(id),
        );
        for (const row of writes.upserts)
          rows.set(row.teleporterMessageId, { ...rows.get(row.teleporterMessageId), ...row });
        for (const update of writes.updates) {
          const row = rows.get(update.where.teleporterMessageId!);
          if (row) Object.assign(row, update.set);
        }
      }
      return [...rows.values()];
    },
  };
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
