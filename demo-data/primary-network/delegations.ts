// Delegations of the primary-network validations. A delegation shares its validator's status
// (active validators have active delegations, and so on), so a validator's delegatorCount and
// amountDelegated are plain sums over its Delegation rows whatever the reader's definition.
import { pAddress, type PAddress } from '../accounts';
import { DAY, DEMO_NOW, HOUR, type NetworkName } from '../constants';
import type { Random } from '../random';
import type { EventLog } from './events';
import { addPermissionlessDelegatorTx, randomTxId, rewardValidatorTx, type TxContext } from './pchainTxs';
import type { Output } from './txCodec';
import { delegationCapacity, delegationFeeSplit, validationStatusAt } from '../../domain';
import { stakeReward, stakeStatus, type DemoStakingRules, type Stake } from './stakingRules';

const MIN_DELEGATION_PERIOD = 14 * DAY;
const DELEGATOR_POOL = 900;

/**
 * Adds delegations to validations and records their transactions. The showcase delegator
 * (delegator pool index 0) gets one unlocked active, one stakeable-locked active and one
 * pending delegation, so its balances show every staking category.
 * @param network mainnet or fuji
 * @param validations all validations of the network
 * @param rules staking rules of the network
 * @param log event log
 * @param rng random stream
 * @param ctx transaction context
 * @returns nothing; fills `delegations`, `feeReward` of the validations
 * @example planDelegations('mainnet', validations, STAKING.mainnet, log, rng, ctx)
 */
export function planDelegations(
  network: NetworkName,
  validations: Stake[],
  rules: DemoStakingRules,
  log: EventLog,
  rng: Random,
  ctx: TxContext,
): void {
  const showcase = pAddress(network, 'delegator', 0);
  const wanted = { active: true, locked: true, pending: true };
  for (const validation of validations) {
    const mean = validation.status === 'active' ? 3.5 : validation.status === 'completed' ? 1.2 : 0.6;
    let count = poisson(mean, rng);
    const special: ('active' | 'locked' | 'pending')[] = [];
    if (validation.status === 'active' && validation.end - DEMO_NOW > 30 * DAY) {
      if (wanted.active) special.push('active');
      else if (wanted.locked) special.push('locked');
    }
    if (validation.status === 'pending' && wanted.pending) special.push('pending');
    count = Math.max(count, special.length);
    for (let i = 0; i < count; i++) {
      const role = special[i];
      const window = periodWithin(validation, rng);
      if (!window) break;
      // What the validation can accept when the delegation starts (it is active then).
      const status = validationStatusAt(
        { startTimestamp: validation.start, endTimestamp: validation.end },
        window.start,
      );
      const room = delegationCapacity(
        { amountStaked: validation.amount, amountDelegated: delegated(validation), status },
        rules,
      );
      if (room < rules.minDelegatorStake) break;
      const owner = role ? showcase : delegatorAddress(network, rng);
      const wantedAmount = rules.minDelegatorStake * BigInt(Math.floor(Math.exp(rng.float() * Math.log(400))));
      const amount = wantedAmount < room ? wantedAmount : room;
      const locked = role === 'locked' || (role === undefined && validation.status !== 'completed' && rng.chance(0.05));
      addDelegation(
        network,
        ctx,
        log,
        rng,
        validation,
        owner,
        amount,
        window,
        locked ? BigInt(DEMO_NOW + rng.int(30, 400) * DAY) : 0n,
        rules,
      );
      if (role) wanted[role] = false;
    }
  }
}

function addDelegation(
  network: NetworkName,
  ctx: TxContext,
  log: EventLog,
  rng: Random,
  validation: Stake,
  owner: PAddress,
  amount: bigint,
  window: { start: number; end: number },
  stakeableLocktime: bigint,
  rules: DemoStakingRules,
): void {
  const owners = { locktime: 0n, threshold: 1, addresses: [owner.bytes] };
  const stake: Output = { assetId: ctx.avaxAssetId, amount, owners, stakeableLocktime: stakeableLocktime || undefined };
  const tx = addPermissionlessDelegatorTx(
    ctx,
    { nodeId: validation.nodeId, start: BigInt(window.start), end: BigInt(window.end), weight: amount },
    [stake],
    owners,
    stakeableLocktime
      ? [{ txId: randomTxId(rng), outputIndex: 0, assetId: ctx.avaxAssetId, amount, stakeableLocktime }]
      : [],
  );
  const accepted =
    validation.status === 'pending'
      ? Math.max(validation.addEvent.time + 60, DEMO_NOW - rng.int(HOUR, DAY))
      : window.start;
  // The validator's uptime decides whether the delegation is rewarded; its fee is a share of the reward.
  const rewarded = validation.uptimePercent >= rules.uptimeRequirement;
  const split = delegationFeeSplit(
    stakeReward(network, amount, window.start, window.end),
    validation.feePercent * 10_000,
  );
  const fee = rewarded ? split.validatorFee : 0n;
  const delegation: Stake = {
    kind: 'delegator',
    nodeIndex: validation.nodeIndex,
    nodeId: validation.nodeId,
    owner,
    amount,
    start: window.start,
    end: window.end,
    status: stakeStatus(window.start, window.end),
    stakeableLocktime,
    addEvent: log.add(accepted, tx),
    reward: rewarded ? split.delegatorReward : 0n,
    feeReward: fee,
    delegations: [],
    validator: validation,
    feePercent: validation.feePercent,
    uptimePercent: validation.uptimePercent,
    connected: validation.connected,
  };
  if (validation.status === 'completed')
    delegation.rewardEvent = log.add(window.end + rng.int(1, 30), rewardValidatorTx(tx.txId));
  validation.delegations.push(delegation);
  validation.feeReward += fee;
}

/** A delegation period inside the validation that keeps the validation's status at DEMO_NOW. */
function periodWithin(v: Stake, rng: Random): { start: number; end: number } | undefined {
  if (v.status === 'active') {
    const latestStart = Math.min(DEMO_NOW - HOUR, v.end - MIN_DELEGATION_PERIOD);
    if (latestStart <= v.start) return undefined;
    const start = rng.int(v.start + 60, latestStart);
    const earliestEnd = Math.max(DEMO_NOW + HOUR, start + MIN_DELEGATION_PERIOD);
    if (earliestEnd >= v.end) return undefined;
    return { start, end: rng.int(earliestEnd, v.end) };
  }
  if (v.end - v.start < MIN_DELEGATION_PERIOD + 120) return undefined;
  const start = rng.int(v.start + 60, v.end - MIN_DELEGATION_PERIOD - 60);
  return { start, end: rng.int(start + MIN_DELEGATION_PERIOD, v.end) };
}

function delegated(v: Stake): bigint {
  return v.delegations.reduce((sum, d) => sum + d.amount, 0n);
}

function delegatorAddress(network: NetworkName, rng: Random): PAddress {
  // Skewed towards low indexes: a few delegators stake often, most once.
  return pAddress(network, 'delegator', 1 + Math.floor(DELEGATOR_POOL * rng.float() ** 2.5));
}

function poisson(mean: number, rng: Random): number {
  let count = 0;
  let p = Math.exp(-mean);
  let sum = p;
  const u = rng.float();
  while (u > sum && count < 20) {
    count++;
    p *= mean / count;
    sum += p;
  }
  return count;
}
