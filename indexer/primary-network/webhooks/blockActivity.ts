// What a P- or X-Chain block (or a DAG-era vertex) did, read from its write: the transactions it
// applies in order, and the L1 validations it deactivated for want of balance. The webhooks of the
// primary network match against this.
import type { BlockWrite } from '../../../prisma/write';
import type { ChainFacts } from '../follow/networkFacts';

/** A block's activity, as the webhook matcher reads it. */
export type BlockActivity = {
  /** The chain the block is on. */
  facts: ChainFacts;
  /** `sync_state.chain_key` of the write (`p-chain:fuji`, `x-chain-dag:fuji`, ...) and its height. */
  chainKey: string;
  height: bigint;
  /** The block's (or vertex's) ID, height and time as its transactions are placed. */
  blockHash: string;
  blockNumber: bigint;
  blockTimestamp: bigint;
  /** The transactions whose effects the write holds, in the order they were applied. */
  txHashes: string[];
  /** L1 validations whose balance ran out as the block's time moved on (P-Chain). */
  ranOut: string[];
  /** L1 validators' accrued fees after the block (P-Chain from Etna on; null elsewhere). */
  accruedFees: bigint | null;
};

const isProposal = (type: string) => type.endsWith('ProposalBlock');

/**
 * The activity of one written block or vertex.
 * @param facts the chain
 * @param block the write, with its cursor
 * @returns its activity; null when the write holds no block or vertex (a validator refresh)
 * @example blockActivityOf(chainFacts('FUJI', 'P'), write)
 */
export function blockActivityOf(facts: ChainFacts, block: BlockWrite): BlockActivity | null {
  const primary = block.rows?.PrimaryNetworkBlock?.[0];
  const vertex = block.rows?.XChainVertex?.[0];
  if (!primary && !vertex) return null;
  // A proposal block's last transaction takes effect with the option block after it, where its
  // touch rows are placed: the option block's applied transaction is the one its touches name.
  const listed = ((primary ?? vertex)!.transactions ?? []) as string[];
  const proposal = primary && isProposal(primary.blockType) ? listed.at(-1) : undefined;
  const own = proposal === undefined ? listed : listed.slice(0, -1);
  const txHashes: string[] = [];
  const add = (hash: string) => {
    if (hash !== proposal && !txHashes.includes(hash)) txHashes.push(hash);
  };
  // Genesis allocations written with the first block or vertex come first.
  for (const row of block.rows?.PrimaryNetworkTransaction ?? []) if (!own.includes(row.txHash)) add(row.txHash);
  for (const hash of own) add(hash);
  for (const row of block.rows?.PrimaryNetworkTransactionAddress ?? []) add(row.txHash);
  return {
    facts,
    chainKey: block.cursor.chainKey,
    height: block.cursor.height,
    blockHash: primary ? primary.blockHash : vertex!.vertexHash,
    blockNumber: primary ? BigInt(primary.blockNumber) : BigInt(vertex!.vertexHeight),
    blockTimestamp: primary ? BigInt(primary.blockTimestamp) : BigInt(vertex!.vertexTimestamp),
    txHashes,
    ranOut: ranOutOf(block),
    accruedFees:
      primary && facts.chain === 'P' && primary.l1ValidatorsAccruedFees !== undefined
        ? BigInt(primary.l1ValidatorsAccruedFees)
        : null,
  };
}

/**
 * The L1 validations a block deactivated before its transactions (blockChanges
 * deactivateL1Validators): the validator updates to inactive that no transaction of the block
 * names (a DisableL1ValidatorTx or SetL1ValidatorWeightTx links the validation it acts on).
 */
function ranOutOf(block: BlockWrite): string[] {
  const linked = new Set((block.rows?.PrimaryNetworkTransactionValidation ?? []).map((row) => row.validationId));
  const ids: string[] = [];
  for (const update of block.updates ?? []) {
    if (update.model !== 'Validator' || update.set.isActive !== false) continue;
    const id = update.where.validationId;
    if (id && !linked.has(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
