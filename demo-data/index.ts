// The demo data set: a deterministic, mutually consistent fill of every table, anchored at
// DEMO_NOW (2026-11-01T00:00:00Z). The same scale always yields the same rows, byte for byte.
//
// Order of work: plan the primary-network chains (cheap; the EVM side needs the L1 blockchain
// IDs), start the BLS proofs of possession on worker threads, generate the EVM chains and prices
// meanwhile, then plan and write the staking side (its transaction IDs embed the proofs), and
// finally build the metric rollups from the EVM rows (metrics/, the mechanism the write path and
// `npm run metrics:rebuild` use; the EvmChain rows it needs wait for the P-Chain rows).
import { availableParallelism } from 'node:os';
import type { Database } from '../prisma/database';
import { dataModel } from '../prisma/generated/metadata';
import { createSettings } from '../prisma/settings';
import { DATA_TABLES } from '../prisma/dataTables';
import { createBulkWriter, createStatisticsKeeper } from '../prisma/write';
import { rebuildMetrics } from '../metrics/rebuildMetrics';
import { SHOWCASE_EVM_ADDRESS, SHOWCASE_P_ADDRESS } from './accounts';
import { precomputeCredentials, type CredentialRequest } from './blsPool';
import { DEMO_NOW, DAY, NETWORKS } from './constants';
import { indexedL1s, planEvmChains, writeEvm, writeEvmChains } from './evm';
import { credentialRequests, planPrimaryNetworkChains, writePrimaryNetwork } from './primary-network';
import { setAtomicBurnedTotals } from './primary-network/cChainTxs';
import { writePrices } from './prices';

/** Options of {@link seedDemoData}. */
export type SeedOptions = {
  /** EVM volume multiplier: 10,000 × scale blocks per EVM chain. @default 1 */
  scale?: number;
  /** Progress lines. */
  log?: (msg: string) => void;
  /** Worker threads for BLS proofs of possession. @default available cores − 1, at least 1 */
  blsWorkers?: number;
  /** Serialized bytes per insert statement. @default 4_000_000 */
  chunkBytes?: number;
  /** Days before DEMO_NOW the EVM blocks are spread over (the metrics benchmark asks for a year). @default 35 */
  evmSpanDays?: number;
};

/** What {@link seedDemoData} wrote. */
export type SeedSummary = {
  scale: number;
  /** DEMO_NOW, Unix seconds: statuses and locktimes are relative to it. */
  demoNow: number;
  /** Rows per table name. */
  rows: Record<string, number>;
  /** Wall time, milliseconds, in total and per step. */
  durationMs: number;
  stepsMs: Record<string, number>;
  /** Accounts worth exploring: every balance category and token kind. */
  showcase: { evmAddress: string; pChainAddress: Record<string, string> };
};

/**
 * The validators whose BLS credentials a seed at `scale` needs: what the checked-in table
 * (validatorCredentialsTable.ts) must hold for a seed to compute none.
 * @param scale EVM volume multiplier, as {@link seedDemoData} takes it
 * @returns one request per validator of each network
 * @example demoCredentialRequests(1).length // 922
 */
export function demoCredentialRequests(scale = 1): CredentialRequest[] {
  const chains = planEvmChains(scale);
  return [
    ...credentialRequests(planPrimaryNetworkChains('mainnet', indexedL1s(chains, scale))),
    ...credentialRequests(planPrimaryNetworkChains('fuji', [])),
  ];
}

