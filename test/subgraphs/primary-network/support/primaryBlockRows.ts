// Primary-network block rows as the tests read them from the database, and the block the
// REST answer shows for each (spec 2.15).

/** A primary_network_block row, the members the answers show. */
export type BlockRaw = {
  blockchainId: string;
  blockNumber: bigint;
  blockHash: string;
  parentHash: string;
  blockType: string;
  blockTimestamp: bigint;
  txCount: number;
  transactions: string[];
  blockSizeBytes: number;
  fees: bigint;
  activeL1: number;
  supply: string;
  proposerId: string | null;
  proposerParentId: string | null;
  proposerNodeId: string | null;
  proposerPChainHeight: bigint | null;
  proposerTimestamp: bigint | null;
};

/** The select list that reads a {@link BlockRaw}. */
export const blockColumns = `blockchain_id AS "blockchainId", block_number AS "blockNumber", block_hash AS "blockHash",
  parent_hash AS "parentHash", block_type AS "blockType", block_timestamp AS "blockTimestamp", tx_count AS "txCount", transactions,
  block_size_bytes AS "blockSizeBytes", l1_validators_accrued_fees AS fees, active_l1_validators AS "activeL1", current_supply::text AS supply,
  proposer_id AS "proposerId", proposer_parent_id AS "proposerParentId", proposer_node_id AS "proposerNodeId",
  proposer_p_chain_height AS "proposerPChainHeight", proposer_timestamp AS "proposerTimestamp"`;

/** A block as spec 2.15 shows it, from its row: proposerDetails only for a block with a proposer. */
export const restBlock = (b: BlockRaw) => ({
  blockNumber: b.blockNumber.toString(),
  blockHash: b.blockHash,
  parentHash: b.parentHash,
  blockType: b.blockType,
  blockTimestamp: Number(b.blockTimestamp),
  txCount: b.txCount,
  transactions: b.transactions,
  blockSizeBytes: b.blockSizeBytes,
  l1ValidatorsAccruedFees: Number(b.fees),
  activeL1Validators: b.activeL1,
  currentSupply: b.supply,
  ...(b.proposerNodeId
    ? {
        proposerDetails: {
          proposerId: b.proposerId,
          proposerParentId: b.proposerParentId,
          proposerNodeId: b.proposerNodeId,
          proposerPChainHeight: Number(b.proposerPChainHeight),
          proposerTimestamp: Number(b.proposerTimestamp),
        },
      }
    : {}),
});

/** Latest first: by timestamp, then by height. */
export const latestFirst = (a: BlockRaw, b: BlockRaw) =>
  a.blockTimestamp !== b.blockTimestamp
    ? a.blockTimestamp > b.blockTimestamp
      ? -1
      : 1
    : a.blockNumber > b.blockNumber
      ? -1
      : 1;
