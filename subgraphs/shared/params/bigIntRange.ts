import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * class-validator rule for bigint parameters (Amount, BlockNumber): `min <= value <= max`.
 * @example @BigIntRange(0n, 720_000_000_000_000_000n) minDelegationCapacity?: bigint
 */
export function BigIntRange(min: bigint, max: bigint, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'bigIntRange',
      validator: {
        validate: (value: unknown) =>
          value === undefined || value === null || (typeof value === 'bigint' && value >= min && value <= max),
        defaultMessage: (args) => `${args?.property} must be from ${min} to ${max}`,
      },
    },
    options,
  );
}
