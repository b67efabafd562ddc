// What one P- or X-Chain block does to the database, gathered before the block's single write
// (prisma/write/writeBlock): rows it adds, columns of stored rows it changes, rows it removes.
// Reads of stored state (a validator's totals, whether a UTXO exists) go to the database once per
// block and then to this working set, so two transactions of a block see each other's effects.
import { createTouchLedger, type TransactionPlace } from '../../../domain';
import type { Database } from '../../../prisma/database';
import type { BlockWrite, ModelName, RowDelete, RowOf, RowUpdate, RowsByModel } from '../../../prisma/write';

/** A validation's fields the transactions change or read. */
export type ValidatorState = {
  validationId: string;
  txHash: string;
  nodeId: string;
  subnetId: string;
  isL1Validator: boolean;
  amountStaked: bigint;
  weight: bigint;
  delegatorCount: number;
  amountDelegated: bigint;
  startTimestamp: bigint;
  endTimestamp: bigint | null;
  l1Balance: bigint | null;
  /** L1 validators: avalanchego's EndAccumulatedFee (0 while inactive); null for other validations. */
  l1EndAccumulatedFee: bigint | null;
  /** L1 validators: who gets the remaining balance back. */
  l1RemainingBalanceOwner: L1BalanceOwner | null;
  removedAtBlockIndex: bigint | null;
  /** Delegation fee in millionths (shares), for the reward split; null for subnet validations. */
  shares: bigint | null;
  /** Primary-network validations: the potential reward counted in the supply; null when not computed. */
  potentialReward: bigint | null;
};

/** Owner of an L1 validator's remaining balance, as stored (bech32 addresses without chain prefix). */
export type L1BalanceOwner = { threshold: number; addresses: string[] };

/** A delegation's fields the reward reads. */
export type DelegationState = {
  txHash: string;
  validatorTxHash: string;
  amountDelegated: bigint;
  rewardTxHash: string | null;
  potentialReward: bigint | null;
};

/** Consumption of a UTXO. */
export type Consumption = {
  consumedOnChainId: string;
  consumingTxHash: string;
  consumingBlockNumber: bigint;
  consumingBlockTimestamp: bigint;
};

/** The working set of one block. */
export type BlockChanges = ReturnType<typeof createBlockChanges>;

/** A nullable decimal (a new row's field, or numeric text as read), as a bigint. */
const decimalOrNull = (value: unknown): bigint | null =>
  value === null || value === undefined ? null : BigInt(String(value));

const keyOf = (model: string, where: object) =>
  `${model}:${JSON.stringify(where, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}`;

/**
 * Starts the working set of a block.
 * @param db the database (reads only; the block is written by the caller)
 * @param network the block's network
 * @returns the working set
 * @example const changes = createBlockChanges(db, 'FUJI'); ...; await writeBlock(db, { cursor, ...changes.toWrite() })
 */
