// Primary-network staking parameters of each network, as avalanchego's genesis parameters set them
// (genesis/genesis_mainnet.go and genesis_fuji.go: StakingConfig and its reward.Config) and its
// transaction verifier applies them (a validator's weight is capped at 5 × its own stake).

/** The networks the service serves, in the API's spelling (`testnet` is an alias of `fuji`). */
export type StakingNetwork = 'mainnet' | 'fuji';

/** Parameters of the P-Chain's reward formula (avalanchego `reward.Config`). */
export type RewardConfig = {
  /** Consumption rate of a stake lasting the whole minting period, in millionths. */
  maxConsumptionRate: bigint;
  /** Consumption rate of a stake of zero duration, in millionths. */
  minConsumptionRate: bigint;
  /** Minting period, seconds (one year). */
  mintingPeriod: bigint;
  /** Supply the rewards approach asymptotically, nAVAX. */
  supplyCap: bigint;
};

/** Staking rules of one network. Amounts in nAVAX, durations in seconds. */
export type StakingParameters = {
  minValidatorStake: bigint;
  maxValidatorStake: bigint;
  minDelegatorStake: bigint;
  /** Smallest delegation fee, in millionths (20,000 = 2 %). */
  minDelegationFee: number;
  minStakeDuration: number;
  maxStakeDuration: number;
  /** A validator's weight (own stake plus delegations) is at most this multiple of its own stake. */
  maxValidatorWeightFactor: bigint;
  /** Uptime a staker needs to be rewarded, percent. */
  uptimeRequirement: number;
  reward: RewardConfig;
};

/** Denominator of avalanchego's rates and fee shares: 1,000,000 = 100 %. */
export const PERCENT_DENOMINATOR = 1_000_000n;

const AVAX = 1_000_000_000n;
const DAY = 86_400;
const YEAR = 365 * DAY;
const REWARD: RewardConfig = {
  maxConsumptionRate: 120_000n,
  minConsumptionRate: 100_000n,
  mintingPeriod: BigInt(YEAR),
  supplyCap: 720_000_000n * AVAX,
};

/**
 * Staking parameters of mainnet and Fuji.
 * @example
 * STAKING_PARAMETERS.mainnet.minDelegatorStake // 25 AVAX = 25_000_000_000n
 */
export const STAKING_PARAMETERS: Readonly<Record<StakingNetwork, StakingParameters>> = {
  mainnet: {
    minValidatorStake: 2_000n * AVAX,
    maxValidatorStake: 3_000_000n * AVAX,
    minDelegatorStake: 25n * AVAX,
    minDelegationFee: 20_000,
    minStakeDuration: 14 * DAY,
    maxStakeDuration: YEAR,
    maxValidatorWeightFactor: 5n,
    uptimeRequirement: 80,
    reward: REWARD,
  },
  fuji: {
    minValidatorStake: 1n * AVAX,
    maxValidatorStake: 3_000_000n * AVAX,
    minDelegatorStake: 1n * AVAX,
    minDelegationFee: 20_000,
    minStakeDuration: DAY,
    maxStakeDuration: YEAR,
    maxValidatorWeightFactor: 5n,
    uptimeRequirement: 80,
    reward: REWARD,
  },
};
