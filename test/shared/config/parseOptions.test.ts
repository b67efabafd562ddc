// Reading an option set from the environment and the command line.
import { ConfigError, UsageError } from '../../../shared/config/configError';
import { option } from '../../../shared/config/declareOption';
import { flagLines, parseOptions } from '../../../shared/config/parseOptions';
import { boolean, integer, text } from '../../../shared/config/parsers';

const set = {
  port: option({ env: 'PORT', parse: integer(0, 65535), default: 8080, meaning: 'port' }),
  enabled: option({ env: 'FEATURE_ENABLED', parse: boolean, default: false, meaning: 'switch' }),
  secret: option({ env: 'SECRET_NUMBER', parse: integer(0, 9), secret: true, meaning: 'a secret' }),
  logDir: option({
    env: 'LOG_DIR',
    parse: { expected: 'a folder', parse: (value: string) => value || undefined },
    default: './logs',
    keepsEmpty: true,
    meaning: 'logs',
  }),
  config: option({ flag: '--config', parse: text('a file'), placeholder: 'FILE', meaning: 'a file' }),
};

/** The error parseOptions throws (fails the test when it returns). */
function failure(env: NodeJS.ProcessEnv, argv: string[] = [], positionals = 0): ConfigError {
  try {
    parseOptions(set, env, argv, positionals);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('parseOptions()', () => {
  test('defaults: every option is present, unset ones undefined', () => {
    expect(parseOptions(set, {}).values).toEqual({
      port: 8080,
      enabled: false,
      secret: undefined,
      logDir: './logs',
      config: undefined,
    });
  });

  test('reads the environment; the empty string is unset unless the option keeps it', () => {
    expect(parseOptions(set, { PORT: '9650', FEATURE_ENABLED: '1', SECRET_NUMBER: '' }).values).toMatchObject({
      port: 9650,
      enabled: true,
      secret: undefined,
    });
    expect(parseOptions(set, { LOG_DIR: '' }).values.logDir).toBeUndefined();
  });

  test('flags override the environment: --name=value, --name value, and a bare boolean flag is true', () => {
    expect(
      parseOptions(set, { PORT: '1', FEATURE_ENABLED: 'true' }, ['--port=2', '--feature-enabled=false']).values,
    ).toMatchObject({ port: 2, enabled: false });
    expect(parseOptions(set, {}, ['--port', '3', '--feature-enabled', '--config', 'a.json']).values).toMatchObject({
      port: 3,
      enabled: true,
      config: 'a.json',
    });
    expect(parseOptions(set, { PORT: '1' }, ['--port=']).values.port).toBe(8080);
  });

  test('a command-only option has no environment variable', () => {
    expect(parseOptions(set, { CONFIG: 'x' }).values.config).toBeUndefined();
  });

  test('a bad value names the variable, or the flag, with its value and what it expects', () => {
    expect(failure({ PORT: 'http' }).message).toBe('Validation failed: PORT=http, expected an integer from 0 to 65535');
    expect(failure({}, ['--port=70000']).message).toBe(
      'Validation failed: --port=70000, expected an integer from 0 to 65535',
    );
    expect(failure({ FEATURE_ENABLED: 'flase' }).message).toBe(
      'Validation failed: FEATURE_ENABLED=flase, expected true or false (or 1 or 0)',
    );
  });

  test('a secret is never repeated in an error', () => {
    const error = failure({ SECRET_NUMBER: '12345' });
    expect(error.message).toBe('Validation failed: SECRET_NUMBER, expected an integer from 0 to 9');
    expect(error.message).not.toContain('12345');
  });

  test('an unknown flag is a usage error suggesting the closest flag', () => {
    const error = failure({}, ['--feature-enable']);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(
      'Validation failed: unknown flag --feature-enable (did you mean --feature-enabled?), expected one of --port --feature-enabled --secret-number --log-dir --config',
    );
  });

  test('a flag without its value and an argument the command does not take are usage errors', () => {
    expect(failure({}, ['--port'])).toEqual(
      new UsageError('flag --port without a value', '--port=<an integer from 0 to 65535>'),
    );
    expect(failure({}, ['stray'])).toBeInstanceOf(UsageError);
    expect(failure({}, ['a', 'b'], 1)).toBeInstanceOf(UsageError);
    expect(parseOptions(set, {}, ['a', '--port=1'], 1).positionals).toEqual(['a']);
  });

  test('flagLines() lists each flag with its placeholder and meaning, for --help', () => {
    expect(flagLines({ config: set.config, port: set.port })).toEqual([
      '  --config FILE  a file',
      '  --port         port',
    ]);
  });
});
