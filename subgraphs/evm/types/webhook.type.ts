import { createUnionType, Directive, Field, Float, ObjectType, registerEnumType } from 'type-graphql';
import { addressActivitySubEvents, validatorActivitySubEvents } from '../../../webhooks/eventTypes';
import { commonBalanceTypes } from '../../../webhooks/subscriptions/validateWebhookRequest';

/** An enum of GraphQL whose values are the official strings themselves. */
function stringEnum<const Values extends readonly string[]>(values: Values): { [K in Values[number]]: K } {
  return Object.fromEntries(values.map((value) => [value, value])) as { [K in Values[number]]: K };
}

/** A webhook's state (official WebhookStatusType). */
export const WebhookStatusType = stringEnum(['active', 'inactive'] as const);
registerEnumType(WebhookStatusType, {
  name: 'WebhookStatusType',
  description: 'active, or inactive: deactivated by its key, or after a delivery’s retries ran out.',
});

/** Sub-events of primary_network_address_activity. */
export const PrimaryNetworkAddressActivitySubEventType = stringEnum(addressActivitySubEvents);
registerEnumType(PrimaryNetworkAddressActivitySubEventType, {
  name: 'PrimaryNetworkAddressActivitySubEventType',
  description: 'A sub-event of primary_network_address_activity.',
});

/** Sub-events of validator_activity. */
export const ValidatorActivitySubEventType = stringEnum(validatorActivitySubEvents);
registerEnumType(ValidatorActivitySubEventType, {
  name: 'ValidatorActivitySubEventType',
  description: 'A sub-event of validator_activity.',
});

/** What primary_network_address_activity watches. */
export const PlatformAddressActivityKeyType = stringEnum(['addresses'] as const);
registerEnumType(PlatformAddressActivityKeyType, {
  name: 'PlatformAddressActivityKeyType',
  description: 'The type of key to monitor for the address activity event type.',
});

/** What validator_activity watches. */
export const ValidatorActivityKeyType = stringEnum(['nodeId', 'subnetId'] as const);
registerEnumType(ValidatorActivityKeyType, {
  name: 'ValidatorActivityKeyType',
  description: 'The type of key to monitor for the validator activity event type.',
});

/** The balances a balance_threshold filter watches. */
export const CommonBalanceType = stringEnum(commonBalanceTypes);
registerEnumType(CommonBalanceType, { name: 'CommonBalanceType', description: 'Type of balance to monitor.' });

/** The members every webhook answer has. */
@ObjectType({ simpleResolvers: true })
abstract class WebhookFields {
  @Field({ description: 'The webhook identifier (a UUID).' }) id!: string;
  @Field({ description: 'Where its events are POSTed.' }) url!: string;
  @Field({
    description:
      'The chain its events come from: an EVM chain ID (address_activity), p-chain, x-chain or c-chain (primary_network_address_activity), p-chain (validator_activity).',
  })
  chainId!: string;
  @Field(() => WebhookStatusType) status!: string;
  @Field(() => Float, {
    description: 'When it was created, Unix seconds: it receives the events of blocks from then on.',
  })
  createdAt!: number;
  @Field() name!: string;
  @Field() description!: string;
}

/** The metadata of an address_activity webhook. */
@ObjectType({ simpleResolvers: true })
export class AddressActivityMetadata {
  @Field(() => [String], { nullable: true, description: 'Array of hexadecimal strings of the event signatures.' })
  eventSignatures?: string[];
  @Field(() => [String], {
    description:
      'The EVM addresses it watches, in lower case and address order: all of them up to 1,000 (getAddressesFromWebhook pages them all).',
  })
  addresses!: string[];
}

/** A webhook of EVM address activity. */
@ObjectType({ simpleResolvers: true, description: 'A webhook of the transactions and transfers of EVM addresses.' })
export class EVMAddressActivityResponse extends WebhookFields {
  @Field()
  @Directive('@rest(enum: ["address_activity"])')
  eventType!: string;
  @Field(() => AddressActivityMetadata) metadata!: AddressActivityMetadata;
  @Field({ description: 'Whether to include traces in the webhook payload.' }) includeInternalTxs!: boolean;
  @Field({ description: 'Whether to include logs in the webhook payload.' }) includeLogs!: boolean;
}

/** The sub-events of a primary_network_address_activity webhook. */
@ObjectType({ simpleResolvers: true })
export class PrimaryNetworkAddressActivitySubEvents {
  @Field(() => [PrimaryNetworkAddressActivitySubEventType]) addressActivitySubEvents!: string[];
}

/** The balance a balance_threshold sub-event watches. */
@ObjectType({ simpleResolvers: true })
export class PrimaryNetworkBalanceThresholdFilter {
  @Field(() => CommonBalanceType) balanceType!: string;
  @Field({ description: 'Threshold for balance corresponding to balanceType in nAVAX.' }) balanceThreshold!: string;
}

