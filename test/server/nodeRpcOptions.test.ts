// The node RPC's options: environment variables, and the same as flags (`npm start -- --api-admin-enabled=true`).
import { defaultNodeRpcOptions } from '../../node-rpc/options';
import { buildOptions } from '../../server/options';
import { ConfigError } from '../../shared/config/configError';

describe('buildOptions(): node RPC and logging options', () => {
  test('the admin API is off unless --api-admin-enabled=true (flag) or API_ADMIN_ENABLED=true (environment); flags win', () => {
    expect(buildOptions({}).nodeRpc.adminEnabled).toBe(false);
    expect(buildOptions({}, ['--api-admin-enabled=true']).nodeRpc.adminEnabled).toBe(true);
    expect(buildOptions({}, ['--api-admin-enabled']).nodeRpc.adminEnabled).toBe(true);
    expect(buildOptions({ API_ADMIN_ENABLED: 'true' }).nodeRpc.adminEnabled).toBe(true);
    expect(buildOptions({ API_ADMIN_ENABLED: 'true' }, ['--api-admin-enabled=false']).nodeRpc.adminEnabled).toBe(false);
  });

  test('defaults: loopback-only admin, ./profiles, ./plugins, mainnet aliases, caps, INFO logs in ./data/logs', () => {
    const { nodeRpc, logging } = buildOptions({});
    expect(nodeRpc).toMatchObject({
      adminAllowedAddresses: ['127.0.0.0/8', '::1'],
      profileDir: './profiles',
      pluginDir: './plugins',
      network: 'MAINNET',
      logsMaxBlocks: 2000,
      logsMaxResults: 10_000,
    });
    expect(logging).toEqual({ logLevel: 'INFO', displayLevel: 'INFO', logDir: 'data/logs' });
  });

  test("the declared defaults are the node RPC's own (defaultNodeRpcOptions, what tests and benches start with)", () => {
    expect(buildOptions({}).nodeRpc).toEqual(defaultNodeRpcOptions);
  });

  test('LOG_DIR set to the empty string means no log files; LOG_DISPLAY_LEVEL follows LOG_LEVEL unless set', () => {
    expect(buildOptions({ LOG_DIR: '', LOG_LEVEL: 'warn', LOG_DISPLAY_LEVEL: 'Off' }).logging).toEqual({
      logLevel: 'WARN',
      displayLevel: 'OFF',
      logDir: undefined,
    });
  });

  test('every option is also a flag; upstreams per chain; log levels in any case', () => {
    const options = buildOptions(
      { RPC_UPSTREAM_URLS: 'C=http://10.0.0.5:9650/ext/bc/C/rpc, 737373=https://u:p@node.example/ext/bc/x/rpc' },
      ['--profile-dir=/tmp/p', '--log-level=debug', '--rpc-network=fuji', '--port=9650'],
    );
    expect(options.nodeRpc.upstreams).toEqual({
      C: 'http://10.0.0.5:9650/ext/bc/C/rpc',
      '737373': 'https://u:p@node.example/ext/bc/x/rpc',
    });
    expect([
      options.nodeRpc.profileDir,
      options.logging.logLevel,
      options.logging.displayLevel,
      options.nodeRpc.network,
      options.port,
    ]).toEqual(['/tmp/p', 'DEBUG', 'DEBUG', 'FUJI', 9650]);
  });

  test('bad values fail fast with "Validation failed"', () => {
    const cases: [NodeJS.ProcessEnv, string[]][] = [
      [{}, ['--no-such-flag=1']],
      [{}, ['positional']],
      [{ API_ADMIN_ENABLED: 'yes' }, []],
      [{ API_ADMIN_ALLOWED_ADDRESSES: 'localhost' }, []],
      [{ LOG_LEVEL: 'warning' }, []],
      [{ RPC_UPSTREAM_URLS: 'C=ftp://x' }, []],
      [{ RPC_LOGS_MAX_BLOCKS: '-1' }, []],
      [{ VM_ALIASES_FILE: '/does/not/exist.json' }, []],
    ];
    for (const [env, argv] of cases) expect(() => buildOptions(env, argv)).toThrow(ConfigError);
    expect(() => buildOptions({}, ['--no-such-flag=1'])).toThrow(
      'Validation failed: unknown flag --no-such-flag, expected one of --port',
    );
  });
});
