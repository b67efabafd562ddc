import { Directive, Field, Int, ObjectType } from 'type-graphql';
import type { EvmChain as EvmChainRow } from '../../../prisma/generated/client';
import { SafeInt } from '../../shared/scalars';

/** An indexed EVM block in brief (GraphQL only: a chain's latest block). */
@ObjectType({ simpleResolvers: true, description: 'An indexed block of an EVM chain.' })
export class EvmBlockSummary {
  @Field({ description: 'EVM chain ID, decimal.' }) chainId!: string;
  @Field() number!: string;
  @Field() hash!: string;
  @Field() parentHash!: string;
  @Field(() => SafeInt, { description: 'Unix seconds.' }) timestamp!: number;
  @Field(() => Int) txCount!: number;
  @Field() gasUsed!: string;
  @Field() gasLimit!: string;
  @Field({ nullable: true }) baseFeePerGas?: string;
}

/**
 * An EVM address on every indexed chain. Entity keyed by `address` (lower case): a type of its own,
 * apart from primary-network (bech32) addresses, so the two kinds of address never share a key.
 */
@ObjectType({ description: 'An EVM address (0x…, lower case) and its activity on the indexed EVM chains.' })
@Directive('@key(fields: "address")')
export class EvmAccount {
  @Field({ description: 'Lower-case address.' }) address!: string;
}

/** One EVM address on one chain: its balances, transfers and deployments, paged like 4.8–4.15. */
@ObjectType({ description: 'An EVM address on one indexed chain.' })
export class EvmAccountOnChain {
  @Field() address!: string;
  @Field({ description: 'EVM chain ID, decimal.' }) chainId!: string;
  /** The stored chain, for the field resolvers. */
  chain!: EvmChainRow;
}
