import { ArgsType, Field, InputType, registerEnumType } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import { WebhookStatusType } from './webhook.type';

/** A webhook's event type (createWebhook's eventType: the variant of the official request). */
export enum WebhookEventType {
  address_activity = 'address_activity',
  primary_network_address_activity = 'primary_network_address_activity',
  validator_activity = 'validator_activity',
}
registerEnumType(WebhookEventType, {
  name: 'WebhookEventType',
  description: 'address_activity (EVM), primary_network_address_activity or validator_activity.',
});

/** The network of a primary-network webhook (official PrimaryNetworkType). */
export enum PrimaryNetworkType {
  mainnet = 'mainnet',
  fuji = 'fuji',
}
registerEnumType(PrimaryNetworkType, { name: 'PrimaryNetworkType', description: 'mainnet or fuji.' });

/** listWebhooks' status filter (official WebhookStatus). */
export enum WebhookStatus {
  active = 'active',
  inactive = 'inactive',
}
registerEnumType(WebhookStatus, { name: 'WebhookStatus', description: 'active or inactive.' });

/** The sub-events of a new webhook: addressActivitySubEvents or validatorActivitySubEvents, by event type. */
@InputType()
export class WebhookSubEventsInput {
  @Field(() => [String], {
    nullable: true,
    description: 'primary_network_address_activity: balance_change, balance_threshold, reward_distribution.',
  })
  addressActivitySubEvents?: string[];

  @Field(() => [String], {
    nullable: true,
    description:
      'validator_activity: validator_stake, delegator_stake, reward_distribution, l1_validator_balance_increased, l1_validator_disabled, l1_validator_removed, l1_validator_balance_threshold.',
  })
  validatorActivitySubEvents?: string[];
}

/** The balance a balance_threshold sub-event watches. */
@InputType()
export class BalanceThresholdFilterInput {
  @Field({ nullable: true, description: 'Type of balance to monitor (CommonBalanceType).' })
  balanceType?: string;

  @Field({ nullable: true, description: 'Threshold for balance corresponding to balanceType in nAVAX.' })
  balanceThreshold?: string;
}

/**
 * The metadata of a new webhook: the members of the three official metadata objects
 * (AddressActivityMetadata, PrimaryNetworkAddressActivityMetadata, ValidatorActivityMetadata) in
 * one input; each event type takes its own and refuses the others'.
 */
@InputType({
  description:
    'The metadata of a new webhook: address_activity takes addresses and eventSignatures; primary_network_address_activity keyType (addresses), keys, subEvents.addressActivitySubEvents and balanceThresholdFilter; validator_activity keyType (nodeId or subnetId), keys (one), subEvents.validatorActivitySubEvents, nodeIds, subnetIds and l1ValidatorFeeBalanceThreshold.',
})
export class WebhookMetadataInput {
  @Field(() => [String], { nullable: true, description: 'Array of hexadecimal strings of the event signatures.' })
  eventSignatures?: string[];

  @Field(() => [String], { nullable: true, description: 'address_activity: the EVM addresses to watch.' })
  addresses?: string[];

  @Field({
    nullable: true,
    description: 'addresses (primary_network_address_activity), nodeId or subnetId (validator_activity).',
  })
  keyType?: string;

  @Field(() => [String], {
    nullable: true,
    description: 'The addresses (bech32, with or without P-/X-/C-), or the one node ID or subnet ID, to watch.',
  })
  keys?: string[];

  @Field(() => WebhookSubEventsInput, { nullable: true, description: 'Sub-events to monitor.' })
  subEvents?: WebhookSubEventsInput;

  @Field(() => BalanceThresholdFilterInput, {
    nullable: true,
    description: 'Balance threshold filter (required with balance_threshold).',
  })
  balanceThresholdFilter?: BalanceThresholdFilterInput;

  @Field(() => [String], { nullable: true, description: 'Array of node IDs to filter the events.' })
  nodeIds?: string[];

