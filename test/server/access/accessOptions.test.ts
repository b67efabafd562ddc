// The access-control options of the README's "Configuration" table, read by server/options.ts.
import { buildOptions } from '../../../server/options';

describe('access options (API_KEY_REQUIRED, RATE_LIMIT_*, REDIS_URL, MAX_QUERY_STRING_BYTES, DATABASE_STATEMENT_TIMEOUT_MS)', () => {
  it('makes keys optional by default, with the documented budgets, in memory', () => {
    const { access, statementTimeoutMs } = buildOptions({});
    expect(access).toEqual({
      apiKeys: [],
      apiKeyRequired: false,
      redisUrl: undefined,
      anonymousBudget: { perMinute: 600, perDay: 100_000 },
      keyBudget: { perMinute: 6_000, perDay: 5_000_000 },
      maxQueryStringBytes: 8192,
    });
    expect(statementTimeoutMs).toBe(10_000);
  });

  it('keeps API_KEYS mandatory, as before, unless API_KEY_REQUIRED=false', () => {
    expect(buildOptions({ API_KEYS: 'a, b' }).access).toMatchObject({ apiKeys: ['a', 'b'], apiKeyRequired: true });
    expect(buildOptions({ API_KEYS: 'a' }, ['--api-key-required=false']).access.apiKeyRequired).toBe(false);
    expect(buildOptions({}, ['--api-key-required']).access.apiKeyRequired).toBe(true);
  });

  it('reads budgets, Redis and limits; 0 turns a window off', () => {
    const { access, statementTimeoutMs } = buildOptions({
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '0',
      RATE_LIMIT_ANONYMOUS_PER_DAY: '50',
      RATE_LIMIT_KEY_PER_MINUTE: '70',
      RATE_LIMIT_KEY_PER_DAY: '0',
      REDIS_URL: 'redis://10.0.0.7:6379/2',
      MAX_QUERY_STRING_BYTES: '4096',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
    });
    expect(access.trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(buildOptions({ TRUST_PROXY: '2' }).access.trustProxy).toBe(2);
    expect(access).toMatchObject({
      anonymousBudget: { perMinute: 0, perDay: 50 },
      keyBudget: { perMinute: 70, perDay: 0 },
      redisUrl: 'redis://10.0.0.7:6379/2',
      maxQueryStringBytes: 4096,
    });
    expect(statementTimeoutMs).toBe(0);
  });

  it.each([
    [{ API_KEY_REQUIRED: 'yes' }, 'Validation failed: API_KEY_REQUIRED=yes, expected true or false (or 1 or 0)'],
    [
      { REDIS_URL: 'http://127.0.0.1:6379' },
      'Validation failed: REDIS_URL, expected a Redis URL such as redis://127.0.0.1:6379',
    ],
    [
      { RATE_LIMIT_KEY_PER_DAY: '-1' },
      'Validation failed: RATE_LIMIT_KEY_PER_DAY=-1, expected an integer from 0 to 1000000000000',
    ],
    [
      { TRUST_PROXY: 'every$one' },
      'Validation failed: TRUST_PROXY=every$one, expected true, a hop count, or addresses and CIDR ranges (loopback, 10.0.0.0/8)',
    ],
    [
      { MAX_QUERY_STRING_BYTES: '100000' },
      'Validation failed: MAX_QUERY_STRING_BYTES=100000, expected an integer from 256 to 16384',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => buildOptions(env)).toThrow(message);
  });
});
