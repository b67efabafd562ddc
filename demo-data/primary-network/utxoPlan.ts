// A UTXO as the planners describe it, and its Utxo / UtxoAddress rows once blocks are placed.
//
// Which balance category of spec 2.6 a UTXO counts in at a time T is the rule of
// domain/balanceCategoryAt.ts (what the balances endpoint computes); the seeder guarantees each
// category is non-empty at DEMO_NOW on the showcase addresses (test/demo-data/seed.test.ts).
import type { RewardType } from '../../prisma/generated/client';
import type { PAddress } from '../accounts';
import type { NetworkInfo } from '../constants';
import type { RowOf } from '../../prisma/write';
import { heightOf, type ChainEvent } from './events';
import { utxoIdOf } from '../../avalanche/tx-codec/utxoIdOf';
import { utxoBytesOf } from './txCodec';

/** Where a UTXO was created or consumed: a placed P-/X-Chain event, or a C-Chain block. */
export type UtxoPlace = { event: ChainEvent } | { chainTxId: string; height: bigint; time: number };

/** A planned UTXO. */
export type UtxoPlan = {
  /** Chain whose UTXO set or shared memory holds it. */
  blockchainId: string;
  txId: string;
  outputIndex: number;
  assetId: string;
  amount: bigint;
  owners: PAddress[];
  threshold: number;
  utxoType: 'STAKE' | 'TRANSFER';
  rewardType?: RewardType;
  platformLocktime: bigint;
  stakeableLocktime: bigint;
  staked: boolean;
  start?: number;
  end?: number;
  createdOnChainId: string;
  created: UtxoPlace;
  sharedWithChainId?: string;
  consumed?: { chainId: string; place: UtxoPlace };
};

const placeOf = (place: UtxoPlace) =>
  'event' in place
    ? { txId: place.event.tx.txId, height: heightOf(place.event), time: place.event.blockTime! }
    : { txId: place.chainTxId, height: place.height, time: place.time };

/**
 * The staking rewards each event pays: the AVAX of the reward UTXOs it creates (a committed
 * RewardValidatorTx's), by transaction ID.
 * @param plans planned UTXOs
 * @returns transaction ID → nAVAX
 * @example writeBlocks(network, events, stakes, writer, rng, rewardsByTx(plans))
 */
export function rewardsByTx(plans: readonly UtxoPlan[]): Map<string, bigint> {
  const rewards = new Map<string, bigint>();
  for (const plan of plans) {
    if (!plan.rewardType || !('event' in plan.created)) continue;
    const txId = plan.created.event.tx.txId;
    rewards.set(txId, (rewards.get(txId) ?? 0n) + plan.amount);
  }
  return rewards;
}

/**
 * Rows of planned UTXOs, after the block builders placed every event.
 * @param info network constants
 * @param plans planned UTXOs
 * @returns Utxo rows and their UtxoAddress rows
 * @example const { utxos, addresses } = utxoRows(NETWORKS.mainnet, plans)
 */
export function utxoRows(
  info: NetworkInfo,
  plans: UtxoPlan[],
): { utxos: RowOf<'Utxo'>[]; addresses: RowOf<'UtxoAddress'>[] } {
  const utxos: RowOf<'Utxo'>[] = [];
  const addresses: RowOf<'UtxoAddress'>[] = [];
  for (const plan of plans) {
    const utxoId = utxoIdOf(plan.txId, plan.outputIndex);
    const created = placeOf(plan.created);
    const consumed = plan.consumed ? placeOf(plan.consumed.place) : undefined;
    const output = {
      assetId: plan.assetId,
      amount: plan.amount,
      owners: {
        locktime: plan.platformLocktime,
        threshold: plan.threshold,
        addresses: plan.owners.map((o) => o.bytes),
      },
      stakeableLocktime: plan.stakeableLocktime || undefined,
    };
    utxos.push({
      network: info.prisma,
      utxoId,
      blockchainId: plan.blockchainId,
      txHash: plan.txId,
      outputIndex: plan.outputIndex,
      assetId: plan.assetId,
      amount: plan.amount.toString(),
      threshold: plan.threshold,
      utxoType: plan.utxoType,
      rewardType: plan.rewardType ?? null,
      platformLocktime: plan.platformLocktime,
      stakeableLocktime: plan.stakeableLocktime,
      staked: plan.staked,
      utxoStartTimestamp: plan.start === undefined ? null : BigInt(plan.start),
      utxoEndTimestamp: plan.end === undefined ? null : BigInt(plan.end),
      createdOnChainId: plan.createdOnChainId,
      blockNumber: created.height,
      blockTimestamp: BigInt(created.time),
      sharedWithChainId: plan.sharedWithChainId ?? null,
      consumedOnChainId: plan.consumed?.chainId ?? null,
      consumingTxHash: consumed?.txId ?? null,
      consumingBlockNumber: consumed?.height ?? null,
      consumingBlockTimestamp: consumed === undefined ? null : BigInt(consumed.time),
      utxoBytes: utxoBytesOf(plan.txId, plan.outputIndex, output),
    });
    for (const owner of plan.owners) {
      addresses.push({
        network: info.prisma,
        address: owner.text,
        blockchainId: plan.blockchainId,
        utxoId,
        blockTimestamp: BigInt(created.time),
        consumingBlockTimestamp: consumed === undefined ? null : BigInt(consumed.time),
      });
    }
  }
  return { utxos, addresses };
}
