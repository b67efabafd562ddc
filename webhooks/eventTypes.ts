// The official webhook event types and sub-events (glacier-openapi.json, tag Webhooks), named once.

/** A webhook's event type. */
export const webhookEventTypes = [
  'address_activity',
  'primary_network_address_activity',
  'validator_activity',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** Sub-events of `primary_network_address_activity` (PrimaryNetworkAddressActivitySubEventType). */
export const addressActivitySubEvents = ['balance_change', 'balance_threshold', 'reward_distribution'] as const;
export type AddressActivitySubEvent = (typeof addressActivitySubEvents)[number];

/** Sub-events of `validator_activity` (ValidatorActivitySubEvents). */
export const validatorActivitySubEvents = [
  'validator_stake',
  'delegator_stake',
  'reward_distribution',
  'l1_validator_balance_increased',
  'l1_validator_disabled',
  'l1_validator_removed',
  'l1_validator_balance_threshold',
] as const;
export type ValidatorActivitySubEvent = (typeof validatorActivitySubEvents)[number];

/** A webhook's state (WebhookStatusType). */
export const webhookStatuses = ['active', 'inactive'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

/** An outbox message's state (webhook_message.status). */
export type MessageStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';
