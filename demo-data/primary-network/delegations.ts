// Delegations of the primary-network validations. A delegation shares its validator's status
// (active validators have active delegations, and so on), so a validator's delegatorCount and
// amountDelegated are plain sums over its Delegation rows whatever the reader's definition.
import { pAddress, type PAddress } from '../accounts';
import { DAY, DEMO_NOW, HOUR, type NetworkName } from '../constants';
import type { Random } from '../random';
import type { EventLog } from './events';
import { addPermissionlessDelegatorTx, randomTxId, rewardValidatorTx, type TxContext } from './pchainTxs';
import type { Output } from './txCodec';
import { maxValidatorWeight, stakingReward, type Stake, type StakingRules } from './stakingRules';

const MIN_DELEGATION_PERIOD = 14 * DAY;
const DELEGATOR_POOL = 900;

/**
 * Adds delegations to validations and records their transactions. The showcase delegator
 * (delegator pool index 0) gets one unlocked active, one stakeable-locked active and one
 * pending delegation, so its balances show every staking category.
 * @param network mainnet or fuji
 * @param validations all validations of the network
 * @param rules staking rules
 * @param log event log
 * @param rng random stream
 * @param ctx transaction context
 * @returns nothing; fills `delegations`, `feeReward` of the validations
 * @example planDelegations('mainnet', validations, STAKING.mainnet, log, rng, ctx)
 */
export function planDelegations(network: NetworkName, validations: Stake[], rules: StakingRules, log: EventLog, rng: Random, ctx: TxContext): void {
  const showcase = pAddress(network, 'delegator', 0);
  const wanted = { active: true, locked: true, pending: true };
  for (const validation of validations) {
    const mean = validation.status === 'ACTIVE' ? 3.5 : validation.status === 'COMPLETED' ? 1.2 : 0.6;
    let count = poisson(mean, rng);
    const special: ('active' | 'locked' | 'pending')[] = [];
    if (validation.status === 'ACTIVE' && validation.end - DEMO_NOW > 30 * DAY) {
      if (wanted.active) special.push('active');
      else if (wanted.locked) special.push('locked');
    }
    if (validation.status === 'PENDING' && wanted.pending) special.push('pending');
    count = Math.max(count, special.length);
    for (let i = 0; i < count; i++) {
      const role = special[i];
      const window = periodWithin(validation, rng);
      if (!window) break;
      const room = maxValidatorWeight(validation.amount, rules) - validation.amount - delegated(validation);
      if (room < rules.minDelegation) break;
      const owner = role ? showcase : delegatorAddress(network, rng);
      const wantedAmount = rules.minDelegation * BigInt(Math.floor(Math.exp(rng.float() * Math.log(400))));
      const amount = wantedAmount < room ? wantedAmount : room;
      const locked = role === 'locked' || (role === undefined && validation.status !== 'COMPLETED' && rng.chance(0.05));
      addDelegation(ctx, log, rng, validation, owner, amount, window, locked ? BigInt(DEMO_NOW + rng.int(30, 400) * DAY) : 0n);
      if (role) wanted[role] = false;
    }
  }
}

function addDelegation(
  ctx: TxContext,
  log: EventLog,
  rng: Random,
  validation: Stake,
  owner: PAddress,
  amount: bigint,
  window: { start: number; end: number },
  stakeableLocktime: bigint,
): void {
  const owners = { locktime: 0n, threshold: 1, addresses: [owner.bytes] };
  const stake: Output = { assetId: ctx.avaxAssetId, amount, owners, stakeableLocktime: stakeableLocktime || undefined };
  const tx = addPermissionlessDelegatorTx(
    ctx,
    { nodeId: validation.nodeId, start: BigInt(window.start), end: BigInt(window.end), weight: amount },
    [stake],
    owners,
    stakeableLocktime ? [{ txId: randomTxId(rng), outputIndex: 0, assetId: ctx.avaxAssetId, amount, stakeableLocktime }] : [],
  );
  const accepted = validation.status === 'PENDING' ? Math.max(validation.addEvent.time + 60, DEMO_NOW - rng.int(HOUR, DAY)) : window.start;
  const total = stakingReward(amount, window.end - window.start);
  const rewarded = validation.uptimePercent >= 80;
  const fee = rewarded ? (total * BigInt(validation.feePercent)) / 100n : 0n;
  const delegation: Stake = {
    kind: 'delegator',
    nodeIndex: validation.nodeIndex,
    nodeId: validation.nodeId,
    owner,
    amount,
    start: window.start,
    end: window.end,
    status: validation.status,
    stakeableLocktime,
    addEvent: log.add(accepted, tx),
    reward: rewarded ? total - fee : 0n,
    feeReward: fee,
    delegations: [],
    validator: validation,
    feePercent: validation.feePercent,
    uptimePercent: validation.uptimePercent,
    connected: validation.connected,
  };
  if (validation.status === 'COMPLETED') delegation.rewardEvent = log.add(window.end + rng.int(1, 30), rewardValidatorTx(tx.txId));
  validation.delegations.push(delegation);
  validation.feeReward += fee;
}

/** A delegation period inside the validation that keeps the validation's status at DEMO_NOW. */
function periodWithin(v: Stake, rng: Random): { start: number; end: number } | undefined {
  if (v.status === 'ACTIVE') {
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
