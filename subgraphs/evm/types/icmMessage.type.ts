import { Directive, Field, Float, InterfaceType, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { Price } from './token.type';

/** A receipt a message carries back to its source: a delivery of the other direction, and who is rewarded for it. */
@ObjectType({ simpleResolvers: true })
export class IcmReceipt {
  @Field({ description: 'Nonce of the delivered message the receipt is for.' }) receivedMessageNonce!: string;
  @Field({ description: 'Address the relayer of that delivery is rewarded at.' }) relayerRewardAddress!: string;
}

/** The fee the sender offered the relayer, in an ERC-20 of the source chain. */
@ObjectType({ simpleResolvers: true })
export class IcmRewardDetails {
  @Field({ description: 'The fee token (the zero address when the message pays no fee).' }) address!: string;
  @Field({ description: 'The token name; empty when its metadata is unknown.' }) name!: string;
  @Field({ description: 'The token symbol; empty when its metadata is unknown.' }) symbol!: string;
  @Field(() => Float, { description: 'The token decimals (18 when its metadata is unknown).' }) decimals!: number;
  @Field({ nullable: true }) logoUri?: string;
  @Field()
  @Directive('@rest(enum: ["ERC-20"])')
  ercType!: string;
  @Field(() => Price, { nullable: true, description: 'Never set: this service prices no relayer fee.' })
  price?: Price;
  @Field({ description: 'Fee amount in the token’s smallest unit.' }) value!: string;
}

/** The transaction that sent the message, on its source chain. */
@ObjectType({ simpleResolvers: true })
export class IcmSourceTransaction {
  @Field() txHash!: string;
  @Field(() => SafeInt, { description: 'Block time, seconds.' }) timestamp!: number;
  @Field({ description: 'Gas used by the transaction.' }) gasSpent!: string;
}

/** The transaction that delivered the message, on its destination chain. */
@ObjectType({ simpleResolvers: true })
export class IcmDestinationTransaction {
  @Field() txHash!: string;
  @Field(() => SafeInt, { description: 'Block time, seconds.' }) timestamp!: number;
  @Field({ description: 'Gas used by the transaction.' }) gasSpent!: string;
  @Field({ description: 'Address that may redeem the relayer reward of this delivery.' }) rewardRedeemer!: string;
  @Field({ description: 'The relayer that sent the delivering transaction.' }) delivererAddress!: string;
}

/** Status of an ICM message. */
export type IcmMessageStatus = 'pending' | 'delivered' | 'delivered_source_not_indexed';

const variants: Record<IcmMessageStatus, string> = {
  pending: 'PendingIcmMessage',
  delivered: 'DeliveredIcmMessage',
  delivered_source_not_indexed: 'DeliveredSourceNotIndexedIcmMessage',
};

/**
 * The variant of a message, by its status (the subgraph's `__resolveType` of IcmMessage).
 * @example resolveIcmMessageType({ status: 'delivered' }) // 'DeliveredIcmMessage'
 */
export function resolveIcmMessageType(value: { status: IcmMessageStatus }): string {
  return variants[value.status];
}

/**
 * An ICM (Teleporter) message joined across its source and destination chains, in the variant of its
 * status (the official `oneOf`, discriminated by `status`).
 */
@InterfaceType({
  description:
    'An ICM (Teleporter) message joined across its chains: pending (sent, not delivered), delivered, or delivered while its send is not indexed.',
  resolveType: resolveIcmMessageType,
})
@Directive('@rest(discriminator: "status")')
export abstract class IcmMessage {
  @Field({ description: 'The Teleporter message ID, 64 hex digits.' }) messageId!: string;
  @Field({ description: 'The TeleporterMessenger contract that emitted the message’s events.' })
  icmContractAddress!: string;
  @Field() sourceBlockchainId!: string;
  @Field() destinationBlockchainId!: string;
  @Field({ description: 'EVM chain ID of the source chain; empty when this service does not index it.' })
  sourceEvmChainId!: string;
  @Field({ description: 'EVM chain ID of the destination chain; empty when this service does not index it.' })
  destinationEvmChainId!: string;
  @Field({ description: 'The source messenger’s nonce of the message.' }) messageNonce!: string;
  @Field({ description: 'The sender (originSenderAddress).' }) from!: string;
  @Field({ description: 'The contract the message is delivered to (destinationAddress).' }) to!: string;
  @Field({ nullable: true, description: 'The message payload, 0x-hex.' }) data?: string;
  @Field({ description: 'The destination ran the message (MessageExecuted).' }) messageExecuted!: boolean;
  @Field(() => [IcmReceipt], { description: 'Receipts the message carries back to its source.' })
  receipts!: IcmReceipt[];
  @Field({ description: 'The receipt of this message’s delivery came back to the source (ReceiptReceived).' })
  receiptDelivered!: boolean;
  @Field(() => IcmRewardDetails) rewardDetails!: IcmRewardDetails;
  @Field() status!: string;
}

/** Sent, not delivered (yet). */
@ObjectType({ implements: IcmMessage, simpleResolvers: true })
export class PendingIcmMessage {
  @Field(() => IcmSourceTransaction) sourceTransaction!: IcmSourceTransaction;
  @Field()
  @Directive('@rest(enum: ["pending"])')
  status!: 'pending';
}

/** Sent and delivered, both indexed. */
@ObjectType({ implements: IcmMessage, simpleResolvers: true })
export class DeliveredIcmMessage {
  @Field(() => IcmSourceTransaction) sourceTransaction!: IcmSourceTransaction;
  @Field(() => IcmDestinationTransaction) destinationTransaction!: IcmDestinationTransaction;
  @Field()
  @Directive('@rest(enum: ["delivered"])')
  status!: 'delivered';
}

/** Delivered on an indexed chain; its send is on a chain (or at a height) this service does not index. */
@ObjectType({ implements: IcmMessage, simpleResolvers: true })
export class DeliveredSourceNotIndexedIcmMessage {
  @Field(() => IcmDestinationTransaction) destinationTransaction!: IcmDestinationTransaction;
  @Field()
  @Directive('@rest(enum: ["delivered_source_not_indexed"])')
  status!: 'delivered_source_not_indexed';
}

/** Every variant of IcmMessage (orphaned types of the subgraph: no field returns them by name). */
export const icmMessageVariants = [PendingIcmMessage, DeliveredIcmMessage, DeliveredSourceNotIndexedIcmMessage];

/** One variant of IcmMessage, as the formatter builds it. */
export type AnyIcmMessage = Omit<IcmMessage, 'status'> &
  (
    | { status: 'pending'; sourceTransaction: IcmSourceTransaction }
    | {
        status: 'delivered';
        sourceTransaction: IcmSourceTransaction;
        destinationTransaction: IcmDestinationTransaction;
      }
    | { status: 'delivered_source_not_indexed'; destinationTransaction: IcmDestinationTransaction }
  );

/** A page of ICM messages, newest first. */
@ObjectType({ simpleResolvers: true })
export class ListIcmMessagesResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [IcmMessage]) messages!: AnyIcmMessage[];
}
