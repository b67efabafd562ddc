import { Field, ObjectType } from 'type-graphql';

/** A signed Warp message (spec 2.2). */
@ObjectType({ description: 'A Warp message with the aggregate BLS signature of a quorum of the signing subnet.' })
export class SignedMessageResponse {
  @Field({ description: 'The signed Warp message, hex without 0x, as the hosted API answers.' })
  signedMessage!: string;
}
