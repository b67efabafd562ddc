// A config file's keys checked against the ones it may hold: a misspelt key must fail, not silently
// leave the default in place (`"startblock": 5000` would index from block 0).
import { ConfigError } from './configError';
import { didYouMean } from './closestKey';

/**
 * Fails on the first key of `object` that is not in `known`, naming it by its path and suggesting the
 * closest known key.
 * @param object a parsed JSON object
 * @param known the keys it may hold
 * @param at its path in the file (`evm[0]`), empty for the top level
 * @param fail throws the caller's error (what is wrong, what was expected); a ConfigError by default
 * @example checkKnownKeys({ startblock: 5 }, ['startBlock'], 'evm[0]') // throws: evm[0].startblock is not a known key (did you mean "startBlock"?)
 */
export function checkKnownKeys(
  object: object,
  known: readonly string[],
  at: string,
  fail: (what: string, expected: string) => never = (what, expected) => {
    throw new ConfigError(what, expected);
  },
): void {
  for (const key of Object.keys(object)) {
    if (known.includes(key)) continue;
    fail(
      `${at ? `${at}.` : ''}${key} is not a known key${didYouMean(key, known)}`,
      `a key of ${at || 'the top level'}: ${known.join(', ')}`,
    );
  }
}
