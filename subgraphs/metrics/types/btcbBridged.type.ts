import { Field, ObjectType } from 'type-graphql';

/** An address and the net BTC.b it bridged onto the C-Chain. */
@ObjectType({ simpleResolvers: true })
export class BtcbBridger {
  @Field({ description: 'The address, lower case.' }) address!: string;

  @Field({
    description:
      'Its net bridged amount in satoshis, as text: the BTC.b the Avalanche Bridge minted to it less the BTC.b it burnt (unwrapped).',
  })
  sortKey!: string;
}

/** A page of bridgers, largest net amount first. */
@ObjectType({ simpleResolvers: true })
export class BtcbBridgersResponse {
  @Field({ nullable: true }) nextPageToken?: string;
  @Field(() => [BtcbBridger]) addresses!: BtcbBridger[];
}
