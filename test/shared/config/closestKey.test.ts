// Suggesting the known name closest to a misspelt one, and refusing unknown keys of a config file.
import { checkKnownKeys } from '../../../shared/config/checkKnownKeys';
import { closestKey, editDistance } from '../../../shared/config/closestKey';
import { ConfigError } from '../../../shared/config/configError';

describe('editDistance()', () => {
  test('counts insertions, deletions and substitutions; a difference of case alone counts half', () => {
    expect(editDistance('startBlock', 'startBlock')).toBe(0);
    expect(editDistance('startblock', 'startBlock')).toBe(0.5);
    expect(editDistance('timeout', 'timeoutMs')).toBe(2);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
  test('two neighbouring characters swapped count one edit, not two substitutions', () => {
    expect(editDistance('strat', 'start')).toBe(1);
    expect(editDistance('--prot', '--port')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
    // Only neighbours: `abc` to `cba` is still two substitutions.
    expect(editDistance('abc', 'cba')).toBe(2);
  });
});

describe('closestKey()', () => {
  const keys = ['chainId', 'startBlock', 'confirmations', 'rpcUrl', 'rpcUrls'];
  test('the nearest known key', () => {
    expect(closestKey('startblock', keys)).toBe('startBlock');
    expect(closestKey('confirmation', keys)).toBe('confirmations');
    expect(closestKey('rpcurl', keys)).toBe('rpcUrl');
  });
  test('none when nothing is near enough to be a misspelling', () => {
    expect(closestKey('comment', keys)).toBeUndefined();
    expect(closestKey('x', keys)).toBeUndefined();
  });
  test('a swap of neighbours is a misspelling even where a third of the length allows one edit', () => {
    const commands = ['start', 'seed', 'migrate', 'keys'];
    expect(closestKey('strat', commands)).toBe('start');
    expect(closestKey('migarte', commands)).toBe('migrate');
  });
  test('an abbreviation: the one known name that begins with it, any case, from two characters on', () => {
    const commands = ['start', 'seed', 'migrate', 'rebuild-metrics', 'subgraph'];
    expect(closestKey('rebuild', commands)).toBe('rebuild-metrics');
    expect(closestKey('Migr', commands)).toBe('migrate');
    // One character says too little; `se` begins two names.
    expect(closestKey('s', commands)).toBeUndefined();
    expect(closestKey('se', ['seed', 'serve'])).toBeUndefined();
    expect(closestKey('su', commands)).toBe('subgraph');
  });
});

describe('checkKnownKeys()', () => {
  test('passes an object whose keys are all known', () => {
    expect(() => checkKnownKeys({ chainId: 1, startBlock: 2 }, ['chainId', 'startBlock'], 'evm[0]')).not.toThrow();
  });
  test('an unknown key is a ConfigError naming its path and suggesting the closest key', () => {
    expect(() => checkKnownKeys({ chainId: 1, startblock: 2 }, ['chainId', 'startBlock'], 'evm[0]')).toThrow(
      new ConfigError(
        'evm[0].startblock is not a known key (did you mean "startBlock"?)',
        'a key of evm[0]: chainId, startBlock',
      ),
    );
    expect(() => checkKnownKeys({ evms: [] }, ['evm'], '')).toThrow(
      'Validation failed: evms is not a known key (did you mean "evm"?), expected a key of the top level: evm',
    );
  });
});
