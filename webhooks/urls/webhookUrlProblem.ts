// The rule a webhook's URL must meet when it is given (createWebhook, updateWebhook).
import { isIP } from 'node:net';
import { blockedAddressKind } from './blockedAddress';
import type { HostAllowList } from './hostAllowList';

/** Longest URL a webhook may have (the column's size). */
export const maxWebhookUrlLength = 2048;

/**
 * What is wrong with a webhook URL, worded for the client: it must be an absolute https URL (http
 * only to a host WEBHOOK_ALLOWED_HOSTS lists), without credentials, and not name a loopback,
 * private, link-local or other non-internet IP address (blockedAddress.ts; or a `localhost` name) unless that host is listed. A host
 * name is not resolved here: the deliverer checks the addresses it resolves to at each delivery.
 * @param url the URL as given
 * @param allowed WEBHOOK_ALLOWED_HOSTS
 * @returns the broken rule (`url must …`), or undefined when the URL is acceptable
 * @example webhookUrlProblem('http://example.com/hook', allowList) // 'url must be https (http only to a host WEBHOOK_ALLOWED_HOSTS lists)'
 */
export function webhookUrlProblem(url: string, allowed: HostAllowList): string | undefined {
  if (url.length > maxWebhookUrlLength) return `url must be at most ${maxWebhookUrlLength} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url must be an absolute URL (https://…)';
  }
  const host = hostOf(parsed);
  const listed = host !== '' && allowed.allowsHost(host);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && listed))
    return 'url must be https (http only to a host WEBHOOK_ALLOWED_HOSTS lists)';
  if (parsed.username !== '' || parsed.password !== '') return 'url must not hold credentials (user:password@)';
  if (listed) return undefined;
  // RFC 6761: localhost names always resolve to the loopback address.
  const kind =
    isIP(host) !== 0 ? blockedAddressKind(host) : /(^|\.)localhost\.?$/i.test(host) ? 'a loopback address' : undefined;
  if (kind) return `url must not name ${kind} (${host}) unless WEBHOOK_ALLOWED_HOSTS lists it`;
  return undefined;
}

/**
 * The host of a URL as it is compared and resolved: lower case, an IPv6 literal without its brackets.
 * @example hostOf(new URL('http://[::1]:8080/')) // '::1'
 */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}
