// The loop that follows a network's P-Chain or X-Chain through an avalanchego node: resume from the
// chain's cursor (sync_state), fetch blocks ahead in a bounded window, check each block's parent
// against the last written one (these chains are final: a mismatch means a different node or
// network, and stops the follower), and write each block's rows, changes and cursor in one
// transaction (prisma/write/writeBlock). The P-Chain follower also refreshes live validator state.
import { ServiceError } from '../../../shared/errors';
import { NO_SUPPLY_TOTALS, validatorRulesSql } from '../../../domain';
import type { Logger } from '../../../logging/createLoggerFactory';
import type { Database } from '../../../prisma/database';
import {
  createStatisticsKeeper,
  insertRows,
  readSyncCursor,
  writeBlock,
  type StatisticsKeeper,
  type SyncCursor,
} from '../../../prisma/write';
import type { PrimaryNetworkConfig } from '../../config/readIndexerConfig';
import { createFetchWindow } from '../../follow/createFetchWindow';
import { createFollowerControl, type ChainFollower, type FollowerStatus } from '../../follow/createFollowerControl';
import { createHeadWatch } from '../../follow/createHeadWatch';
import { NO_L1_FEES } from '../apply/txContext';
import { resumeLedger, UNKNOWN_SUPPLY, type SupplyLedger } from '../apply/supplyLedger';
import { decodePChainBlock, decodeXChainBlock, type PrimaryBlock } from '../codec/decodePrimaryBlock';
import { readSignedTxs } from '../../../avalanche/tx-codec/readSignedTxs';
import { chainCodec } from '../../../avalanche/tx-codec/chainCodecs';
import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { createNodeApi, type NodeApi, type Peer } from '../rpc/createNodeApi';
import type { ProposerFields } from '../codec/decodeProposerBlock';
import { createProposerSource } from './createProposerSource';
import { ensureAssets } from './ensureAssets';
import { indexVertices, vertexBurnedTotal, vertexCursorKey } from './indexVertices';
import { chainFacts } from './networkFacts';
import { prepareBlock, type ChainMemory } from './prepareBlock';
import { refreshValidators } from './refreshValidators';
import { createPrimaryWebhookHook } from '../webhooks/createPrimaryWebhookHook';
import { countStakingMetrics } from '../../../metrics/staking/countStakingMetrics';
import { buildGenesisTxs } from '../genesis/buildGenesisTxs';
import { genesisWrite, mergeWrites } from '../genesis/genesisWrite';

/** Options of {@link createPrimaryChainFollower}. */
export type PrimaryChainFollowerOptions = {
  db: Database;
  config: PrimaryNetworkConfig;
  chain: 'P' | 'X';
  logger: Logger;
  exitAtHead?: boolean;
  onBlock?: (status: FollowerStatus) => void;
  /** For tests: an API instead of one built from the config. */
  api?: NodeApi;
  /** Planner statistics of the tables written, shared by the indexer's followers. @default one of its own */
  statistics?: StatisticsKeeper;
};

/** The parent a block names is not the block the index holds below it. */
export class ParentMismatchError extends ServiceError {
  override name = 'ParentMismatchError';
  readonly code = 'PARENT_MISMATCH';
  constructor(chainKey: string, height: bigint, parent: string, indexed: string) {
    super(
      `${chainKey}: block ${height} names parent ${parent}, but the indexed block ${height - 1n} is ${indexed} (another network or node?)`,
    );
  }
}

/**
 * Creates the follower of one chain of a network.
 * @param options database, network config, chain, logger
 * @returns the follower (same shape as the EVM one: run, stop, status)
 * @example const follower = createPrimaryChainFollower({ db, config, chain: 'P', logger, exitAtHead: true }); await follower.run()
 */
