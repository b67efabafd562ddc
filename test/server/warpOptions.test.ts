import { buildOptions, defaultWarpOptions } from '../../server/options';
import { ConfigError } from '../../shared/config/configError';
import { localNetworkSigners } from '../fixtures/localNetworkKeys';

describe('buildOptions(): signature aggregation', () => {
  it('defaults to 2 s per validator, 10 s per request, no keys, demo signers on', () => {
    expect(buildOptions({}).warp).toEqual(defaultWarpOptions);
  });

  it('reads WARP_SIGNER_KEYS as comma-separated 0x-hex secret keys, and the timeouts and demo switch', () => {
    const keys = localNetworkSigners.slice(0, 2).map((s) => `0x${Buffer.from(s.secretKey).toString('hex')}`);
    const warp = buildOptions({
      WARP_SIGNER_KEYS: keys.join(', '),
      WARP_REQUEST_TIMEOUT_MS: '500',
      WARP_AGGREGATION_TIMEOUT_MS: '3000',
      WARP_DEMO_SIGNERS: 'false',
    }).warp;
    expect(warp).toEqual({
      requestTimeoutMs: 500,
      aggregationTimeoutMs: 3000,
      signerKeys: localNetworkSigners.slice(0, 2).map((s) => s.secretKey),
      demoSigners: false,
      blsBackend: 'auto',
    });
  });

  it('reads WARP_BLS_BACKEND: auto (the default), blst, noble', () => {
    expect(
      ['auto', 'blst', 'noble'].map((WARP_BLS_BACKEND) => buildOptions({ WARP_BLS_BACKEND }).warp.blsBackend),
    ).toEqual(['auto', 'blst', 'noble']);
  });

  it.each([
    ['a key of the wrong length', { WARP_SIGNER_KEYS: '0x1234' }, 'WARP_SIGNER_KEYS entry 1'],
    ['a zero key', { WARP_SIGNER_KEYS: `0x${'00'.repeat(32)}` }, 'WARP_SIGNER_KEYS entry 1'],
    ['a key above the group order', { WARP_SIGNER_KEYS: `0x${'ff'.repeat(32)}` }, 'WARP_SIGNER_KEYS entry 1'],
    ['a timeout that is no integer', { WARP_AGGREGATION_TIMEOUT_MS: 'soon' }, 'WARP_AGGREGATION_TIMEOUT_MS=soon'],
    ['an unknown BLS library', { WARP_BLS_BACKEND: 'mcl' }, 'WARP_BLS_BACKEND=mcl, expected auto, blst or noble'],
  ])('fails fast on %s', (_case, env, what) => {
    expect(() => buildOptions(env)).toThrow(ConfigError);
    expect(() => buildOptions(env)).toThrow(`Validation failed: ${what}`);
  });
});
