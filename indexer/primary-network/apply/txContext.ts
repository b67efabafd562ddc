// Where a transaction is applied: network, chain, block, and the block's working set.
import type { ChainCodec } from '../codec/chainCodecs';
import type { BlockTx } from '../codec/readSignedTxs';
import type { BlockChanges } from './blockChanges';

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
  tx: BlockTx;
  /** P-Chain: the reward UTXOs of a staker (platform.getRewardUTXOs), decoded. */
  rewardUtxos(stakerTxId: string): Promise<RewardUtxo[]>;
};

/** A reward UTXO as the node returns it. */
export type RewardUtxo = { txId: string; outputIndex: number; assetId: string; output: unknown };