/** The metadata of a primary_network_address_activity webhook. */
@ObjectType({ simpleResolvers: true })
export class PrimaryNetworkAddressActivityMetadata {
  @Field(() => [String], { nullable: true, description: 'Array of hexadecimal strings of the event signatures.' })
  eventSignatures?: string[];
  @Field(() => PlatformAddressActivityKeyType) keyType!: string;
  @Field(() => [String], {
    description: 'The addresses it watches (bech32, without chain prefix), in address order: all of them up to 1,000.',
  })
  keys!: string[];
  @Field(() => PrimaryNetworkAddressActivitySubEvents) subEvents!: PrimaryNetworkAddressActivitySubEvents;
  @Field(() => PrimaryNetworkBalanceThresholdFilter, { nullable: true })
  balanceThresholdFilter?: PrimaryNetworkBalanceThresholdFilter;
}

/** A webhook of primary-network address activity. */
@ObjectType({
  simpleResolvers: true,
  description: 'A webhook of balance changes, thresholds and rewards of P-, X- or C-Chain addresses.',
})
export class PrimaryNetworkAddressActivityResponse extends WebhookFields {
  @Field()
  @Directive('@rest(enum: ["primary_network_address_activity"])')
  eventType!: string;
  @Field(() => PrimaryNetworkAddressActivityMetadata) metadata!: PrimaryNetworkAddressActivityMetadata;
}

/** The sub-events of a validator_activity webhook. */
@ObjectType({ simpleResolvers: true })
export class ValidatorActivitySubEvents {
  @Field(() => [ValidatorActivitySubEventType], { description: 'Array of validator activity sub-event types.' })
  validatorActivitySubEvents!: string[];
}

/** The metadata of a validator_activity webhook. */
@ObjectType({ simpleResolvers: true })
export class ValidatorActivityMetadata {
  @Field(() => [String], { nullable: true, description: 'Array of hexadecimal strings of the event signatures.' })
  eventSignatures?: string[];
  @Field(() => ValidatorActivityKeyType) keyType!: string;
  @Field(() => [String], { description: 'The node ID or subnet ID it watches (one).' }) keys!: string[];
  @Field(() => ValidatorActivitySubEvents) subEvents!: ValidatorActivitySubEvents;
  @Field(() => [String], { nullable: true, description: 'Array of node IDs to filter the events.' })
  nodeIds?: string[];
  @Field(() => [String], { nullable: true, description: 'Array of subnet IDs to filter the events.' })
  subnetIds?: string[];
  @Field({ nullable: true, description: 'L1 validator fee balance threshold in nAVAX.' })
  l1ValidatorFeeBalanceThreshold?: string;
}

/** A webhook of validator activity. */
@ObjectType({
  simpleResolvers: true,
  description: 'A webhook of the stakes, rewards and L1 validator balance of a node or subnet.',
})
export class ValidatorActivityResponse extends WebhookFields {
  @Field()
  @Directive('@rest(enum: ["validator_activity"])')
  eventType!: string;
  @Field(() => ValidatorActivityMetadata) metadata!: ValidatorActivityMetadata;
}

/** The variant of a webhook answer, by its event type. */
const webhookVariants: Record<string, string> = {
  address_activity: 'EVMAddressActivityResponse',
  primary_network_address_activity: 'PrimaryNetworkAddressActivityResponse',
  validator_activity: 'ValidatorActivityResponse',
};

/**
 * The variant of a webhook answer (the subgraph's `__resolveType` of WebhookResponse).
 * @example resolveWebhookType({ eventType: 'validator_activity' }) // 'ValidatorActivityResponse'
 */
export function resolveWebhookType(value: { eventType: string }): string {
  return webhookVariants[value.eventType]!;
}

/** A webhook, in the shape of its event type (the official oneOf). */
export const WebhookResponse = createUnionType({
  name: 'WebhookResponse',
  description:
    'A webhook in the shape of its event type: an EVMAddressActivityResponse, PrimaryNetworkAddressActivityResponse or ValidatorActivityResponse.',
  types: () => [EVMAddressActivityResponse, PrimaryNetworkAddressActivityResponse, ValidatorActivityResponse] as const,
  resolveType: resolveWebhookType,
});

/** A page of the caller's webhooks. */
@ObjectType({ simpleResolvers: true })
export class ListWebhooksResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [WebhookResponse]) webhooks!: object[];
}

/** A page of a webhook's addresses. */
@ObjectType({ simpleResolvers: true })
export class ListWebhookAddressesResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [String], { description: 'The addresses, in lower case and address order.' }) addresses!: string[];
  @Field(() => Float, { description: 'How many addresses the webhook watches.' }) totalAddresses!: number;
}

/** The shared secret of the caller's key. */
@ObjectType({ simpleResolvers: true })
export class SharedSecretsResponse {
  @Field({
    description:
      'The HMAC-SHA256 key of x-signature, as its UTF-8 text: 64 hex digits (32 random bytes), one per API key.',
  })
  secret!: string;
}
