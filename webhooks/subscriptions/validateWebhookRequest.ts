// createWebhook's request, checked per event type: each failure names the member it is about.
import { PUBLIC_NETWORKS } from '../../avalanche/networks';
import { parseEvmAddress } from '../../avalanche/parseEvmAddress';
import { parseEvmHash } from '../../avalanche/parseEvmHash';
import { parseNodeId } from '../../avalanche/parseNodeId';
import { parsePrimaryAddress } from '../../avalanche/parsePrimaryAddress';
import { toCb58Id } from '../../avalanche/toCb58Id';
import { addressActivitySubEvents, validatorActivitySubEvents, webhookEventTypes } from '../eventTypes';
import type { NewWebhook, WebhookMetadataRequest, WebhookRequest } from './webhookRequest';
import { WebhookLimitError, WebhookRuleError } from './webhookErrors';
import { checkAmount, checkText, checkUrl, maxDescriptionLength, maxNameLength, parseEach } from './webhookRules';
import type { WebhookOptions } from './webhookStore';

/** The balances a balance_threshold filter may watch (the official CommonBalanceType). */
export const commonBalanceTypes = [
  'unlockedUnstaked',
  'unlockedStaked',
  'lockedPlatform',
  'lockedStakeable',
  'lockedStaked',
  'pendingStaked',
  'unlocked',
  'locked',
  'atomicMemoryUnlocked',
  'atomicMemoryLocked',
] as const;

/** The members each event type's request has, beside eventType, url, name, description and metadata. */
const ownMembers: Record<string, { top: readonly string[]; metadata: readonly string[] }> = {
  address_activity: {
    top: ['chainId', 'includeInternalTxs', 'includeLogs'],
    metadata: ['addresses', 'eventSignatures'],
  },
  primary_network_address_activity: {
    top: ['network', 'chainId'],
    metadata: ['keyType', 'keys', 'subEvents', 'balanceThresholdFilter', 'eventSignatures'],
  },
  validator_activity: {
    top: ['network'],
    metadata: [
      'keyType',
      'keys',
      'subEvents',
      'nodeIds',
      'subnetIds',
      'l1ValidatorFeeBalanceThreshold',
      'eventSignatures',
    ],
  },
};

const oneOf = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

/**
 * Checks a createWebhook request against the rules of its event type and puts it in its stored form:
 * EVM addresses and event signatures in lower case, primary-network addresses without chain prefix,
 * node IDs and subnet IDs in cb58, each key once. Whether an address_activity chain is indexed is
 * the caller's to check (it needs the database).
 * @param request the request
 * @param options the limits and the URL allow list
 * @returns the webhook to store
 * @throws WebhookRuleError naming the member that breaks a rule (400)
 * @throws WebhookLimitError when it watches more keys than WEBHOOK_MAX_ADDRESSES (403)
 * @example validateWebhookRequest({ eventType: 'address_activity', url: 'https://…', chainId: '43114', metadata: { addresses: ['0x…'] } }, options)
 */
export function validateWebhookRequest(request: WebhookRequest, options: WebhookOptions): NewWebhook {
  const eventType = request.eventType;
  const members = ownMembers[eventType];
  if (!members) throw new WebhookRuleError(`eventType must be ${oneOf(webhookEventTypes)}`);
  refuseForeignMembers(eventType, request as Record<string, unknown>, members.top, '');
  const metadata = request.metadata ?? {};
  refuseForeignMembers(eventType, metadata as Record<string, unknown>, members.metadata, 'metadata.');
  const common = {
    eventType,
    url: checkUrl(request.url, options),
    name: checkText('name', request.name ?? '', maxNameLength),
    description: checkText('description', request.description ?? '', maxDescriptionLength),
  };
  const eventSignatures =
    metadata.eventSignatures == null
      ? undefined
      : parseEach('metadata.eventSignatures', metadata.eventSignatures, parseEvmHash);
  const specific =
    eventType === 'address_activity'
      ? addressActivity(request, metadata)
      : eventType === 'primary_network_address_activity'
        ? primaryNetworkAddressActivity(request, metadata)
        : validatorActivity(request, metadata);
  if (specific.keys.length > options.maxAddressesPerWebhook) throw addressLimitError(options);
  return {
    ...common,
    ...specific,
    metadata: { ...(eventSignatures ? { eventSignatures } : {}), ...specific.metadata },
    includeInternalTxs: request.includeInternalTxs ?? false,
    includeLogs: request.includeLogs ?? false,
  };
}

