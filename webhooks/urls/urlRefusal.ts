// What a webhook URL must be before any address is looked at: https, or http to a host the operator
// allows (WEBHOOK_ALLOWED_HOSTS), and no literal address of a refused range unless allowed.
import net from 'node:net';
import { blockedAddressReason } from './blockedAddress';

/**
 * The host of a URL as it is compared and resolved: lower case, an IPv6 literal without its brackets.
 * @example hostOf(new URL('http://[::1]:8080/')) // '::1'
 */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/**
 * Whether the operator allows this host: http to it, and any address it resolves to.
 * @param host a URL's host ({@link hostOf})
 * @param allowedHosts WEBHOOK_ALLOWED_HOSTS: host names or IP addresses, any case
 * @example isAllowedHost('127.0.0.1', ['127.0.0.1', 'receiver.internal']) // true
 */
export function isAllowedHost(host: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts.some((allowed) => allowed.replace(/^\[(.*)\]$/, '$1').toLowerCase() === host);
}

/**
 * Why a webhook may not be delivered to this URL before resolving it, or `undefined` when it may be.
 * @param url the webhook's URL
 * @param allowedHosts WEBHOOK_ALLOWED_HOSTS
 * @returns e.g. `http is allowed only to the hosts of WEBHOOK_ALLOWED_HOSTS`, `127.0.0.1 is a loopback address`
 * @example urlRefusalReason(new URL('http://example.com/hook'), []) // 'http is allowed only to ...'
 */
export function urlRefusalReason(url: URL, allowedHosts: readonly string[]): string | undefined {
  const host = hostOf(url);
  const allowed = isAllowedHost(host, allowedHosts);
  if (url.protocol === 'http:' && !allowed) return 'http is allowed only to the hosts of WEBHOOK_ALLOWED_HOSTS';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} URLs are not delivered to`;
  if (!allowed && net.isIP(host) !== 0) return blockedAddressReason(host);
  return undefined;
}
