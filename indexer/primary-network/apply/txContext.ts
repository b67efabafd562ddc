// Where a transaction is applied: network, chain, block, and the block's working set.
import type { L1ValidatorFeeState, SupplyTotals } from '../../../domain';
import type { ChainCodec } from '../../../avalanche/tx-codec/chainCodecs';
import type { BlockTx } from '../../../avalanche/tx-codec/readSignedTxs';
import type { BlockChanges } from './blockChanges';
import type { SupplyLedger } from './supplyLedger';

/** The context of one transaction of a block. */
export type TxContext = {
  network: 'MAINNET' | 'FUJI';
  /** Bech32 prefix of the network's addresses. */
  hrp: string;
  chain: 'P' | 'X';
  /** Blockchain ID of the chain. */
  chainId: string;
  avaxAssetId: string;
  height: bigint;
  timestamp: bigint;
  /** Durango activation: staker start times come from the block from then on. */
  durango: bigint;
  codec: ChainCodec;
  changes: BlockChanges;
  /**
   * P-Chain: the L1 validator fee state of the block (one object for all its transactions): L1
   * transactions read the accrued fees and move the active count.
   */
  fees: L1ValidatorFeeState;
  /** P-Chain: the current supply as the block's transactions move it (one object for all of them). */
  supply: SupplyLedger;
  /** The chain's supply totals as the block's transactions move them (one holder for all of them). */
  totals: { value: SupplyTotals };
  /** The genesis state: its stakers are in the current set from the start. */
  genesis: boolean;
  tx: BlockTx;
  /**
   * Index of the transaction in its block (the order of the L1 fee events it writes); an option
   * block applies its proposal as its only transaction, 0.
   */
  txIndex: number;
  /** P-Chain: the reward UTXOs of a staker (platform.getRewardUTXOs), decoded. */
  rewardUtxos(stakerTxId: string): Promise<RewardUtxo[]>;
};

/** The fee state before Etna, on the X-Chain, and of a chain indexed from a block whose parent is not indexed. */
export const NO_L1_FEES: L1ValidatorFeeState = Object.freeze({ accruedFees: 0n, excess: 0n, active: 0n });

/** A reward UTXO as the node returns it. */
export type RewardUtxo = { txId: string; outputIndex: number; assetId: string; output: unknown };
