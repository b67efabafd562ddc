// What a webhook's metadata asks for: its sub-events and filters, as the official API stores them.
import { addressActivitySubEvents, validatorActivitySubEvents } from '../../../webhooks/eventTypes';

/**
 * The sub-events a webhook receives: those its `metadata.subEvents` lists; all of its event type's
 * when it lists none.
 * @param metadata the webhook's metadata
 * @param eventType its event type
 * @returns the sub-event names
 * @example subEventsOf({ subEvents: { addressActivitySubEvents: ['balance_change'] } }, 'primary_network_address_activity')
 */
export function subEventsOf(metadata: Record<string, unknown>, eventType: string): Set<string> {
  const subEvents = (metadata.subEvents ?? {}) as Record<string, unknown>;
  const listed =
    subEvents[eventType === 'validator_activity' ? 'validatorActivitySubEvents' : 'addressActivitySubEvents'];
  if (Array.isArray(listed) && listed.length > 0) return new Set(listed.map(String));
  return new Set(eventType === 'validator_activity' ? validatorActivitySubEvents : addressActivitySubEvents);
}

/**
 * A string list of the metadata (`nodeIds`, `subnetIds`); empty when absent.
 * @example listOf(metadata, 'nodeIds') // ['NodeID-…']
 */
export function listOf(metadata: Record<string, unknown>, name: string): string[] {
  const value = metadata[name];
  return Array.isArray(value) ? value.map(String) : [];
}

/** A balance threshold filter (`metadata.balanceThresholdFilter`), or null when absent or malformed. */
export type BalanceThresholdFilter = { balanceType: string; balanceThreshold: bigint };

/**
 * The webhook's balance threshold filter.
 * @example balanceThresholdOf({ balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: '5500000000' } })
 */
export function balanceThresholdOf(metadata: Record<string, unknown>): BalanceThresholdFilter | null {
  const filter = metadata.balanceThresholdFilter as { balanceType?: unknown; balanceThreshold?: unknown } | undefined;
  if (typeof filter?.balanceType !== 'string' || !/^[0-9]{1,30}$/.test(String(filter.balanceThreshold ?? '')))
    return null;
  return { balanceType: filter.balanceType, balanceThreshold: BigInt(String(filter.balanceThreshold)) };
}
