// The primary network of one network, in two steps: plan the chains first (cheap, and the EVM
// generators need the L1 blockchain IDs), then plan and write everything else once the BLS
// proofs of possession are ready (staking transactions embed them, so their IDs depend on them).
import type { CredentialRequest } from '../blsPool';
import { cb58Encode } from '../../avalanche/cb58';
import { createTouchLedger } from '../../domain';
import type { RowOf } from '../../prisma/write';
import { NETWORKS, PRIMARY_NETWORK_ID, type NetworkName } from '../constants';
import { createRandom, type Random } from '../random';
import type { BulkWriter } from '../../prisma/write';
import { writeBlocks } from './blocks';
import { createEventLog, type ChainEvent, type EventLog } from './events';
import { refundUtxos } from './l1FeeLedger';
import { writeSubnets, writeValidators } from './primaryRows';
import { STAKING } from './stakingRules';
import { planStakers } from './stakers';
import { countL1Nodes, planSubnetValidators } from './subnetValidators';
import { planSubnets, type IndexedL1, type SubnetPlan } from './subnets';
import { rewardsByTx, utxoRows } from './utxoPlan';
import { stakeUtxos, walletUtxos, type CChainBlockAt } from './utxos';
import type { CChainTx } from './cChainTxs';
import { toHex } from '../../avalanche/bytes';
import { planXChain } from './xchain';
import { writeValidationLinks } from './validationLinks';

/** Chains of a network, planned before the EVM data. */
export type PrimaryNetworkPlan = { network: NetworkName; log: EventLog; subnets: SubnetPlan[]; rng: Random };

/** Subnets per network besides the primary network (so that paging is visible). */
export const SUBNET_COUNTS: Record<NetworkName, number> = { mainnet: 34, fuji: 18 };

/**
 * Plans the subnets and blockchains of a network.
 * @param network mainnet or fuji
 * @param indexed L1s whose EVM chains are generated (mainnet only in the demo)
 * @returns the plan; L1 blockchain IDs are final
 * @example const plan = planPrimaryNetworkChains('mainnet', indexedL1s)
 */
export function planPrimaryNetworkChains(network: NetworkName, indexed: IndexedL1[]): PrimaryNetworkPlan {
  const rng = createRandom(`avalanche-demo-data/${network}/primary-network`);
  const log = createEventLog();
  const subnets = planSubnets(network, SUBNET_COUNTS[network], indexed, log, rng.fork('subnets'));
  return { network, log, subnets, rng };
}

/**
 * The validators whose BLS credentials the network needs: every primary-network node and the
 * node indexes reserved for L1 validators.
 * @param plan the planned chains
 * @returns credential requests
 * @example precomputeCredentials(credentialRequests(plan), 1)
 */
export function credentialRequests(plan: PrimaryNetworkPlan): CredentialRequest[] {
  const total = STAKING[plan.network].nodes + countL1Nodes(plan.subnets);
  return Array.from({ length: total }, (_, index) => ({ network: plan.network, index }));
}

/** Row counts the primary-network step reports. */
export type PrimaryNetworkCounts = {
  validations: number;
  pBlocks: number;
  xBlocks: number;
  vertices: number;
  utxos: number;
  /** The C-Chain's atomic transactions (their EVM blocks' running burned totals are the caller's to set). */
  cChainTxs: CChainTx[];
};

/**
 * Plans validators, delegations, assets and UTXOs, places every transaction in a block and
 * writes all primary-network rows of the network.
 * @param plan the planned chains
 * @param writer row writer
 * @param cChainBlockAt C-Chain block for atomic transactions created on the C-Chain
 * @returns counts for the summary
 * @example await writePrimaryNetwork(plan, writer, cChainBlockAt)
 */