/**
 * The 403 of a webhook that would watch more keys than WEBHOOK_MAX_ADDRESSES allows.
 * @example throw addressLimitError(options)
 */
export function addressLimitError(options: WebhookOptions): WebhookLimitError {
  return new WebhookLimitError(
    `a webhook watches at most ${options.maxAddressesPerWebhook} addresses (WEBHOOK_MAX_ADDRESSES)`,
  );
}

type Specific = Pick<NewWebhook, 'chainId' | 'network' | 'metadata' | 'keys'>;

/** A member of another event type's request is refused, not ignored: the client meant something by it. */
function refuseForeignMembers(
  eventType: string,
  given: Record<string, unknown>,
  own: readonly string[],
  prefix: string,
): void {
  const shared = prefix ? [] : ['eventType', 'url', 'name', 'description', 'metadata'];
  const members = [
    ...Object.keys(ownMembers).flatMap((type) => [...(prefix ? ownMembers[type]!.metadata : ownMembers[type]!.top)]),
  ];
  for (const member of new Set(members)) {
    if (shared.includes(member) || own.includes(member) || given[member] == null) continue;
    throw new WebhookRuleError(`${prefix}${member} is not a member of ${eventType} webhooks`);
  }
}

function required<T>(member: string, value: T | null | undefined): T {
  if (value == null) throw new WebhookRuleError(`${member} is required`);
  return value;
}

/** address_activity: an EVM chain (checked to be indexed by the caller) and its addresses. */
function addressActivity(request: WebhookRequest, metadata: WebhookMetadataRequest): Specific {
  const chainId = required('chainId', request.chainId);
  if (!/^[1-9]\d{0,18}$/.test(chainId) || BigInt(chainId) > 2n ** 63n - 1n)
    throw new WebhookRuleError('chainId must be an EVM chain ID (a positive integer)');
  const addresses = parseEach(
    'metadata.addresses',
    required('metadata.addresses', metadata.addresses),
    parseEvmAddress,
  );
  return { chainId, network: null, metadata: {}, keys: addresses };
}

/** The network of a primary-network webhook: mainnet or fuji (testnet names fuji). */
function networkOf(request: WebhookRequest): 'mainnet' | 'fuji' {
  const network = required('network', request.network);
  if (network === 'mainnet') return 'mainnet';
  if (network === 'fuji' || network === 'testnet') return 'fuji';
  throw new WebhookRuleError('network must be mainnet or fuji');
}

function hrpOf(network: 'mainnet' | 'fuji'): string {
  return PUBLIC_NETWORKS[network === 'mainnet' ? 'MAINNET' : 'FUJI'].hrp;
}

function checkSubEvents(
  member: string,
  given: readonly string[] | null | undefined,
  known: readonly string[],
): string[] {
  const events = required(member, given);
  if (events.length === 0) throw new WebhookRuleError(`${member} must name at least one sub-event`);
  for (const event of events)
    if (!known.includes(event))
      throw new WebhookRuleError(`${member} must list ${oneOf(known)}; ${JSON.stringify(event)} is none`);
  return [...new Set(events)];
}

