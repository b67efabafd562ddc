// Domain rules of the Avalanche data model, shared by the endpoints, the indexers and the demo data
// generator: statuses as a function of time, staking rules and rewards, balance categories. Each
// rule has a TypeScript form and, where lists are filtered in the database, an SQL form of the same rule.
export {
  validationStatusAt,
  VALIDATION_STATUSES,
  type StakingPeriod,
  type Timestamp,
  type ValidationStatus,
} from './validationStatusAt';
export { validationStatusWhere } from './validationStatusWhere';
export { delegationStatusWhere } from './delegationStatusWhere';
export { delegationStatusSql } from './delegationStatusSql';
export {
  STAKING_PARAMETERS,
  PERCENT_DENOMINATOR,
  type RewardConfig,
  type StakingNetwork,
  type StakingParameters,
} from './stakingParameters';
export { maxValidatorWeight } from './maxValidatorWeight';
export { delegationCapacity, type CapacityInput } from './delegationCapacity';
export { stakingProgress } from './stakingProgress';
export { delegationFeeSplit, type DelegationRewardSplit } from './delegationFeeSplit';
export { potentialReward, type PotentialRewardInput } from './potentialReward';
export {
  balanceCategoryAt,
  BALANCE_CATEGORIES,
  type BalanceCategory,
  type UtxoBalanceFields,
} from './balanceCategoryAt';
export { balanceCategorySql, type BalanceCategorySqlOptions } from './balanceCategorySql';
export { leavesSetAt } from './leavesSetAt';
export { timeRemaining } from './timeRemaining';
export { validatorRulesSql, type ValidatorRulesSql, type ValidatorRulesSqlOptions } from './validatorRulesSql';
export { instantSql, type SqlInstant } from './sqlInstant';
export { NFT_OUTPUT_AMOUNT } from './nftOutputAmount';
export {
  L1_VALIDATOR_FEES,
  advanceL1ValidatorExcess,
  advanceL1ValidatorFees,
  l1ValidatorFeeCost,
  l1ValidatorFeePrice,
  type L1ValidatorFeeConfig,
  type L1ValidatorFeeState,
} from './l1ValidatorFee';
export {
  applyL1ValidationFeeChange,
  l1ValidationRanOut,
  type L1ValidationFeeChange,
  type L1ValidationFeeTransition,
} from './l1ValidationFee';
export {
  PENDING_PRIORITY,
  comparePendingStakers,
  promotePendingStakers,
  rewardRefused,
  stakerEntersCurrentSet,
  type SupplyStaker,
} from './currentSupply';
export { amountBurned, type AssetAmount } from './amountBurned';
export {
  NO_SUPPLY_TOTALS,
  addL1ValidatorFees,
  addTransaction,
  l1ValidatorFeesCharged,
  type SupplyTotals,
  type TxAvaxFlows,
} from './supplyTotals';
export { createTouchLedger, type TouchLedger, type TouchRows, type TransactionPlace } from './transactionTouches';
