// Readers of the service's own value formats: proxies to trust, BLS secret keys, admin peers, VM aliases.
import { isIP } from 'node:net';
import { integer, InvalidValue, jsonFile, list, type Parser } from './parsers';

/** Express's `trust proxy`: true or false, a hop count, or addresses and CIDR ranges (checked by Express at start). */
export const trustProxy: Parser<boolean | number | string> = {
  expected: 'true, a hop count, or addresses and CIDR ranges (loopback, 10.0.0.0/8)',
  parse(value) {
    if (value === 'true' || value === 'false') return value === 'true';
    if (/^[0-9]+$/.test(value)) return integer(0, 100).parse(value);
    if (!/^[0-9A-Za-z.:/,\s]+$/.test(value)) throw new InvalidValue();
    return value;
  },
};

/** The order of BLS12-381's scalar group: a secret key is a scalar in [1, r). */
const BLS_ORDER = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;

/** BLS secret keys: 32-byte big-endian scalars in [1, r), as avalanchego's signer.key files hold. */
export const blsSecretKeys: Parser<Uint8Array[]> = list<Uint8Array>(
  {
    expected: 'a BLS secret key: 0x and 64 hex digits, a scalar below the group order',
    parse(key) {
      const hex = key.replace(/^0x/, '');
      const scalar = /^[0-9a-fA-F]{64}$/.test(hex) ? BigInt(`0x${hex}`) : 0n;
      if (scalar === 0n || scalar >= BLS_ORDER) throw new InvalidValue();
      return Uint8Array.from(Buffer.from(hex, 'hex'));
    },
  },
  'comma-separated BLS secret keys (0x and 64 hex digits)',
);

/** Peers allowed to call: IP addresses and CIDR ranges (IPv4, IPv6), or `*` for anyone. */
export const addressRanges: Parser<string[]> = list<string>(
  {
    expected: 'IP addresses and CIDR ranges, or *',
    parse(entry) {
      if (entry === '*') return entry;
      const [address, bits] = entry.split('/', 2) as [string, string | undefined];
      const family = isIP(address);
      const maxBits = family === 4 ? 32 : 128;
      if (family === 0 || (bits !== undefined && (!/^[0-9]+$/.test(bits) || Number(bits) > maxBits)))
        throw new InvalidValue(undefined, entry);
      return entry;
    },
  },
  'comma-separated IP addresses and CIDR ranges, or *',
);

/** avalanchego's VM aliases file: `{ "<VM ID>": ["alias", …] }`. */
export const vmAliasesFile: Parser<Record<string, string[]>> = jsonFile(
  'a JSON object mapping VM IDs to arrays of aliases',
  (json): json is Record<string, string[]> =>
    json !== null &&
    typeof json === 'object' &&
    !Array.isArray(json) &&
    Object.values(json).every(
      (aliases) => Array.isArray(aliases) && aliases.every((alias) => typeof alias === 'string'),
    ),
);

/** Webhook receivers an operator allows: host names, IP addresses and CIDR ranges (IPv4, IPv6). */
export const webhookHosts: Parser<string[]> = list<string>(
  {
    expected: 'a host name, an IP address or a CIDR range',
    parse(entry) {
      const [address, bits] = entry.split('/', 2) as [string, string | undefined];
      const family = isIP(address);
      if (family === 0) {
        if (
          bits !== undefined ||
          !/^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(
            entry,
          )
        )
          throw new InvalidValue(undefined, entry);
        return entry.toLowerCase();
      }
      if (bits !== undefined && (!/^[0-9]+$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128)))
        throw new InvalidValue(undefined, entry);
      return entry;
    },
  },
  'comma-separated host names, IP addresses and CIDR ranges (localhost, 10.0.0.0/8)',
);
