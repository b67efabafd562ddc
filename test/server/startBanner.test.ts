// The lines a start ends with: its examples are the ones picked on the loaded data, and it names the
// log folder.
import path from 'node:path';
import { startBanner } from '../../server/startBanner';

const base = 'http://localhost:8080';

describe('startBanner()', () => {
  test("prints the examples it is given: each REST one under the first, the RPC path on the node RPC's line", () => {
    const lines = startBanner({
      base,
      seconds: 2.04,
      examples: {
        rest: ['/v1/chains/31337/blocks?pageSize=2', '/v1/networks/fuji/blockchains/p-chain/blocks?pageSize=2'],
        rpc: '/ext/bc/anvilChainId/rpc',
      },
      adminEnabled: false,
      logDir: 'data/logs',
    });
    expect(lines[0]).toBe('ready in 2.0 s');
    const rest = lines.findIndex((line) => line.startsWith('  REST data'));
    expect(lines[rest]).toBe(`  REST data     ${base}/v1   e.g. ${base}/v1/chains/31337/blocks?pageSize=2`);
    const second = lines[rest + 1]!;
    expect(second.trim()).toBe(`${base}/v1/networks/fuji/blockchains/p-chain/blocks?pageSize=2`);
    // Under the first example.
    expect(second.indexOf('http')).toBe(lines[rest]!.indexOf(`${base}/v1/chains`));
    expect(lines).toContain(`  Node RPC      ${base}/ext/bc/anvilChainId/rpc`);
    expect(lines.join('\n')).not.toContain('mainnet/subnets');
    expect(lines.join('\n')).not.toContain('/ext/bc/C/rpc');
  });

  test('names the log folder as an absolute path, or says there are no log files', () => {
    const facts = { base, seconds: 1, examples: { rest: [] }, adminEnabled: false };
    expect(startBanner({ ...facts, logDir: 'data/logs' })).toContain(`  Logs          ${path.resolve('data/logs')}`);
    expect(startBanner(facts)).toContain('  Logs          the console only (LOG_DIR is empty)');
  });

  test('without examples it says there is no chain data yet, and names the admin API when it is served', () => {
    const lines = startBanner({ base, seconds: 1, examples: { rest: [] }, adminEnabled: true, logDir: 'logs' });
    expect(lines).toContain(`  REST data     ${base}/v1   (no chain data yet: see "Indexing a chain" in the README)`);
    expect(lines).toContain(`  Node RPC      ${base}/ext (no EVM chain loaded yet), admin API ${base}/ext/admin`);
  });
});