/**
 * Fills an empty, migrated database with the demo data set.
 * @param db the database (PGlite or PostgreSQL)
 * @param options scale and logging
 * @returns row counts and timings
 * @throws Error when a table is not empty (unique keys would clash) or an insert fails
 * @example
 * const db = await createDatabase({ dataDir: './data/pglite' })
 * if (await isDatabaseEmpty(db)) await seedDemoData(db, { log: console.log })
 */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const scale = options.scale ?? 1;
  if (!(scale > 0)) throw new Error(`Validation failed: scale ${scale}, expected a positive number`);
  const log = options.log ?? (() => {});
  const started = Date.now();
  const steps: Record<string, number> = {};
  let mark = Date.now();
  const step = (name: string) => {
    steps[name] = Date.now() - mark;
    log(`${name} done in ${steps[name]} ms`);
    mark = Date.now();
  };

  const writer = createBulkWriter(db, { chunkBytes: options.chunkBytes, onConflict: 'error' });
  const chains = planEvmChains(scale, options.evmSpanDays === undefined ? undefined : options.evmSpanDays * DAY);
  const mainnet = planPrimaryNetworkChains('mainnet', indexedL1s(chains, scale));
  const fuji = planPrimaryNetworkChains('fuji', []);
  const workers = options.blsWorkers ?? Math.max(1, availableParallelism() - 1);
  // Without workers (a locked-down runtime) the proofs are computed on demand on the main thread.
  const credentials = precomputeCredentials(
    [...credentialRequests(mainnet), ...credentialRequests(fuji)],
    workers,
  ).catch((error: unknown) =>
    log(`BLS workers failed (${(error as Error).message}); computing proofs of possession on the main thread`),
  );
  step('plan');

  const blockchainIds = new Map<string, string>([
    ['c-chain', NETWORKS.mainnet.cChainId],
    ['fuji-c-chain', NETWORKS.fuji.cChainId],
  ]);
  for (const subnet of mainnet.subnets)
    if (subnet.indexedKey) blockchainIds.set(subnet.indexedKey, subnet.blockchains[0]!.blockchainId);
  await writeEvm(chains, blockchainIds, scale, writer, log);
  step('evm');
  await writePrices(writer, Math.min(...chains.map((c) => c.timeline.startTime)) - DAY);
  step('prices');

  await writer.flush();

  await credentials;
  step('bls');
  const atomicTotals: (() => Promise<void>)[] = [];
  for (const plan of [mainnet, fuji]) {
    const cChain = chains.find((c) => c.spec.network === plan.network && c.spec.firstBlock !== 1n)!;
    const cChainBlockAt = (fraction: number) => {
      const index = Math.min(cChain.timeline.count - 1, Math.floor(fraction * cChain.timeline.count));
      return { height: cChain.spec.firstBlock + BigInt(index), time: cChain.timeline.timestampOf(index) };
    };
    const counts = await writePrimaryNetwork(plan, writer, cChainBlockAt);
    atomicTotals.push(() => setAtomicBurnedTotals(db, NETWORKS[plan.network].cChainEvmId, counts.cChainTxs));
    log(
      `${plan.network}: ${counts.validations} validations, ${counts.pBlocks} P-Chain blocks, ${counts.xBlocks} X-Chain blocks, ${counts.vertices} vertices, ${counts.utxos} UTXOs`,
    );
  }
  await writeEvmChains(chains, blockchainIds, writer);
  await writer.flush();
  for (const setTotals of atomicTotals) await setTotals();
  step('primary-network');
  await compactTables(db, Object.keys(writer.counts()) as (keyof typeof dataModel.models)[]);
  step('compact');
  // Requests come next: without statistics the planner takes each table for empty (PGlite has no
  // autovacuum; PostgreSQL's comes late), and the UTXOs of one address walked the whole table. Where
  // no autovacuum runs, the tables are vacuumed too, or their index-only scans read every heap page.
  const statistics = createStatisticsKeeper(db, { baseRows: 0 });
  statistics.noteCounts(writer.counts());
  await statistics.analyzeDue();
  step('statistics');
  const metrics = await rebuildMetrics(db, { log });
  step('metrics');

  const rows: Record<string, number> = {};
  for (const [model, count] of Object.entries(writer.counts()))
    rows[dataModel.models[model as keyof typeof dataModel.models].table] = count;
  rows.metric_rollup = metrics;
  // The marker tells the composition root which data set the database holds.
  await createSettings(db).set('demoData', { scale, demoNow: DEMO_NOW, seededAt: new Date().toISOString() });
  const durationMs = Date.now() - started;
  log(`demo data seeded in ${durationMs} ms`);
  return {
    scale,
    demoNow: DEMO_NOW,
    rows,
    durationMs,
    stepsMs: steps,
    showcase: { evmAddress: SHOWCASE_EVM_ADDRESS, pChainAddress: { ...SHOWCASE_P_ADDRESS } },
  };
}

/**
 * Rebuilds the tables a bulk load filled, as a restore that creates its indexes after the load
 * leaves them: rows inserted in random key order leave B-tree pages about half full, and the
 * C-Chain's atomic totals gave each of its block rows a second version (the indexer writes a
 * block's total with it). Before the statistics: a rewritten table's visibility map is empty.
 * @param db the database (not in a transaction: VACUUM)
 * @param models the models written
 */
async function compactTables(db: Database, models: readonly (keyof typeof dataModel.models)[]): Promise<void> {
  for (const model of models) {
    const table = dataModel.models[model].table;
    await db.query(table === 'evm_block' ? 'VACUUM FULL evm_block' : `REINDEX TABLE "${table}"`);
  }
}

/**
 * Deletes every row of every data table, sync state included, and the demo data marker, in one
 * transaction (for re-seeding with `--force`). Other service settings, such as the generated
 * page-token secret, are kept: tokens issued before stay verifiable.
 * @param db the database
 * @returns nothing
 * @example await clearDemoData(db)
 */
export async function clearDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`TRUNCATE ${DATA_TABLES.map((t) => `"${t}"`).join(', ')}`);
    await createSettings(tx).delete('demoData');
  });
}

export { DEMO_NOW } from './constants';
export { SHOWCASE_EVM_ADDRESS, SHOWCASE_P_ADDRESS } from './accounts';
export { demoValidatorSecretKey, demoValidatorNodeId, demoValidatorCredentials } from './validatorKeys';
