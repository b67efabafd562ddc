// Plain data types resolve fields as properties (simpleResolvers): no middlewares or auth run per field.
import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { JSONObject, SafeInt } from '../../shared/scalars';

/** subnet-evm fee configuration (genesis `config.feeConfig`). */
@ObjectType({ simpleResolvers: true })
export class FeeConfig {
  @Field(() => SafeInt, { nullable: true }) baseFeeChangeDenominator?: number;
  @Field(() => SafeInt, { nullable: true }) blockGasCostStep?: number;
  @Field(() => SafeInt, { nullable: true }) gasLimit?: number;
  @Field(() => SafeInt, { nullable: true }) maxBlockGasCost?: number;
  @Field(() => SafeInt, { nullable: true }) minBaseFee?: number;
  @Field(() => SafeInt, { nullable: true }) minBlockGasCost?: number;
  @Field(() => SafeInt, { nullable: true }) targetBlockRate?: number;
  @Field(() => SafeInt, { nullable: true }) targetGas?: number;
}

/** Warp precompile configuration. */
@ObjectType({ simpleResolvers: true })
export class WarpConfig {
  @Field(() => SafeInt, { nullable: true }) blockTimestamp?: number;
  @Field(() => Int, { nullable: true }) quorumNumerator?: number;
  @Field({ nullable: true }) requirePrimaryNetworkSigners?: boolean;
}

/** An allow-list style precompile configuration (tx allow list, deployer allow list, minter, ...). */
@ObjectType({ simpleResolvers: true })
export class AllowListConfig {
  @Field(() => SafeInt, { nullable: true }) blockTimestamp?: number;
  @Field(() => [String], { nullable: true }) adminAddresses?: string[];
  @Field(() => [String], { nullable: true }) managerAddresses?: string[];
  @Field(() => [String], { nullable: true }) enabledAddresses?: string[];
}

/** Chain configuration of an EVM genesis (`genesisData.config`). */
@ObjectType({ simpleResolvers: true })
export class GenesisChainConfig {
  @Field(() => SafeInt, { nullable: true }) chainId?: number;
  @Field(() => SafeInt, { nullable: true }) berlinBlock?: number;
  @Field(() => SafeInt, { nullable: true }) byzantiumBlock?: number;
  @Field(() => SafeInt, { nullable: true }) constantinopleBlock?: number;
  @Field(() => SafeInt, { nullable: true }) eip150Block?: number;
  @Field({ nullable: true }) eip150Hash?: string;
  @Field(() => SafeInt, { nullable: true }) eip155Block?: number;
  @Field(() => SafeInt, { nullable: true }) eip158Block?: number;
  @Field(() => SafeInt, { nullable: true }) homesteadBlock?: number;
  @Field(() => SafeInt, { nullable: true }) istanbulBlock?: number;
  @Field(() => SafeInt, { nullable: true }) londonBlock?: number;
  @Field(() => SafeInt, { nullable: true }) muirGlacierBlock?: number;
  @Field(() => SafeInt, { nullable: true }) petersburgBlock?: number;
  @Field(() => SafeInt, { nullable: true }) subnetEVMTimestamp?: number;
  @Field({ nullable: true }) allowFeeRecipients?: boolean;
  @Field(() => FeeConfig, { nullable: true }) feeConfig?: FeeConfig;
  @Field(() => WarpConfig, { nullable: true }) warpConfig?: WarpConfig;
  @Field(() => AllowListConfig, { nullable: true }) txAllowListConfig?: AllowListConfig;
  @Field(() => AllowListConfig, { nullable: true }) contractDeployerAllowListConfig?: AllowListConfig;
  @Field(() => AllowListConfig, { nullable: true }) contractNativeMinterConfig?: AllowListConfig;
  @Field(() => AllowListConfig, { nullable: true }) feeManagerConfig?: AllowListConfig;
  @Field(() => AllowListConfig, { nullable: true }) rewardManagerConfig?: AllowListConfig;
}

/** The genesis of an EVM chain as submitted in its CreateChainTx (spec 2.4). Hex strings unless stated. */
@ObjectType({ simpleResolvers: true })
export class GenesisData {
  @Field({ nullable: true, description: 'As the genesis gives it (exact); a JSON number in REST.' })
  @Directive('@rest(nullable: true, number: true)')
  airdropAmount?: string;
  @Field({ nullable: true }) airdropHash?: string;
  @Field(() => JSONObject, {
    nullable: true,
    description: 'Address to account: balance (hex), code (hex), storage (hex to hex).',
  })
  alloc?: Record<string, unknown>;
  @Field({ nullable: true, description: 'As the genesis gives it (exact); a JSON number in REST.' })
  @Directive('@rest(nullable: true, number: true)')
  baseFeePerGas?: string;
  @Field({ nullable: true })
  @Directive('@rest(nullable: true)')
  blobGasUsed?: string;
  @Field({ nullable: true }) coinbase?: string;
  @Field(() => GenesisChainConfig, { nullable: true }) config?: GenesisChainConfig;
  @Field({ nullable: true }) difficulty?: string;
  @Field({ nullable: true })
  @Directive('@rest(nullable: true)')
  excessBlobGas?: string;
  @Field({ nullable: true }) extraData?: string;
  @Field({ nullable: true }) gasLimit?: string;
  @Field({ nullable: true }) gasUsed?: string;
  @Field({ nullable: true }) mixHash?: string;
  @Field({ nullable: true }) nonce?: string;
  @Field({ nullable: true }) number?: string;
  @Field({ nullable: true }) parentHash?: string;
  @Field({ nullable: true }) timestamp?: string;
}