export function createBlockChanges(db: Pick<Database, 'query'>, network: 'MAINNET' | 'FUJI') {
  const rows: { [M in ModelName]?: RowOf<M>[] } = {};
  const updates = new Map<string, RowUpdate>();
  const deletes: RowDelete[] = [];
  const newUtxos = new Map<string, RowOf<'Utxo'>>();
  /** Owner rows of the new UTXOs, which carry a copy of their consumption. */
  const newOwners = new Map<string, RowOf<'UtxoAddress'>[]>();
  /** The new UTXOs in the order the transactions emitted them (the supply totals read a RewardValidatorTx's). */
  const emitted: RowOf<'Utxo'>[] = [];
  const touches = createTouchLedger();
  /** Transactions whose touch rows this block writes (those it applies). */
  const places: TransactionPlace[] = [];
  const validators = new Map<string, { state: ValidatorState; row?: RowOf<'Validator'> }>();
  const delegations = new Map<string, DelegationState>();
  /** L1 validations this block deactivated before its transactions (stored rows not yet updated). */
  const ranOut = new Set<string>();
  const dbNetwork = network === 'MAINNET' ? 'mainnet' : 'fuji';

  const insert = <M extends ModelName>(model: M, row: RowOf<M>) => {
    ((rows[model] ??= []) as RowOf<M>[]).push(row);
  };
  const update = <M extends ModelName>(model: M, where: Partial<RowOf<M>>, set: Partial<RowOf<M>>) => {
    const key = keyOf(model, where);
    const previous = updates.get(key);
    updates.set(key, { model, where, set: { ...(previous?.set ?? {}), ...set } } as RowUpdate);
  };

  const validatorColumns = `validation_id, tx_hash, node_id, subnet_id, is_l1_validator, amount_staked::text AS amount_staked, weight, delegator_count,
    amount_delegated::text AS amount_delegated, start_timestamp, end_timestamp, l1_balance::text AS l1_balance, removed_at_block_index,
    l1_end_accumulated_fee::text AS l1_end_accumulated_fee, l1_remaining_balance_owner,
    (delegation_fee * 10000)::bigint AS shares, potential_reward::text AS potential_reward`;
  type ValidatorRecord = {
    validation_id: string;
    tx_hash: string;
    node_id: string;
    subnet_id: string;
    is_l1_validator: boolean;
    amount_staked: string;
    weight: bigint;
    delegator_count: number;
    amount_delegated: string;
    start_timestamp: bigint;
    end_timestamp: bigint | null;
    l1_balance: string | null;
    removed_at_block_index: bigint | null;
    shares: bigint | null;
    l1_end_accumulated_fee: string | null;
    l1_remaining_balance_owner: L1BalanceOwner | null;
    potential_reward: string | null;
  };
  const fromRecord = (r: ValidatorRecord): ValidatorState => ({
    validationId: r.validation_id,
    txHash: r.tx_hash,
    nodeId: r.node_id,
    subnetId: r.subnet_id,
    isL1Validator: r.is_l1_validator,
    amountStaked: BigInt(r.amount_staked),
    weight: BigInt(r.weight),
    delegatorCount: Number(r.delegator_count),
    amountDelegated: BigInt(r.amount_delegated),
    startTimestamp: BigInt(r.start_timestamp),
    endTimestamp: r.end_timestamp === null ? null : BigInt(r.end_timestamp),
    l1Balance: r.l1_balance === null ? null : BigInt(r.l1_balance),
    l1EndAccumulatedFee: r.l1_end_accumulated_fee === null ? null : BigInt(r.l1_end_accumulated_fee),
    l1RemainingBalanceOwner: r.l1_remaining_balance_owner,
    removedAtBlockIndex: r.removed_at_block_index === null ? null : BigInt(r.removed_at_block_index),
    shares: r.shares === null ? null : BigInt(r.shares),
    potentialReward: decimalOrNull(r.potential_reward),
    ...(ranOut.has(r.validation_id) ? { l1EndAccumulatedFee: 0n, l1Balance: 0n } : {}),
  });

  return {
    insert,
    update,
    /** Removes stored rows matching `where`. */
    remove<M extends ModelName>(model: M, where: Partial<RowOf<M>>) {
      deletes.push({ model, where } as RowDelete);
    },

    /**
     * Adds a new UTXO with its owner rows.
     * @param emittedBy the transaction that emits it, when not its txHash (a reward UTXO: the RewardValidatorTx)
     */
    addUtxo(utxo: RowOf<'Utxo'>, addresses: readonly RowOf<'UtxoAddress'>[], emittedBy: string = utxo.txHash) {
      newUtxos.set(utxo.utxoId, utxo);
      newOwners.set(utxo.utxoId, addresses as RowOf<'UtxoAddress'>[]);
      emitted.push(utxo);
      touches.touch(
        emittedBy,
        addresses.map((a) => a.address),
        utxo.assetId,
      );
      insert('Utxo', utxo);
      for (const a of addresses) insert('UtxoAddress', a);
    },

    /** How many UTXOs the block's transactions have emitted so far: a mark for {@link emittedSince}. */
    emittedCount(): number {
      return emitted.length;
    },

    /** The UTXOs emitted since `mark` (one transaction's, when marked before it). */
    emittedSince(mark: number): readonly RowOf<'Utxo'>[] {
      return emitted.slice(mark);
    },

    /**
     * A UTXO this block exports into another chain's memory may be imported already (that chain's
     * follower got there first, see applyTransfers): its owner rows take the stored consumption.
     */
    async completeExportedUtxo(utxoId: string): Promise<void> {
      const [stored] = await db.query<{ consuming_block_timestamp: bigint | null }>(
        'SELECT consuming_block_timestamp FROM utxo WHERE network = $1 AND utxo_id = $2',
        [dbNetwork, utxoId],
      );
      if (stored?.consuming_block_timestamp == null) return;
      for (const owner of newOwners.get(utxoId) ?? []) owner.consumingBlockTimestamp = stored.consuming_block_timestamp;
    },

    /** Records that a transaction consumes or emits a UTXO whose row this working set does not hold. */
    touch(txHash: string, owners: readonly string[], assetId: string) {
      touches.touch(txHash, owners, assetId);
    },

    /** Writes the touch rows of a transaction this block applies, at its chain and block time. */
    placeTransaction(place: TransactionPlace) {
      places.push(place);
    },

    /** Links a transaction to the L1 validations it acts on, at its chain and block time (listed by l1ValidationId). */
    linkValidations(place: TransactionPlace, validationIds: readonly string[]) {
      const { network, blockchainId, blockTimestamp, txHash } = place;
      for (const validationId of new Set(validationIds))
        insert('PrimaryNetworkTransactionValidation', { network, validationId, blockchainId, blockTimestamp, txHash });
    },

    /**
     * Marks a UTXO consumed: one created in this block is changed in place, a stored one updated.
     * @returns false when the UTXO is neither (created before the indexed range, or by a chain not indexed yet)
     */
    async consumeUtxo(utxoId: string, consumption: Consumption): Promise<boolean> {
      const fresh = newUtxos.get(utxoId);
      if (fresh) {
        Object.assign(fresh, consumption);
        for (const owner of newOwners.get(utxoId) ?? [])
          owner.consumingBlockTimestamp = consumption.consumingBlockTimestamp;
        touches.touch(
          consumption.consumingTxHash,
          (newOwners.get(utxoId) ?? []).map((a) => a.address),
          fresh.assetId,
        );
        return true;
      }
      const [stored] = await db.query<{ asset_id: string; owners: string[] }>(
        `SELECT u.asset_id, ARRAY(SELECT a.address FROM utxo_address a WHERE a.network = u.network AND a.utxo_id = u.utxo_id) AS owners
           FROM utxo u WHERE u.network = $1 AND u.utxo_id = $2`,
        [dbNetwork, utxoId],
      );
      if (!stored) return false;
      touches.touch(consumption.consumingTxHash, stored.owners, stored.asset_id);
      update('Utxo', { network, utxoId }, consumption);
      update('UtxoAddress', { network, utxoId }, { consumingBlockTimestamp: consumption.consumingBlockTimestamp });
      return true;
    },

    /** A validation, from this block or the database; null when unknown. */
    async validator(validationId: string): Promise<ValidatorState | null> {
      const known = validators.get(validationId);
      if (known) return known.state;
      const [record] = await db.query<ValidatorRecord>(
        `SELECT ${validatorColumns} FROM validator WHERE network = $1 AND validation_id = $2`,
        [dbNetwork, validationId],
      );
      if (!record) return null;
      const state = fromRecord(record);
      validators.set(validationId, { state });
      return state;
    },

    /** The validation of `nodeId` on `subnetId` in the set at `at` (not removed, started, not ended); null when none. */
    async validatorOfNode(subnetId: string, nodeId: string, at: bigint): Promise<ValidatorState | null> {
      for (const { state } of validators.values()) {
        if (
          state.subnetId === subnetId &&
          state.nodeId === nodeId &&
          state.removedAtBlockIndex === null &&
          state.startTimestamp <= at &&
          (state.endTimestamp === null || state.endTimestamp >= at)
        )
          return state;
      }
      const [record] = await db.query<ValidatorRecord>(
        `SELECT ${validatorColumns} FROM validator WHERE network = $1 AND subnet_id = $2 AND node_id = $3 AND removed_at_block_index IS NULL
           AND start_timestamp <= $4 AND (end_timestamp IS NULL OR end_timestamp >= $4) ORDER BY block_index DESC LIMIT 1`,
        [dbNetwork, subnetId, nodeId, at.toString()],
      );
      if (!record) return null;
      const known = validators.get(record.validation_id);
      if (known) return known.state;
      const state = fromRecord(record);
      validators.set(state.validationId, { state });
      return state;
    },

    /** Adds a new validation. */
    addValidator(row: RowOf<'Validator'>, shares: bigint | null) {
      insert('Validator', row);
      validators.set(row.validationId, {
        row,
        state: {
          validationId: row.validationId,
          txHash: row.txHash,
          nodeId: row.nodeId,
          subnetId: row.subnetId,
          isL1Validator: row.isL1Validator ?? false,
          amountStaked: BigInt(String(row.amountStaked)),
          weight: BigInt(row.weight),
          delegatorCount: row.delegatorCount ?? 0,
          amountDelegated: BigInt(String(row.amountDelegated ?? 0)),
          startTimestamp: BigInt(row.startTimestamp),
          endTimestamp: row.endTimestamp === null || row.endTimestamp === undefined ? null : BigInt(row.endTimestamp),
          l1Balance: decimalOrNull(row.l1Balance),
          l1EndAccumulatedFee: decimalOrNull(row.l1EndAccumulatedFee),
          l1RemainingBalanceOwner: (row.l1RemainingBalanceOwner ?? null) as L1BalanceOwner | null,
          removedAtBlockIndex: null,
          shares,
          potentialReward: decimalOrNull(row.potentialReward),
        },
      });
    },

    /** Changes a validation (new in this block or stored); `state` fields follow so later transactions see them. */
    setValidator(validationId: string, set: Partial<RowOf<'Validator'>>, state: Partial<ValidatorState>) {
      const known = validators.get(validationId);
      if (known) Object.assign(known.state, state);
      if (known?.row) Object.assign(known.row, set);
      else update('Validator', { network, validationId }, set);
    },

    /**
     * Deactivates the stored L1 validations whose balance has run out at `accruedFees` (avalanchego
     * advanceValidatorFeeState): done before the block's transactions, so the working set has none
     * yet, and their fee events come first in the block (order −1), each stopping at its end.
     * @param accruedFees the block's accrued fees
     * @param height the block's height
     * @param timestamp the block's time
     * @returns the ends (accrued fee at which each ran out) of those that were active until now
     */
    async deactivateL1Validators(accruedFees: bigint, height: bigint, timestamp: bigint): Promise<bigint[]> {
      const rows = await db.query<{ validation_id: string; subnet_id: string; node_id: string; end: string }>(
        'SELECT validation_id, subnet_id, node_id, l1_end_accumulated_fee::text AS end FROM validator WHERE network = $1 AND l1_end_accumulated_fee > 0 AND l1_end_accumulated_fee <= $2',
        [dbNetwork, accruedFees.toString()],
      );
      for (const { validation_id: validationId, subnet_id: subnetId, node_id: nodeId, end } of rows) {
        ranOut.add(validationId);
        update('Validator', { network, validationId }, { isActive: false, l1Balance: '0', l1EndAccumulatedFee: '0' });
        insert('L1ValidatorFeeEvent', {
          network,
          validationId,
          subnetId,
          nodeId,
          blockIndex: height,
          txOrder: -1,
          kind: 'STOP',
          accruedFees: end,
          blockTimestamp: timestamp,
        });
      }
      return rows.map((row) => BigInt(row.end));
    },

    /** A delegation, from this block or the database; null when unknown. */
    async delegation(txHash: string): Promise<DelegationState | null> {
      const known = delegations.get(txHash);
      if (known) return known;
      const [record] = await db.query<{
        tx_hash: string;
        validator_tx_hash: string;
        amount_delegated: string;
        reward_tx_hash: string | null;
        potential_reward: string | null;
      }>(
        'SELECT tx_hash, validator_tx_hash, amount_delegated::text AS amount_delegated, reward_tx_hash, potential_reward::text AS potential_reward FROM delegation WHERE network = $1 AND tx_hash = $2',
        [dbNetwork, txHash],
      );
      if (!record) return null;
      const state = {
        txHash: record.tx_hash,
        validatorTxHash: record.validator_tx_hash,
        amountDelegated: BigInt(record.amount_delegated),
        rewardTxHash: record.reward_tx_hash,
        potentialReward: decimalOrNull(record.potential_reward),
      };
      delegations.set(txHash, state);
      return state;
    },

    /** Adds a new delegation. */
    addDelegation(row: RowOf<'Delegation'>) {
      insert('Delegation', row);
      delegations.set(row.txHash, {
        txHash: row.txHash,
        validatorTxHash: row.validatorTxHash,
        amountDelegated: BigInt(String(row.amountDelegated)),
        rewardTxHash: null,
        potentialReward: decimalOrNull(row.potentialReward),
      });
    },

    /** Asset IDs of the UTXOs this block adds (their Asset rows must exist). */
    assetIds(): Set<string> {
      return new Set([...newUtxos.values()].map((u) => u.assetId));
    },

    /** The block's write, without the cursor. */
    toWrite(): Omit<BlockWrite, 'cursor'> {
      for (const place of places.splice(0)) {
        const touched = touches.rowsOf(place);
        for (const row of touched.addresses) insert('PrimaryNetworkTransactionAddress', row);
        for (const row of touched.assets) insert('PrimaryNetworkTransactionAsset', row);
      }
      return { rows: rows as RowsByModel, updates: [...updates.values()], deletes };
    },
  };
}