/** primary_network_address_activity: the P- or X-Chain of the network, and addresses of that network. */
function primaryNetworkAddressActivity(request: WebhookRequest, metadata: WebhookMetadataRequest): Specific {
  const network = networkOf(request);
  const chainGiven = required('chainId', request.chainId);
  const chains = PUBLIC_NETWORKS[network === 'mainnet' ? 'MAINNET' : 'FUJI'].chains;
  // The P- and X-Chain, as the hosted API's platform webhooks: their UTXOs are what the events follow.
  const chainId = (['p-chain', 'x-chain'] as const).find((name) => name === chainGiven || chains[name] === chainGiven);
  if (!chainId)
    throw new WebhookRuleError(`chainId must be p-chain or x-chain (or the ${network} blockchain ID of one)`);
  if (required('metadata.keyType', metadata.keyType) !== 'addresses')
    throw new WebhookRuleError('metadata.keyType must be addresses');
  const hrp = hrpOf(network);
  const keys = parseEach('metadata.keys', required('metadata.keys', metadata.keys), (key) => {
    const parsed = parsePrimaryAddress(key);
    if (parsed.hrp !== hrp) throw new Error(`must be a ${network} address (${hrp}1…)`);
    return parsed.address;
  });
  if (keys.length === 0) throw new WebhookRuleError('metadata.keys must list at least one address');
  const subEvents = checkSubEvents(
    'metadata.subEvents.addressActivitySubEvents',
    metadata.subEvents?.addressActivitySubEvents,
    addressActivitySubEvents,
  );
  if (metadata.subEvents?.validatorActivitySubEvents != null)
    throw new WebhookRuleError(
      'metadata.subEvents.validatorActivitySubEvents is not a member of primary_network_address_activity webhooks',
    );
  const filter = metadata.balanceThresholdFilter;
  if (subEvents.includes('balance_threshold') && filter == null)
    throw new WebhookRuleError('metadata.balanceThresholdFilter is required with the balance_threshold sub-event');
  let balanceThresholdFilter: Record<string, string> | undefined;
  if (filter != null) {
    const balanceType = required('metadata.balanceThresholdFilter.balanceType', filter.balanceType);
    if (!(commonBalanceTypes as readonly string[]).includes(balanceType))
      throw new WebhookRuleError(`metadata.balanceThresholdFilter.balanceType must be ${oneOf(commonBalanceTypes)}`);
    const balanceThreshold = checkAmount(
      'metadata.balanceThresholdFilter.balanceThreshold',
      required('metadata.balanceThresholdFilter.balanceThreshold', filter.balanceThreshold),
    );
    balanceThresholdFilter = { balanceType, balanceThreshold };
  }
  return {
    chainId,
    network,
    keys,
    metadata: {
      keyType: 'addresses',
      subEvents: { addressActivitySubEvents: subEvents },
      ...(balanceThresholdFilter ? { balanceThresholdFilter } : {}),
    },
  };
}

function parseSubnetId(text: string): string {
  const id = toCb58Id(text);
  if (!id) throw new Error('must be a subnet ID (32 bytes in cb58, or hex)');
  return id;
}

/** validator_activity: one node ID or subnet ID of the network; its events come from the P-Chain. */
function validatorActivity(request: WebhookRequest, metadata: WebhookMetadataRequest): Specific {
  const network = networkOf(request);
  const keyType = required('metadata.keyType', metadata.keyType);
  if (keyType !== 'nodeId' && keyType !== 'subnetId')
    throw new WebhookRuleError('metadata.keyType must be nodeId or subnetId');
  const given = required('metadata.keys', metadata.keys);
  // The official text: "ValidatorActivity event will only accept a single key".
  if (given.length !== 1) throw new WebhookRuleError('metadata.keys must hold exactly one key');
  const keys = parseEach('metadata.keys', given, keyType === 'nodeId' ? parseNodeId : parseSubnetId);
  const subEvents = checkSubEvents(
    'metadata.subEvents.validatorActivitySubEvents',
    metadata.subEvents?.validatorActivitySubEvents,
    validatorActivitySubEvents,
  );
  if (metadata.subEvents?.addressActivitySubEvents != null)
    throw new WebhookRuleError(
      'metadata.subEvents.addressActivitySubEvents is not a member of validator_activity webhooks',
    );
  const nodeIds = metadata.nodeIds == null ? undefined : parseEach('metadata.nodeIds', metadata.nodeIds, parseNodeId);
  const subnetIds =
    metadata.subnetIds == null ? undefined : parseEach('metadata.subnetIds', metadata.subnetIds, parseSubnetId);
  const threshold =
    metadata.l1ValidatorFeeBalanceThreshold == null
      ? undefined
      : checkAmount('metadata.l1ValidatorFeeBalanceThreshold', metadata.l1ValidatorFeeBalanceThreshold);
  return {
    chainId: 'p-chain',
    network,
    keys,
    metadata: {
      keyType,
      subEvents: { validatorActivitySubEvents: subEvents },
      ...(nodeIds ? { nodeIds } : {}),
      ...(subnetIds ? { subnetIds } : {}),
      ...(threshold !== undefined ? { l1ValidatorFeeBalanceThreshold: threshold } : {}),
    },
  };
}