  @Field(() => [String], { nullable: true, description: 'Array of subnet IDs to filter the events.' })
  subnetIds?: string[];

  @Field({ nullable: true, description: 'L1 validator fee balance threshold in nAVAX.' })
  l1ValidatorFeeBalanceThreshold?: string;
}

/** createWebhook: the official oneOf of three requests, as one request holding every member. */
@ArgsType()
export class CreateWebhookArgs {
  @Field(() => WebhookEventType, {
    description: 'What it watches: address_activity (EVM), primary_network_address_activity or validator_activity.',
  })
  eventType!: WebhookEventType;

  @Field({ description: 'Where to POST the events: https, or http to a host WEBHOOK_ALLOWED_HOSTS lists.' })
  url!: string;

  @Field({ nullable: true, description: 'A name for it (at most 200 characters); empty when omitted.' })
  name?: string;

  @Field({ nullable: true, description: 'What it is for (at most 1000 characters); empty when omitted.' })
  description?: string;

  @Field({
    nullable: true,
    description:
      'address_activity: an EVM chain ID this service indexes; primary_network_address_activity: p-chain, x-chain or c-chain (or its blockchain ID).',
  })
  chainId?: string;

  @Field(() => PrimaryNetworkType, {
    nullable: true,
    description: 'primary_network_address_activity and validator_activity: the network.',
  })
  network?: PrimaryNetworkType;

  @Field(() => WebhookMetadataInput, { description: 'What it watches, by the members of its event type.' })
  metadata!: WebhookMetadataInput;

  @Field({
    nullable: true,
    description:
      'address_activity: whether to include traces in the webhook payload. Traces are only available for C-Chain on chainId 43113 and 43114.',
  })
  includeInternalTxs?: boolean;

  @Field({ nullable: true, description: 'address_activity: whether to include logs in the webhook payload.' })
  includeLogs?: boolean;
}

/** One webhook of the caller's key. */
@ArgsType()
export class WebhookIdArgs {
  @Field({ description: 'The webhook identifier.' }) id!: string;
}

/** updateWebhook: the members to change (official UpdateWebhookRequest). */
@ArgsType()
export class UpdateWebhookArgs extends WebhookIdArgs {
  @Field({ nullable: true, description: 'A new name (at most 200 characters).' }) name?: string;
  @Field({ nullable: true, description: 'A new description (at most 1000 characters).' }) description?: string;
  @Field({ nullable: true, description: 'A new URL: https, or http to a host WEBHOOK_ALLOWED_HOSTS lists.' })
  url?: string;
  @Field(() => WebhookStatusType, { nullable: true, description: 'active re-activates it; inactive deactivates it.' })
  status?: string;
  @Field({
    nullable: true,
    description:
      'Whether to include traces in the webhook payload. Traces are only available for C-Chain on chainId 43113 and 43114.',
  })
  includeInternalTxs?: boolean;
  @Field({ nullable: true, description: 'Whether to include logs in the webhook payload.' }) includeLogs?: boolean;
}

/** addAddressesToWebhook, removeAddressesFromWebhook (official AddressesChangeRequest). */
@ArgsType()
export class WebhookAddressesArgs extends WebhookIdArgs {
  @Field(() => [String], { description: 'Ethereum address(es) for the address_activity event type.' })
  addresses!: string[];
}

/** listWebhooks. */
@ArgsType()
export class ListWebhooksArgs extends PageArgs('webhooks') {
  @Field(() => WebhookStatus, {
    nullable: true,
    description:
      'Status of the webhook. Use "active" to return only active webhooks, "inactive" to return only inactive webhooks. Else if no status is provided, all configured webhooks will be returned.',
  })
  status?: WebhookStatus;
}

/** getAddressesFromWebhook. */
@ArgsType()
export class ListWebhookAddressesArgs extends PageArgs('webhookAddresses') {
  @Field({ description: 'The webhook identifier.' }) id!: string;
}
