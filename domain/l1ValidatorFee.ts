// The P-Chain's continuous fee of L1 validators (ACP-77), as avalanchego charges it from Etna on
// (vms/platformvm/validators/fee/fee.go, gas.CalculatePrice, txs/executor/state_changes.go
// advanceValidatorFeeState). Implemented here from that description:
//
//   price(excess) = minPrice × e^(excess / K), by the same integer Taylor series as the node
//   each second:    excess += active − target (never below 0); every active validator pays price(excess)
//   accrued fees:   one counter per chain, the fee a validator active since Etna would have paid;
//                   a validator's balance runs out when accrued reaches its EndAccumulatedFee
//                   (its balance plus the accrued fees when it became active)
//
// Amounts are uint64 on the node: sums saturate at 2^64 − 1 as there.
import type { StakingNetwork } from './stakingParameters';

const MAX_UINT64 = (1n << 64n) - 1n;

/** avalanchego `fee.Config` of L1 validators, and when it started to apply. */
export type L1ValidatorFeeConfig = {
  /** Most active L1 validators the P-Chain accepts. */
  capacity: bigint;
  /** Active validators at which the price holds steady. */
  target: bigint;
  /** Price per validator per second at zero excess, nAVAX. */
  minPrice: bigint;
  /** K of price = minPrice × e^(excess / K). */
  excessConversionConstant: bigint;
  /** Etna activation, Unix seconds: the first block at or after it starts charging. */
  activation: bigint;
};

/** The chain's fee state after a block (avalanchego's accrued fees, L1 validator excess, active count). */
export type L1ValidatorFeeState = { accruedFees: bigint; excess: bigint; active: bigint };

/**
 * Fee configurations of mainnet and Fuji (genesis/genesis_mainnet.go, genesis_fuji.go; Etna times
 * from upgrade/upgrade.go). Mainnet's price doubles after a day of excess, Fuji's after an hour.
 * @example L1_VALIDATOR_FEES.mainnet.minPrice // 512n
 */
export const L1_VALIDATOR_FEES: Readonly<Record<StakingNetwork, L1ValidatorFeeConfig>> = {
  mainnet: {
    capacity: 20_000n,
    target: 10_000n,
    minPrice: 512n,
    excessConversionConstant: 1_246_488_515n,
    activation: 1_734_368_400n,
  },
  fuji: {
    capacity: 20_000n,
    target: 10_000n,
    minPrice: 512n,
    excessConversionConstant: 51_937_021n,
    activation: 1_732_550_400n,
  },
};

/**
 * The price one validator pays per second at an excess (avalanchego gas.CalculatePrice): the
 * Taylor series of minPrice × e^(excess / K), each term rounded down, saturating at 2^64 − 1.
 * @param config minPrice and K
 * @param excess the excess
 * @returns nAVAX per second
 * @example l1ValidatorFeePrice(L1_VALIDATOR_FEES.mainnet, 0n) // 512n
 */
export function l1ValidatorFeePrice(
  config: Pick<L1ValidatorFeeConfig, 'minPrice' | 'excessConversionConstant'>,
  excess: bigint,
): bigint {
  const k = config.excessConversionConstant;
  const maxOutput = k * MAX_UINT64;
  let output = 0n;
  let term = config.minPrice * k;
  for (let i = 1n; term > 0n; i++) {
    output += term;
    if (output >= maxOutput) return MAX_UINT64;
    term = (term * excess) / k / i;
  }
  return output / k;
}

/**
 * The excess after `seconds` at a constant number of active validators (avalanchego State.AdvanceTime).
 * @param state active count and excess
 * @param target the config's target
 * @param seconds time advanced
 * @returns the new excess
 * @example advanceL1ValidatorExcess({ active: 15_000n, excess: 0n }, 10_000n, 60n) // 300_000n
 */
export function advanceL1ValidatorExcess(
  state: Pick<L1ValidatorFeeState, 'active' | 'excess'>,
  target: bigint,
  seconds: bigint,
): bigint {
  if (state.active < target) {
    const less = (target - state.active) * seconds;
    return less >= state.excess ? 0n : state.excess - less;
  }
  const more = state.excess + (state.active - target) * seconds;
  return more > MAX_UINT64 ? MAX_UINT64 : more;
}

/**
 * What one validator pays over `seconds` (avalanchego State.CostOf): the price of each second
 * after its excess moved, or price × seconds when the excess cannot move.
 * @param config the network's fee config
 * @param state active count and excess at the start
 * @param seconds time advanced
 * @returns nAVAX, saturating at 2^64 − 1
 * @example l1ValidatorFeeCost(L1_VALIDATOR_FEES.mainnet, { active: 3n, excess: 0n }, 60n) // 30_720n
 */
export function l1ValidatorFeeCost(
  config: L1ValidatorFeeConfig,
  state: Pick<L1ValidatorFeeState, 'active' | 'excess'>,
  seconds: bigint,
): bigint {
  const saturate = (v: bigint) => (v > MAX_UINT64 ? MAX_UINT64 : v);
  if (state.active === config.target) return saturate(seconds * l1ValidatorFeePrice(config, state.excess));
  let cost = 0n;
  let excess = state.excess;
  for (let i = 0n; i < seconds; i++) {
    excess = advanceL1ValidatorExcess({ active: state.active, excess }, config.target, 1n);
    // Once the excess is 0 it stays 0: the remaining seconds cost the minimum price.
    if (excess === 0n) return saturate(cost + config.minPrice * (seconds - i));
    cost = saturate(cost + l1ValidatorFeePrice(config, excess));
  }
  return cost;
}

/**
 * The fee state after a block moved the chain's time on by `seconds` (before its transactions),
 * and the accrued fees at which validators run out from then on. Validators whose
 * EndAccumulatedFee is at most the new accrued fees are deactivated by the block: the caller
 * removes them from `active`.
 * @param config the network's fee config
 * @param state the state after the parent block
 * @param seconds the block's time minus the parent's
 * @returns the state with accrued fees and excess moved on (active unchanged)
 * @example advanceL1ValidatorFees(L1_VALIDATOR_FEES.fuji, { accruedFees: 0n, excess: 0n, active: 0n }, 100n) // accruedFees 51_200n
 */
export function advanceL1ValidatorFees(
  config: L1ValidatorFeeConfig,
  state: L1ValidatorFeeState,
  seconds: bigint,
): L1ValidatorFeeState {
  const accrued = state.accruedFees + l1ValidatorFeeCost(config, state, seconds);
  return {
    accruedFees: accrued > MAX_UINT64 ? MAX_UINT64 : accrued,
    excess: advanceL1ValidatorExcess(state, config.target, seconds),
    active: state.active,
  };
}
