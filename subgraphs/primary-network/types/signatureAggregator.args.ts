import {
  IsInt,
  Max,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { defaultQuorumPercentage } from '../../../signature-aggregator';
import { Network } from '../../shared/network';
import { Cb58Id } from '../../shared/params/cb58Id';
import { SafeInt } from '../../shared/scalars';

const hexPattern = /^(0x)?([0-9a-fA-F]{2})*$/;
const hasBytes = (value: unknown) => typeof value === 'string' && value.replace(/^0x/, '').length > 0;

/** `message` and `justification`: hex with an optional 0x, when given. */
@ValidatorConstraint({ name: 'isOptionalHex' })
class IsOptionalHex implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return value === undefined || value === null || (typeof value === 'string' && hexPattern.test(value));
  }
  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be hex (an even number of hex digits, optional 0x prefix)`;
  }
}

/** Section 4.1: one of `message` or `justification` must be given. */
@ValidatorConstraint({ name: 'messageOrJustification' })
class MessageOrJustification implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    const request = args.object as AggregateSignaturesArgs;
    return hasBytes(request.message) || hasBytes(request.justification);
  }
  defaultMessage(): string {
    return 'message or justification is required';
  }
}

/**
 * Section 4.1 and 8: quorumPercentage + quorumPercentageBuffer ≤ 100, with the quorum as it will
 * be used (0 stands for the default 67). A cross-field rule, declared here so it goes through the
 * same validator as every other parameter rule.
 */
@ValidatorConstraint({ name: 'quorumBudget' })
class QuorumBudget implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    const { quorumPercentage, quorumPercentageBuffer } = args.object as AggregateSignaturesArgs;
    if (!Number.isInteger(quorumPercentage) || !Number.isInteger(quorumPercentageBuffer)) return true;
    return (quorumPercentage || defaultQuorumPercentage) + quorumPercentageBuffer <= 100;
  }
  defaultMessage(): string {
    return 'quorumPercentage + quorumPercentageBuffer must be at most 100';
  }
}

/** Arguments of 4.1 aggregate signatures. */
@ArgsType()
export class AggregateSignaturesArgs {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => String, {
    nullable: true,
    description:
      'The unsigned Warp message, or SendWarpMessage log data; hex, optional 0x. Either message or justification must be given.',
  })
  @Validate(IsOptionalHex)
  @Validate(MessageOrJustification)
  message?: string;

  @Field(() => String, { nullable: true, description: 'ACP-118 justification; hex, optional 0x.' })
  @Validate(IsOptionalHex)
  justification?: string;

  @Field(() => Cb58Id, {
    nullable: true,
    description: 'Signing subnet, hex or cb58. Default: the subnet of the source blockchain.',
  })
  signingSubnetId?: string;

  @Field(() => Int, {
    nullable: true,
    defaultValue: defaultQuorumPercentage,
    description: "Share of the signing subnet's weight required, 0 to 100 (0 means the default, 67).",
  })
  @IsInt({ message: 'quorumPercentage must be an integer from 0 to 100' })
  @Min(0, { message: 'quorumPercentage must be an integer from 0 to 100' })
  @Max(100, { message: 'quorumPercentage must be an integer from 0 to 100' })
  quorumPercentage: number = defaultQuorumPercentage;

  @Field(() => Int, {
    nullable: true,
    defaultValue: 0,
    description: 'Extra weight to attempt, 0 to 100; quorumPercentage + quorumPercentageBuffer ≤ 100.',
  })
  @IsInt({ message: 'quorumPercentageBuffer must be an integer from 0 to 100' })
  @Min(0, { message: 'quorumPercentageBuffer must be an integer from 0 to 100' })
  @Max(100, { message: 'quorumPercentageBuffer must be an integer from 0 to 100' })
  @Validate(QuorumBudget)
  quorumPercentageBuffer: number = 0;

  @Field(() => SafeInt, {
    nullable: true,
    defaultValue: 0,
    description: 'P-Chain height of the validator set; 0 (default) for the current one.',
  })
  @IsInt({ message: 'pChainHeight must be 0 or a P-Chain height' })
  @Min(0, { message: 'pChainHeight must be 0 or a P-Chain height' })
  pChainHeight: number = 0;
}

/** Arguments of 4.2 get aggregated signatures. */
@ArgsType()
export class GetAggregatedSignaturesArgs {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => Cb58Id, {
    description: 'A P-Chain transaction hash (ConvertSubnetToL1Tx, RegisterL1ValidatorTx or SetL1ValidatorWeightTx).',
  })
  txHash!: string;
}
