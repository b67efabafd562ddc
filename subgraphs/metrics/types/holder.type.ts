import { Directive, Field, ObjectType } from 'type-graphql';

/** One holder (2.17). */
@ObjectType({ simpleResolvers: true })
export class HolderEntry {
  @Field({ description: 'The holder, lower case.' }) address!: string;

  @Field({
    description:
      "Unix time (seconds, as text, the official type) of the block that set the holder's latest balance in the window: the time of `balance`.",
  })
  sortKey!: string;

  @Field({ description: "The holder's latest balance in the window (at its end), in the token's smallest unit." })
  @Directive('@rest(omit: true)')
  balance!: string;
}

/** A page of holders, in address order. */
@ObjectType({ simpleResolvers: true })
export class HoldersResponse {
  @Field({ nullable: true }) nextPageToken?: string;
  @Field(() => [HolderEntry]) addresses!: HolderEntry[];
}
