// Primary-network stakers of one network: nodes that validate back to back since they joined,
// with delegations inside each validation. Statuses follow DEMO_NOW: completed (ended and
// rewarded), active (now inside the period) and pending (start after now).
import { pAddress, type PAddress } from '../accounts';
import { DAY, DEMO_NOW, HOUR, NETWORKS, type NetworkName } from '../constants';
import type { Random } from '../random';
import { demoValidatorCredentials, demoValidatorNodeId } from '../validatorKeys';
import type { EventLog } from './events';
import { addPermissionlessValidatorTx, rewardValidatorTx, type TxContext } from './pchainTxs';
import type { Input, Output, Owners } from './txCodec';
import { planDelegations } from './delegations';
import { STAKING, stakeReward, stakeStatus, type DemoStakingRules, type Stake, type StakeStatus } from './stakingRules';

const YEAR = 365 * DAY;

/**
 * Plans all primary-network validations and delegations of a network and records their
 * transactions (add, and reward for completed ones).
 * @param network mainnet or fuji
 * @param log event log of the network
 * @param rng random stream
 * @returns the validations, in node order
 * @example const stakes = planStakers('fuji', log, rng)
 */
export function planStakers(network: NetworkName, log: EventLog, rng: Random): Stake[] {
  const info = NETWORKS[network];
  const rules = STAKING[network];
  const ctx: TxContext = { networkId: info.networkId, avaxAssetId: info.avaxAssetId, rng: rng.fork('txs') };
  const validations: Stake[] = [];
  for (let index = 0; index < rules.nodes; index++) {
    const nodeId = demoValidatorNodeId(network, index);
    const owner = pAddress(network, 'staker', index);
    const feePercent = rng.weighted([2, 3, 5, 8, 10, 20], [60, 10, 12, 8, 7, 3]);
    const baseStake = stakeAmount(rules, rng);
    // A few nodes are new: their only validation starts after now.
    const isNew = rng.chance(0.03);
    let start = isNew
      ? DEMO_NOW + rng.int(HOUR, 7 * DAY)
      : rules.historyStart + rng.int(0, Math.floor((DEMO_NOW - 20 * DAY - rules.historyStart) * 0.9));
    let previous: Stake | undefined;
    for (;;) {
      // At most the network's maximum staking duration (one year), as the P-Chain enforces.
      const duration = Math.min(
        rules.maxStakeDuration,
        rng.weighted([YEAR, 180 * DAY, 30 * DAY, 14 * DAY], [70, 15, 10, 5]) + rng.int(0, DAY),
      );
      const end = start + duration;
      const status = stakeStatus(start, end);
      const amount = baseStake + (previous ? previous.reward : 0n);
      const stake = planValidation(ctx, log, rng, {
        network,
        index,
        nodeId,
        owner,
        amount,
        start,
        end,
        status,
        feePercent,
        previous,
      });
      validations.push(stake);
      previous = stake;
      if (status !== 'completed' || rng.chance(0.08)) break;
      start = end + rng.int(60, 3 * DAY);
      if (start > DEMO_NOW - HOUR) break;
    }
  }
  planDelegations(network, validations, rules, log, rng, ctx);
  return validations;
}

type ValidationOptions = {
  network: NetworkName;
  index: number;
  nodeId: string;
  owner: PAddress;
  amount: bigint;
  start: number;
  end: number;
  status: StakeStatus;
  feePercent: number;
  previous?: Stake;
};

function planValidation(ctx: TxContext, log: EventLog, rng: Random, o: ValidationOptions): Stake {
  const owners: Owners = { locktime: 0n, threshold: 1, addresses: [o.owner.bytes] };
  const stakeOutput: Output = { assetId: ctx.avaxAssetId, amount: o.amount, owners };
  // A node that restakes spends the stake its previous validation returned (output 0).
  const inputs: Input[] = o.previous
    ? [{ txId: o.previous.addEvent.tx.txId, outputIndex: 0, assetId: ctx.avaxAssetId, amount: o.previous.amount }]
    : [];
  const credentials = demoValidatorCredentials(o.network, o.index);
  const tx = addPermissionlessValidatorTx(
    ctx,
    { nodeId: o.nodeId, start: BigInt(o.start), end: BigInt(o.end), weight: o.amount },
    credentials,
    [stakeOutput],
    owners,
    o.feePercent * 10_000,
    inputs,
  );
  // Since Durango the start is the acceptance time; pending validations were accepted earlier.
  const accepted = o.status === 'pending' ? DEMO_NOW - rng.int(HOUR, 3 * DAY) : o.start;
  const addEvent = log.add(accepted, tx);
  const uptimePercent = o.status === 'completed' && rng.chance(0.05) ? rng.int(4000, 7900) / 100 : uptime(rng);
  const reward =
    uptimePercent < STAKING[o.network].uptimeRequirement ? 0n : stakeReward(o.network, o.amount, o.start, o.end);
  const stake: Stake = {
    kind: 'validator',
    nodeIndex: o.index,
    nodeId: o.nodeId,
    owner: o.owner,
    amount: o.amount,
    start: o.start,
    end: o.end,
    status: o.status,
    stakeableLocktime: 0n,
    addEvent,
    reward,
    feeReward: 0n,
    delegations: [],
    feePercent: o.feePercent,
    uptimePercent,
    connected: o.status !== 'completed' && uptimePercent > 90,
    previous: o.previous,
  };
  if (o.status === 'completed') stake.rewardEvent = log.add(o.end + rng.int(1, 30), rewardValidatorTx(tx.txId));
  return stake;
}

function stakeAmount(rules: DemoStakingRules, rng: Random): bigint {
  // Log-uniform between the minimum and 500 × the minimum, with a few large stakers.
  const factor = Math.exp(rng.float() * Math.log(rng.chance(0.05) ? 1500 : 60));
  const amount = (rules.minValidatorStake * BigInt(Math.floor(factor * 1000))) / 1000n;
  return amount > rules.maxValidatorStake ? rules.maxValidatorStake : amount;
}

function uptime(rng: Random): number {
  const bucket = rng.weighted([0, 1, 2], [85, 10, 5]);
  const [low, high] = bucket === 0 ? [9900, 10000] : bucket === 1 ? [9000, 9900] : [5000, 9000];
  return rng.int(low, high) / 100;
}
