import { buildOptions } from '../../server/options';
import { ConfigError } from '../../shared/config/configError';

const primary = 'postgresql://app@primary:5432/data';

describe('buildOptions(): read replicas', () => {
  it('has none by default, and a 5 s lag bound', () => {
    expect(buildOptions({ DATABASE_URL: primary }).replicas).toEqual({ urls: [], maxLagMs: 5_000 });
  });

  it('reads DATABASE_REPLICA_URLS as comma-separated PostgreSQL URLs, and the lag bound', () => {
    const replicas = buildOptions({
      DATABASE_URL: primary,
      DATABASE_REPLICA_URLS: 'postgresql://app@replica-1:5432/data, postgres://app@replica-2:6432/data?schema=api',
      DATABASE_REPLICA_MAX_LAG_MS: '2500',
    }).replicas;
    expect(replicas).toEqual({
      urls: ['postgresql://app@replica-1:5432/data', 'postgres://app@replica-2:6432/data?schema=api'],
      maxLagMs: 2_500,
    });
  });

  it.each([
    [
      'replicas without DATABASE_URL (PGlite has none)',
      { DATABASE_REPLICA_URLS: 'postgresql://r:5432/d' },
      'DATABASE_REPLICA_URLS, expected unset without DATABASE_URL',
    ],
    [
      'a replica URL that is not PostgreSQL',
      { DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'mysql://r:3306/d' },
      'DATABASE_REPLICA_URLS entry 1',
    ],
    [
      'a lag bound under 100 ms',
      { DATABASE_URL: primary, DATABASE_REPLICA_MAX_LAG_MS: '10' },
      'DATABASE_REPLICA_MAX_LAG_MS=10',
    ],
  ])('fails fast on %s', (_case, env, what) => {
    expect(() => buildOptions(env)).toThrow(ConfigError);
    expect(() => buildOptions(env)).toThrow(what);
  });
});