export function createPrimaryChainFollower(options: PrimaryChainFollowerOptions): ChainFollower {
  const { db, config, logger } = options;
  const facts = chainFacts(config.network, options.chain);
  const { chainKey } = facts;
  const api =
    options.api ??
    createNodeApi({
      nodeUrls: config.nodeUrls,
      timeoutMs: config.rpcTimeoutMs,
      onRetry: ({ url, attempt, delayMs, error }) =>
        logger.warn(`${chainKey}: ${error.message}; retry ${attempt} in ${delayMs} ms`, {
          chain: chainKey,
          url,
          code: error.code,
        }),
    });
  const startHeight = options.chain === 'P' ? config.startHeight : config.xChainStartHeight;
  const decode = options.chain === 'P' ? decodePChainBlock : decodeXChainBlock;
  const status: FollowerStatus = { chainKey, height: null, head: null, blocks: 0, events: 0, reorgs: 0, atHead: false };
  const knownAssets = new Set<string>();
  const proposers = config.proposers ? createProposerSource(api, facts.chain, logger) : null;
  const control = createFollowerControl();
  const statistics = options.statistics ?? createStatisticsKeeper(db);
  // The webhooks' messages of each block and vertex go into the outbox in its own write transaction.
  const webhooks = createPrimaryWebhookHook({ facts });
  // The staking metrics' day rows move with the validations and delegations a block writes.
  const blockHooks = [countStakingMetrics, webhooks];
  let nextRefresh = 0;
  let supplyMismatchLogged = false;
  let peersUnavailableLogged = false;
  let verticesSkippedLogged = false;

  /** Rows every primary-network chain needs before its first block: the primary network's Subnet row. */
  async function registerNetwork(): Promise<void> {
    await db.transaction((tx) =>
      insertRows(tx, 'Subnet', [
        {
          network: facts.network,
          subnetId: PRIMARY_NETWORK_ID,
          createBlockTimestamp: 0n,
          createBlockIndex: 0n,
          ownerAddresses: [],
          threshold: 0,
          locktime: 0n,
        },
      ]),
    );
  }

  /**
   * Memory at resume: the last block's time, its proposal if it was a proposal block, its fee state,
   * and the supply (followed from the genesis, else the node's current report).
   */
  async function resumeMemory(cursor: SyncCursor | null): Promise<ChainMemory> {
    const { supply: nodeSupply } = await api.currentSupply();
    const fresh: ChainMemory = {
      timestamp: 0n,
      proposal: null,
      supply: UNKNOWN_SUPPLY,
      nodeSupply,
      fees: { ...NO_L1_FEES },
      // The X-Chain's blocks continue the running totals of its DAG era.
      totals: { ...NO_SUPPLY_TOTALS, burned: options.chain === 'X' ? await vertexBurnedTotal(db, facts.network) : 0n },
    };
    if (!cursor) return fresh;
    const [block] = await db.query<{
      block_type: string;
      block_timestamp: bigint;
      transactions: string[];
      accrued: string;
      excess: string;
      active: number;
      current_supply: string;
      burned_total: string;
      l1_validator_fees_total: string;
      rewards_total: string;
    }>(
      `SELECT block_type, block_timestamp, transactions, l1_validators_accrued_fees::text AS accrued, l1_validator_excess::text AS excess, active_l1_validators AS active,
              current_supply::text AS current_supply, burned_total::text AS burned_total,
              l1_validator_fees_total::text AS l1_validator_fees_total, rewards_total::text AS rewards_total
         FROM primary_network_block WHERE network = $1 AND blockchain_id = $2 AND block_number = $3`,
      [facts.network.toLowerCase(), facts.chainId, cursor.height.toString()],
    );
    if (!block) return fresh;
    let proposal = null;
    const last = block.transactions[block.transactions.length - 1];
    if (block.block_type.endsWith('ProposalBlock') && last) {
      const [row] = await db.query<{ tx_bytes: string }>(
        'SELECT tx_bytes FROM primary_network_transaction WHERE network = $1 AND tx_hash = $2',
        [facts.network.toLowerCase(), last],
      );
      // tx_bytes: 0x, the codec version (2 bytes), then the signed transaction
      if (row) proposal = readSignedTxs(Buffer.from(row.tx_bytes.slice(6), 'hex'), 1, chainCodec(facts.chain))[0][0]!;
    }
    const fees = { accruedFees: BigInt(block.accrued), excess: BigInt(block.excess), active: BigInt(block.active) };
    const supply =
      options.chain === 'P'
        ? await resumeLedger(db, facts.network, facts.chainId, BigInt(block.current_supply))
        : UNKNOWN_SUPPLY;
    const totals = {
      burned: BigInt(block.burned_total),
      l1ValidatorFees: BigInt(block.l1_validator_fees_total),
      rewards: BigInt(block.rewards_total),
    };
    return { timestamp: BigInt(block.block_timestamp), proposal, supply, nodeSupply, fees, totals };
  }

  /**
   * The chain's genesis rows (genesisFile), for the write of its first block or vertex; null without
   * a genesis file. A file whose AVAX asset is not the network's is logged: it is not its genesis.
   * On the P-Chain the supply starts here: the allocations, then the initial stakers' rewards.
   */
  async function genesisRows(): Promise<{
    write: Awaited<ReturnType<typeof genesisWrite>>;
    supply: SupplyLedger;
  } | null> {
    if (!config.genesis) return null;
    const txs = buildGenesisTxs(config.genesis.config);
    if (txs.avaxAssetId !== facts.avaxAssetId) {
      logger.warn(
        `${chainKey}: ${config.genesis.file} creates AVAX asset ${txs.avaxAssetId}, not ${facts.avaxAssetId}: it is not ${facts.network.toLowerCase()}'s genesis`,
        { chain: chainKey },
      );
    }
    logger.info(`${chainKey}: writing the genesis state of ${config.genesis.file} with the first block`, {
      chain: chainKey,
    });
    const supply: SupplyLedger = options.chain === 'P' ? { supply: txs.initialSupply, pending: [] } : UNKNOWN_SUPPLY;
    return { write: await genesisWrite(db, facts, txs, config.genesis.config.startTime, supply), supply };
  }

  /** Whether the X-Chain's genesis was written with its DAG-era vertex 0 (xChainVertices, and the node's index had vertices). */
  async function genesisWentWithVertex0(): Promise<boolean> {
    return (
      options.chain === 'X' &&
      config.xChainVertices !== false &&
      (await readSyncCursor(db, vertexCursorKey(config.network))) !== null
    );
  }

  /** Says once that the X-Chain is indexed without its DAG era, why, and which config key decides. */
  function saySkippedVertices(why: string): void {
    if (verticesSkippedLogged) return;
    verticesSkippedLogged = true;
    logger.warn(
      `${chainKey}: the DAG-era vertices are not indexed, so X-Chain history before the first block (its transactions, the UTXOs they created, the vertex list) is missing: ${why}; set xChainVertices to false in the primaryNetwork config to index blocks only without this warning`,
      { chain: chainKey },
    );
  }

  /**
   * Whether the X-Chain follower indexes the vertices first: always with xChainVertices true; with `auto`, unless
   * the blocks were indexed without them (vertices after blocks would come too late for the blocks that spend their
   * UTXOs).
   */
  async function verticesWanted(): Promise<boolean> {
    if (config.xChainVertices !== 'auto') return config.xChainVertices;
    if ((await readSyncCursor(db, vertexCursorKey(config.network))) !== null) return true;
    if ((await readSyncCursor(db, chainKey)) === null) return true;
    saySkippedVertices('the X-Chain blocks were indexed without them (index into a new database to have both)');
    return false;
  }

  /** The node's peer list; null, said once, when the node does not serve its info API. */
  async function peersOrNull(): Promise<Peer[] | null> {
    try {
      return await api.peers();
    } catch (error) {
      if (!peersUnavailableLogged) {
        peersUnavailableLogged = true;
        logger.warn(
          `${chainKey}: the node's info.peers did not answer (${(error as Error).message}): validators' versions and benched chains are not refreshed`,
          { chain: chainKey },
        );
      }
      return null;
    }
  }

  async function maybeRefresh(cursor: SyncCursor | null, memory: ChainMemory): Promise<void> {
    if (options.chain !== 'P' || config.validatorRefreshMs <= 0 || !cursor || Date.now() < nextRefresh) return;
    nextRefresh = Date.now() + config.validatorRefreshMs;
    const [validators, reported] = await Promise.all([api.currentValidators(), api.currentSupply()]);
    memory.nodeSupply = reported.supply;
    if (
      memory.supply.supply !== null &&
      reported.height === cursor.height &&
      reported.supply !== memory.supply.supply &&
      !supplyMismatchLogged
    ) {
      supplyMismatchLogged = true;
      logger.warn(
        `${chainKey}: the supply followed from the genesis is ${memory.supply.supply} at block ${cursor.height}, the node reports ${reported.supply} (another genesis, or a rule this index does not know)`,
        { chain: chainKey },
      );
    }
    // A subnet's validators (uptime, connection; an L1's remaining fee balance) are listed per subnet only.
    const subnets = await db.query<{ subnet_id: string }>(
      `SELECT DISTINCT v.subnet_id FROM validator v WHERE v.network = $1 AND v.subnet_id <> $2 AND ${validatorRulesSql({ at: Number(memory.timestamp), alias: 'v' }).inSet} ORDER BY 1`,
      [facts.network.toLowerCase(), PRIMARY_NETWORK_ID],
    );
    for (const { subnet_id } of subnets) validators.push(...(await api.currentValidators(undefined, subnet_id)));
    // avalanchego lists a validator's delegators only when asked for that one node: ask for those that have some.
    for (const v of validators) {
      if (v.delegators || !(Number(v.delegatorCount ?? 0) > 0)) continue;
      const [alone] = (await api.currentValidators([v.nodeID])).filter((w) => w.txID === v.txID);
      v.delegators = alone?.delegators ?? null;
    }
    const write = await refreshValidators(db, facts, validators, memory.timestamp, await peersOrNull());
    await ensureAssets(db, api, facts.network, write, knownAssets, memory.timestamp);
    await writeBlock(db, { cursor, ...write }, { beforeRows: countStakingMetrics });
    for (const asset of write.rows?.Asset ?? []) knownAssets.add(asset.assetId);
  }

  async function loop(): Promise<void> {
    await registerNetwork();
    if (options.chain === 'X' && (await verticesWanted())) {
      const result = await indexVertices({
        db,
        api,
        facts,
        logger,
        concurrency: config.concurrency,
        knownAssets,
        stopping: () => control.stopping,
        genesis: async () => (await genesisRows())?.write ?? null,
        statistics,
        required: config.xChainVertices === true,
        beforeRows: webhooks,
      });
      if (result.outcome === 'unavailable')
        saySkippedVertices(`the node's index API did not answer (${result.reason}); run the node with --index-enabled`);
      if (control.stopping) return;
    }
    let cursor = await readSyncCursor(db, chainKey);
    let memory = await resumeMemory(cursor);
    status.height = cursor?.height ?? null;
    logger.info(
      `${chainKey}: ${cursor ? `resuming after block ${cursor.height}` : `starting at block ${startHeight}`}`,
      { chain: chainKey },
    );
    const ahead = createFetchWindow(
      (n) =>
        api
          .blockBytes(facts.chain, n)
          .then(decode)
          .then(
            async (block): Promise<{ block: PrimaryBlock; proposer: ProposerFields | null }> => ({
              block,
              proposer: proposers ? await proposers.proposerOf(block, (inner) => decode(inner).height) : null,
            }),
          ),
      { concurrency: config.concurrency },
    );
    const heads = createHeadWatch(() => api.height(facts.chain), status);
    while (!control.stopping) {
      const next = cursor ? cursor.height + 1n : startHeight;
      if (!(await heads.reaches(next))) {
        options.onBlock?.(status);
        await maybeRefresh(cursor, memory);
        if (options.exitAtHead) return;
        await control.sleep(config.pollIntervalMs);
        continue;
      }
      ahead.fill(next, heads.head);
      const { block, proposer } = await ahead.at(next).finally(() => ahead.drop(next));
      if (control.stopping) break;
      if (block.height !== next)
        throw new ParentMismatchError(chainKey, next, `a block of height ${block.height}`, '-');
      if (cursor && block.parentId !== cursor.blockHash)
        throw new ParentMismatchError(chainKey, block.height, block.parentId, cursor.blockHash);
      // The state before block 0 commits with it; with DAG-era vertices the X-Chain's went with vertex 0 (if the node had one).
      const genesis = !cursor && block.height === 0n && !(await genesisWentWithVertex0()) ? await genesisRows() : null;
      if (genesis) memory = { ...memory, supply: genesis.supply };
      const prepared = await prepareBlock(
        { db, facts, memory, rewardUtxos: (id) => api.rewardUtxos(id), proposer },
        block,
      );
      if (genesis) prepared.write = mergeWrites(genesis.write, prepared.write);
      if (memory.supply.supply !== null && prepared.memory.supply.supply === null) {
        logger.warn(
          `${chainKey}: block ${block.height} ends a staker whose potential reward the index does not hold; blocks from here on carry the node's reported supply`,
          { chain: chainKey },
        );
      }
      await ensureAssets(db, api, facts.network, prepared.write, knownAssets, prepared.memory.timestamp);
      const nextCursor = { chainKey, height: block.height, blockHash: block.blockId };
      await writeBlock(db, { cursor: nextCursor, ...prepared.write }, { beforeRows: blockHooks });
      statistics.noteWritten(prepared.write.rows, prepared.write.upserts);
      await statistics.analyzeDue();
      for (const asset of prepared.write.rows?.Asset ?? []) knownAssets.add(asset.assetId);
      cursor = nextCursor;
      memory = prepared.memory;
      status.height = block.height;
      status.blocks++;
      status.events += block.txs.length;
      options.onBlock?.(status);
      await maybeRefresh(cursor, memory);
    }
  }

  return control.follower(loop, status);
}
