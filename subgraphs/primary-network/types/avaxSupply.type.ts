import { Field, ObjectType } from 'type-graphql';

/** The AVAX supply (official `AvaxSupplyResponse`): amounts of AVAX as decimal strings. */
@ObjectType('AvaxSupplyResponse', { simpleResolvers: true })
export class AvaxSupplyResponse {
  @Field({ description: 'The total supply less what is locked (totalLocked).' })
  circulatingSupply!: string;
  @Field({
    description:
      "The P-Chain's current supply after its last indexed block (genesis allocations plus the rewards of stakers that entered the set), less every fee burned on the P-, X- and C-Chain.",
  })
  totalSupply!: string;
  @Field({
    description:
      'Burned on the P-Chain: what transactions consumed beyond what they emitted and deposited into L1 validator balances, plus the L1 validator fees charged.',
  })
  totalPBurned!: string;
  @Field({ description: 'Burned on the C-Chain: the fees of its EVM transactions (its coinbase burns them all).' })
  totalCBurned!: string;
  @Field({
    description: 'Burned on the X-Chain: what transactions consumed beyond what they emitted, DAG era included.',
  })
  totalXBurned!: string;
  @Field({ description: 'Stake of the primary network now: active validations and delegations.' })
  totalStaked!: string;
  @Field({ description: 'Locked AVAX: 0, not summed by this service (docs/api-decisions.md).' })
  totalLocked!: string;
  @Field({ description: 'Staking rewards paid (reward UTXOs of committed RewardValidatorTx).' })
  totalRewards!: string;
  @Field({ description: "The last indexed P-Chain block's time, ISO 8601." })
  lastUpdated!: string;
  @Field({ description: "The network's genesis allocations (avalanchego's genesis), AVAX." })
  genesisUnlock!: string;
  @Field({ description: 'L1 validator fees charged (burned) on the P-Chain.' })
  l1ValidatorFees!: string;
}
