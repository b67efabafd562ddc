// Stakers on the P-Chain: validations and delegations added (their stake outputs, numbered after
// the BaseTx outputs, held as staked UTXOs for the staking period), subnet validators removed,
// and a staker's end (RewardValidatorTx): reward UTXOs on commit, pending rewards gone either way.
import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { toHex } from '../../../avalanche/bytes';
import { delegationCapacity, STAKING_PARAMETERS } from '../../../domain';
import { outputRows, ownersOf } from './outputRows';
import { placeOf } from './applyTransfers';
import { pendingPriority, stakerAdded, stakerRefused } from './supplyLedger';
import type { TxContext } from './txContext';

type Prim = { value(): bigint | number };
type ValidatorFields = { nodeId: { toString(): string }; startTime: Prim; endTime: Prim; weight: Prim };
type StakingTx = {
  validator?: ValidatorFields;
  subnetValidator?: { validator: ValidatorFields; subnetId: { toString(): string } };
  stake?: { assetId: { toString(): string }; output: unknown; amount(): bigint }[];
  rewardsOwner?: unknown;
  validatorRewardsOwner?: unknown;
  delegatorRewardsOwner?: unknown;
  shares?: Prim;
  signer?: { proof?: { publicKey: Uint8Array; signature: Uint8Array } };
};

const big = (p: Prim) => BigInt(p.value());

/** Start of a staker: the transaction's start time before Durango, the block time after it. */
function startOf(ctx: TxContext, v: ValidatorFields): bigint {
  return ctx.timestamp >= ctx.durango ? ctx.timestamp : big(v.startTime);
}

/** Stake outputs as staked UTXOs, numbered after the transaction's other outputs. */
function addStake(ctx: TxContext, tx: StakingTx, firstIndex: number, start: bigint, end: bigint): bigint {
  let total = 0n;
  (tx.stake ?? []).forEach((out, i) => {
    const { utxo, addresses } = outputRows(
      placeOf(ctx, { utxoType: 'STAKE', staked: { start, end } }),
      firstIndex + i,
      out.assetId.toString(),
      out.output,
      ctx.codec,
    );
    ctx.changes.addUtxo(utxo, addresses);
    total += out.amount();
  });
  return total;
}

/**
 * A staking transaction's staker: validator fields, subnet, staking period, its stake outputs
 * added as staked UTXOs, and (primary network) its potential reward once it is in the current set.
 */
function addStaker(ctx: TxContext, outputCount: number, model: 'Validator' | 'Delegation') {
  const tx = ctx.tx.unsigned as unknown as StakingTx;
  const v = tx.validator ?? tx.subnetValidator!.validator;
  const subnetId = tx.subnetValidator ? tx.subnetValidator.subnetId.toString() : PRIMARY_NETWORK_ID;
  const start = startOf(ctx, v);
  const end = big(v.endTime);
  const staked = addStake(ctx, tx, outputCount, start, end);
  const reward =
    subnetId === PRIMARY_NETWORK_ID && ctx.tx.txType !== 'AddSubnetValidatorTx'
      ? stakerAdded(
          ctx.supply,
          ctx.network,
          { model, txId: ctx.tx.txId, weight: big(v.weight), start, end, priority: pendingPriority(ctx.tx.txType) },
          ctx.genesis || ctx.timestamp >= ctx.durango,
        )
      : null;
  return { tx, v, subnetId, start, end, staked, potentialReward: reward === null ? null : reward.toString() };
}

/**
 * AddValidatorTx, AddPermissionlessValidatorTx, AddSubnetValidatorTx.
 * @param ctx the transaction and its block
 * @param outputCount outputs of its BaseTx (the stake is numbered after them)
 * @returns when applied to the working set
 * @example await applyAddValidator(ctx, 2)
 */
export async function applyAddValidator(ctx: TxContext, outputCount: number): Promise<void> {
  const { tx, v, subnetId, start, end, staked, potentialReward } = addStaker(ctx, outputCount, 'Validator');
  const weight = big(v.weight);
  const primary = subnetId === PRIMARY_NETWORK_ID;
  const shares = tx.shares ? big(tx.shares) : null;
  const amountStaked = staked > 0n ? staked : weight;
  const rules = STAKING_PARAMETERS[ctx.network === 'MAINNET' ? 'mainnet' : 'fuji'];
  const proof = tx.signer?.proof;
  const owner = tx.validatorRewardsOwner ?? tx.rewardsOwner;
  ctx.changes.addValidator(
    {
      network: ctx.network,
      txHash: ctx.tx.txId,
      validationId: ctx.tx.txId,
      nodeId: v.nodeId.toString(),
      subnetId,
      isL1Validator: false,
      amountStaked: amountStaked.toString(),
      weight,
      delegationFee: primary && shares !== null ? (Number(shares) / 10_000).toFixed(4) : null,
      startTimestamp: start,
      endTimestamp: end,
      blockIndex: ctx.height,
      blsPublicKey: proof ? `0x${toHex(proof.publicKey)}` : null,
      blsProofOfPossession: proof ? `0x${toHex(proof.signature)}` : null,
      delegatorCount: 0,
      amountDelegated: '0',
      delegationCapacity: primary
        ? delegationCapacity({ amountStaked, amountDelegated: 0n, status: 'active' }, rules).toString()
        : '0',
      rewardAddresses: owner ? ownersOf(owner, ctx.hrp).addresses : [],
      potentialReward,
    },
    primary ? shares : null,
  );
}

/**
 * AddDelegatorTx, AddPermissionlessDelegatorTx: the delegation, and its validator's totals.
 * @param ctx the transaction and its block
 * @param outputCount outputs of its BaseTx
 * @returns when applied
 * @example await applyAddDelegator(ctx, 1)
 */