export async function writePrimaryNetwork(
  plan: PrimaryNetworkPlan,
  writer: BulkWriter,
  cChainBlockAt: CChainBlockAt,
): Promise<PrimaryNetworkCounts> {
  const { network, log, subnets, rng } = plan;
  const stakes = planStakers(network, log, rng.fork('stakers'));
  const subnetValidations = planSubnetValidators(
    network,
    subnets,
    stakes,
    STAKING[network].nodes,
    log,
    rng.fork('subnet-validators'),
  );
  const x = planXChain(network, log, rng.fork('x-chain'));
  const cChainTxs: CChainTx[] = [];
  const utxos = [
    ...stakeUtxos(network, stakes),
    ...walletUtxos(network, log, cChainBlockAt, rng.fork('wallets'), cChainTxs),
    ...x.utxos,
  ];

  const placed = await writeBlocks(network, log.all(), stakes, writer, rng.fork('blocks'), rewardsByTx(utxos));
  await writeSubnets(network, subnets, writer);
  for (const asset of x.assets) await writer.push('Asset', asset);
  await writeValidators(network, stakes, subnetValidations, placed, writer);
  const rows = utxoRows(NETWORKS[network], [...utxos, ...refundUtxos(network, placed.l1Fees.refunds)]);
  for (const row of rows.utxos) await writer.push('Utxo', row);
  for (const row of rows.addresses) await writer.push('UtxoAddress', row);
  const info = NETWORKS[network];
  for (const c of cChainTxs)
    await writer.push('PrimaryNetworkTransaction', {
      network: info.prisma,
      txHash: c.tx.txId,
      blockchainId: info.cChainId,
      txType: c.tx.txType,
      blockNumber: c.height,
      blockTimestamp: BigInt(c.time),
      txBytes: `0x${toHex(c.tx.bytes)}`,
    });
  await writeTransactionTouches(network, log.all(), rows, writer, cChainTxs);
  await writeValidationLinks(network, log.all(), writer);
  return {
    validations: stakes.length + subnetValidations.length,
    pBlocks: placed.pBlocks,
    xBlocks: placed.xBlocks,
    vertices: placed.vertices,
    utxos: rows.utxos.length,
    cChainTxs,
  };
}

/**
 * The addresses and assets each placed transaction touches (the owners and assets of the UTXOs it
 * consumes or emits), through the ledger the indexer writes them with.
 * @param network the network
 * @param events every placed event
 * @param rows the network's UTXO rows and their owners
 * @param writer row writer
 * @param cChainTxs the C-Chain's atomic transactions (they touch the accounts they credit or debit too)
 * @returns when written
 * @example await writeTransactionTouches('mainnet', log.all(), rows, writer, cChainTxs)
 */
async function writeTransactionTouches(
  network: NetworkName,
  events: readonly ChainEvent[],
  rows: { utxos: RowOf<'Utxo'>[]; addresses: RowOf<'UtxoAddress'>[] },
  writer: BulkWriter,
  cChainTxs: readonly CChainTx[],
): Promise<void> {
  const info = NETWORKS[network];
  const owners = new Map<string, string[]>();
  for (const a of rows.addresses) owners.set(a.utxoId, [...(owners.get(a.utxoId) ?? []), a.address]);
  // A reward UTXO carries its staker's ID; the RewardValidatorTx that pays it names the staker
  // right after its codec version and type ID.
  const rewardTxOf = new Map<string, string>();
  for (const e of events)
    if (e.tx.txType === 'RewardValidatorTx') rewardTxOf.set(cb58Encode(e.tx.bytes.subarray(6, 38)), e.tx.txId);
  const ledger = createTouchLedger();
  for (const u of rows.utxos) {
    const utxoOwners = owners.get(u.utxoId) ?? [];
    const emittedBy = u.rewardType ? rewardTxOf.get(u.txHash) : u.txHash;
    if (emittedBy) ledger.touch(emittedBy, utxoOwners, u.assetId);
    if (u.consumingTxHash) ledger.touch(u.consumingTxHash, utxoOwners, u.assetId);
  }
  for (const c of cChainTxs) ledger.touch(c.tx.txId, [c.account], info.avaxAssetId);
  const places = [
    ...events.flatMap((e) =>
      e.blockTime === undefined
        ? []
        : [
            {
              blockchainId: e.chain === 'P' ? PRIMARY_NETWORK_ID : info.xChainId,
              time: e.blockTime,
              txHash: e.tx.txId,
            },
          ],
    ),
    ...cChainTxs.map((c) => ({ blockchainId: info.cChainId, time: c.time, txHash: c.tx.txId })),
  ];
  for (const e of places) {
    const touched = ledger.rowsOf({
      network: info.prisma,
      blockchainId: e.blockchainId,
      blockTimestamp: BigInt(e.time),
      txHash: e.txHash,
    });
    for (const row of touched.addresses) await writer.push('PrimaryNetworkTransactionAddress', row);
    for (const row of touched.assets) await writer.push('PrimaryNetworkTransactionAsset', row);
  }
}
