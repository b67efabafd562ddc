// A P-/X-/C-Chain address as users write it, checked: the API parameters and the webhook rules read it alike.
import { bech32Decode } from './bech32';

/** A primary-network address: its bech32 text without chain prefix (`avax1…`), and its prefix. */
export type PrimaryAddress = { address: string; hrp: string };

/**
 * A P-/X-/C-Chain address: bech32 of 20 bytes, with or without a `P-`/`X-`/`C-` prefix; stored
 * and compared without the prefix, in lower case.
 * @throws the rule, as an Error's message, when `input` is no such address
 * @example parsePrimaryAddress('P-avax1…') // { address: 'avax1…', hrp: 'avax' }
 */
export function parsePrimaryAddress(input: string): PrimaryAddress {
  const text = input.replace(/^[PXC]-/i, '');
  let decoded: { hrp: string; bytes: Uint8Array } | undefined;
  try {
    decoded = text.length <= 90 ? bech32Decode(text) : undefined;
  } catch {
    decoded = undefined;
  }
  if (decoded?.bytes.length !== 20) {
    throw new Error('must list bech32 addresses (avax1… or fuji1…, optionally with a P- or X- prefix)');
  }
  return { address: text.toLowerCase(), hrp: decoded.hrp };
}
