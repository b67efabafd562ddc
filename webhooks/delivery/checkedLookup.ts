// The DNS lookup of a delivery's connection: the host is resolved once, every address is checked, and
// the socket connects to a checked one, so a name cannot point at an allowed address for the check and
// at a refused one for the connection (DNS rebinding).
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { blockedAddressReason } from '../urls/blockedAddress';
import { ServiceError } from '../../shared/errors';
import type { HostAllowList } from '../urls/hostAllowList';

/** Resolves a host name to its addresses (dns.lookup's `all` form); tests give their own. */
export type Resolve = (host: string) => Promise<Array<{ address: string; family: number }>>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), in its own order. */
export const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** A delivery the address check refused: its message is what the webhook's `last_error` says. */
export class RefusedAddressError extends ServiceError {
  override name = 'RefusedAddressError';
  constructor(reason: string) {
    super(`refused: ${reason}`);
  }
}

/**
 * A `lookup` for node:http's request options that hands the socket only addresses outside the
 * refused ranges (webhooks/urls/blockedAddress.ts) or inside WEBHOOK_ALLOWED_HOSTS's; when every
 * address is refused the connection fails with a {@link RefusedAddressError} naming the first.
 * @param resolve how host names are resolved
 * @param allowed WEBHOOK_ALLOWED_HOSTS (its addresses and ranges)
 * @example http.request(url, { lookup: checkedLookup(systemResolve, allowList) })
 */
export function checkedLookup(resolve: Resolve, allowed: HostAllowList): LookupFunction {
  const refusal = (address: string) => (allowed.allowsAddress(address) ? undefined : blockedAddressReason(address));
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family || 0;
        const candidates = found.filter((entry) => family === 0 || entry.family === family);
        const usable = candidates.filter((entry) => refusal(entry.address) === undefined);
        if (usable.length === 0) {
          const reason = candidates.map((entry) => refusal(entry.address)).find(Boolean);
          const error = new RefusedAddressError(reason ?? `${hostname} has no address`);
          return callback(error as NodeJS.ErrnoException, '', 0);
        }
        if (options.all) return callback(null, usable);
        return callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
