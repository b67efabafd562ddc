import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { BlsCredentials } from './validator.type';

/** P-Chain owners of an L1 validation's balance or of its deactivation (official `BalanceOwner`). */
@ObjectType({ simpleResolvers: true })
export class BalanceOwner {
  @Field(() => [String], { description: 'P-Chain addresses (avax1…, fuji1…).' }) addresses!: string[];
  @Field(() => Int, { description: 'Signatures needed among the addresses.' }) threshold!: number;
}

/** An L1 validation (ACP-77), as the official `L1ValidatorDetailsFull` has it. */
@ObjectType('L1ValidatorDetailsFull', { simpleResolvers: true })
export class L1ValidatorDetails {
  @Field({ description: 'The L1 validation ID (cb58).' }) validationId!: string;
  @Field({ description: 'The L1 validation ID in hex (0x…).' }) validationIdHex!: string;
  @Field() nodeId!: string;
  @Field() subnetId!: string;
  @Field({ description: 'Weight now; 0 once removed. Exact text in GraphQL, a number in REST.' })
  @Directive('@rest(number: true)')
  weight!: string;
  @Field({
    description:
      'nAVAX left to pay the continuous fee at blockHeight (0 once inactive). Exact text in GraphQL, a number in REST.',
  })
  @Directive('@rest(number: true)')
  remainingBalance!: string;
  @Field(() => SafeInt, { description: 'Block time of the transaction that created the validation.' })
  creationTimestamp!: number;
  @Field(() => BlsCredentials) blsCredentials!: BlsCredentials;
  @Field(() => BalanceOwner, { description: 'Who gets the remaining balance back on disable or removal.' })
  remainingBalanceOwner!: BalanceOwner;
  @Field(() => BalanceOwner, { description: 'Who may disable or remove the validation.' })
  deactivationOwner!: BalanceOwner;
}

/** A page of L1 validations. */
@ObjectType('ListL1ValidatorsResponse', { simpleResolvers: true })
export class ListL1ValidatorsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [L1ValidatorDetails]) validators!: L1ValidatorDetails[];
  @Field({ description: 'The latest indexed P-Chain block: the remaining balances are those after it.' })
  blockHeight!: string;
}
