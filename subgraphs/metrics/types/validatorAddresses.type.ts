import { Field, ObjectType } from 'type-graphql';

/** One validation of getValidatorsByDateRange: who its rewards go to. */
@ObjectType('PChainAddressDetails', { simpleResolvers: true })
export class PChainAddressDetails {
  @Field(() => [String], {
    description: "The validation's reward addresses (none for subnet and L1 validations, which earn no reward).",
  })
  addresses!: string[];

  @Field({ description: "The validation's start time, Unix seconds as text (the official type)." })
  sortKey!: string;
}

/** A page of validations, newest first. */
@ObjectType('PChainLookingGlassResponse', { simpleResolvers: true })
export class PChainLookingGlassResponse {
  @Field({ nullable: true }) nextPageToken?: string;
  @Field(() => [PChainAddressDetails]) addresses!: PChainAddressDetails[];
}