export async function applyAddDelegator(ctx: TxContext, outputCount: number): Promise<void> {
  const { tx, v, subnetId, start, end, staked, potentialReward } = addStaker(ctx, outputCount, 'Delegation');
  const amount = staked > 0n ? staked : big(v.weight);
  const nodeId = v.nodeId.toString();
  const validator = await ctx.changes.validatorOfNode(subnetId, nodeId, start);
  if (!validator)
    throw new Error(
      `${ctx.tx.txType} ${ctx.tx.txId} delegates to ${nodeId}, which has no validation at ${start} in the index (start the index before it)`,
    );
  ctx.changes.addDelegation({
    network: ctx.network,
    txHash: ctx.tx.txId,
    validatorTxHash: validator.validationId,
    nodeId,
    amountDelegated: amount.toString(),
    startTimestamp: start,
    endTimestamp: end,
    blockIndex: ctx.height,
    rewardAddresses: ownersOf(tx.delegatorRewardsOwner ?? tx.rewardsOwner, ctx.hrp).addresses,
    potentialReward,
  });
  const rules = STAKING_PARAMETERS[ctx.network === 'MAINNET' ? 'mainnet' : 'fuji'];
  const amountDelegated = validator.amountDelegated + amount;
  const capacity = delegationCapacity(
    { amountStaked: validator.amountStaked, amountDelegated, status: 'active' },
    rules,
  );
  ctx.changes.setValidator(
    validator.validationId,
    {
      delegatorCount: validator.delegatorCount + 1,
      amountDelegated: amountDelegated.toString(),
      weight: validator.weight + amount,
      delegationCapacity: capacity.toString(),
    },
    { delegatorCount: validator.delegatorCount + 1, amountDelegated, weight: validator.weight + amount },
  );
}

/**
 * RemoveSubnetValidatorTx: the validation leaves the set now (status `removed`).
 * @param ctx the transaction and its block
 * @returns when applied
 * @example await applyRemoveSubnetValidator(ctx)
 */
export async function applyRemoveSubnetValidator(ctx: TxContext): Promise<void> {
  const tx = ctx.tx.unsigned as unknown as { nodeId: { toString(): string }; subnetId: { toString(): string } };
  const validator = await ctx.changes.validatorOfNode(tx.subnetId.toString(), tx.nodeId.toString(), ctx.timestamp);
  if (!validator) return;
  ctx.changes.setValidator(
    validator.validationId,
    { removedAtBlockIndex: ctx.height, removedTimestamp: ctx.timestamp, removeTxHash: ctx.tx.txId },
    { removedAtBlockIndex: ctx.height },
  );
}

/**
 * RewardValidatorTx, applied by the option block that follows its proposal: the staker leaves the
 * set; on commit its reward UTXOs (platform.getRewardUTXOs) are created and its reward amounts
 * recorded; its pending rewards go either way.
 * @param ctx the proposal transaction, in the option block
 * @param committed commit (rewarded) or abort (not rewarded)
 * @returns when applied
 * @example await applyRewardValidator(ctx, true)
 */
export async function applyRewardValidator(ctx: TxContext, committed: boolean): Promise<void> {
  const stakerTxId = (ctx.tx.unsigned as unknown as { txId: { toString(): string } }).txId.toString();
  const validator = await ctx.changes.validator(stakerTxId);
  const delegation = validator ? null : await ctx.changes.delegation(stakerTxId);
  ctx.changes.remove('PendingReward', { network: ctx.network, txHash: stakerTxId });
  const utxos = committed ? await ctx.rewardUtxos(stakerTxId) : [];
  // Unrewarded, a primary-network staker's potential reward comes off the supply again.
  const primaryStaker = delegation !== null || validator?.subnetId === PRIMARY_NETWORK_ID;
  if (!committed && primaryStaker) stakerRefused(ctx.supply, (validator ?? delegation)!.potentialReward);
  const amounts: bigint[] = [];
  utxos.forEach((u, i) => {
    // Order of avalanchego's reward executor: the staker's own reward, then (for a validator) the
    // delegation fees it accrued. A delegator has one.
    const rewardType = delegation ? 'DELEGATOR' : i === 0 ? 'VALIDATOR' : 'VALIDATOR_FEE';
    const { utxo, addresses } = outputRows(
      { ...placeOf(ctx), txId: u.txId, rewardType },
      u.outputIndex,
      u.assetId,
      u.output,
      ctx.codec,
    );
    ctx.changes.addUtxo({ ...utxo, txHash: u.txId }, addresses, ctx.tx.txId);
    amounts.push(BigInt(String(utxo.amount)));
  });
  if (validator) {
    ctx.changes.setValidator(
      validator.validationId,
      {
        removedAtBlockIndex: ctx.height,
        rewardTxHash: ctx.tx.txId,
        ...(committed
          ? {
              validationRewardAmount: (amounts[0] ?? 0n).toString(),
              delegationRewardAmount: (amounts[1] ?? 0n).toString(),
            }
          : {}),
      },
      { removedAtBlockIndex: ctx.height },
    );
    return;
  }
  if (delegation) {
    ctx.changes.update(
      'Delegation',
      { network: ctx.network, txHash: stakerTxId },
      { rewardTxHash: ctx.tx.txId, delegatorRewardAmount: (amounts[0] ?? 0n).toString() },
    );
    const target = await ctx.changes.validator(delegation.validatorTxHash);
    if (target)
      ctx.changes.setValidator(
        target.validationId,
        { weight: target.weight - delegation.amountDelegated },
        { weight: target.weight - delegation.amountDelegated },
      );
  }
}
