// The admin API at /ext/admin (spec 4.1, rules 1-4; node-rpc-behaviour note sections 1, 3, 4):
// routed only when enabled, kept to allowed addresses, aliases of endpoints and chains, named
// loggers and their two levels, profiles that are what they claim, and VM plugins.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { cb58Encode } from '../../avalanche/cb58';
import { createLoggerFactory, type LoggerFactory } from '../../logging/createLoggerFactory';
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { expectConforms } from './conformance';
import { call, send } from './http';
import { insertMiniChains, MINI } from './miniChains';

let db: Database;
let service: TestService;
let closed: TestService;
let loggers: LoggerFactory;
let dir: string;
const displayed: string[] = [];
const vmId = (label: string) => cb58Encode(sha256(new TextEncoder().encode(label)));
const VM = { good: vmId('vm/good'), aliased: vmId('vm/aliased'), broken: vmId('vm/broken'), empty: vmId('vm/empty') };
const admin = (method: string, params?: unknown) =>
  send(`${service.base}/ext/admin`, { body: call(`admin.${method}`, params) });
/** eth_chainId through a route (aliases reach the chain they name); the result is checked against execution-apis. */
async function chainIdAt(url: string): Promise<unknown> {
  const { result } = (await send(url, { body: call('eth_chainId') })).json;
  if (result !== undefined) expectConforms('eth_chainId', result);
  return result;
}
const GENERIC =
  "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'node-rpc-admin-'));
  await mkdir(path.join(dir, 'plugins', 'a-directory'), { recursive: true });
  db = await setupTestDatabase();
  await insertMiniChains(db);
  loggers = createLoggerFactory({ logDir: path.join(dir, 'logs'), display: (line) => displayed.push(line) });
  service = await startTestService(db, {
    loggers,
    nodeRpc: {
      adminEnabled: true,
      profileDir: path.join(dir, 'profiles'),
      pluginDir: path.join(dir, 'plugins'),
      vmAliases: { [VM.aliased]: ['timestampvm'] },
    },
  });
  closed = await startTestService(db, {
    nodeRpc: {
      adminEnabled: true,
      adminAllowedAddresses: ['10.0.0.0/8', 'fd00::/8'],
      profileDir: path.join(dir, 'other'),
    },
  });
});
afterAll(async () => {
  await service?.close();
  await closed?.close();
  await loggers?.close();
  await teardown(db);
  await rm(dir, { recursive: true, force: true });
});

describe('/ext/admin access', () => {
  test('disabled (the default): not routed at all, 404', async () => {
    const plain = await startTestService(db);
    try {
      const answer = await send(`${plain.base}/ext/admin`, { body: call('admin.getLoggerLevel') });
      expect([answer.status, answer.text]).toEqual([404, '404 page not found\n']);
    } finally {
      await plain.close();
    }
  });

  test('enabled: served to loopback by default; a peer outside the allowed addresses gets 403', async () => {
    expect((await admin('getLoggerLevel', { loggerName: 'main' })).json.result).toEqual({
      loggerLevels: { main: { logLevel: 'INFO', displayLevel: 'INFO' } },
    });
    const refused = await send(`${closed.base}/ext/admin`, { body: call('admin.getLoggerLevel') });
    expect(refused.status).toBe(403);
  });

  test("the envelope is gorilla's: unknown method upper-cased in the message, no batches, POST and application/json only", async () => {
    expect((await admin('fooBar')).json).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'rpc: can\'t find method "admin.FooBar"', data: null },
      id: 1,
    });
    expect((await send(`${service.base}/ext/admin`, { body: [call('admin.getLoggerLevel')] })).json.error.code).toBe(
      -32700,
    );
    expect((await send(`${service.base}/ext/admin`, { method: 'GET' })).status).toBe(405);
    const missing = await send(`${service.base}/ext/admin`, {
      body: call('admin.getLoggerLevel'),
      headers: { 'content-type': '' },
    });
    expect([missing.status, missing.text]).toEqual([415, 'rpc: unrecognized Content-Type: ']);
  });
});

describe('admin.alias', () => {
  test('the endpoint stays and is also served at /ext/<alias> (rule 1)', async () => {
    expect((await admin('alias', { endpoint: `bc/${MINI.l1.blockchainId}`, alias: 'mini' })).json).toEqual({
      jsonrpc: '2.0',
      result: {},
      id: 1,
    });
    for (const p of [`/ext/mini/rpc`, `/ext/bc/${MINI.l1.blockchainId}/rpc`]) {
      expect(await chainIdAt(service.base + p)).toBe(`0x${MINI.l1.chainId.toString(16)}`);
    }
    expect(
      (await send(`${service.base}/ext/mini/validators`, { body: call('validators.getCurrentValidators') })).status,
    ).toBe(200);
  });

  test('an alias already taken: "route is either already aliased or already maps to a handle"', async () => {
    expect((await admin('alias', { endpoint: 'bc/C', alias: 'mini' })).json.error).toEqual({
      code: -32000,
      message: 'route is either already aliased or already maps to a handle: /ext/mini',
      data: null,
    });
    // A real base as the alias: reserved, but copying an endpoint it already has fails (the reservation stays).
    const taken = await admin('alias', {
      endpoint: `bc/${MINI.l1.blockchainId}`,
      alias: `bc/${MINI.cChain.blockchainId}`,
    });
    expect(taken.json.error.message).toBe(
      `failed to create endpoint as /ext/bc/${MINI.cChain.blockchainId}/rpc already exists`,
    );
    expect(
      (await admin('alias', { endpoint: 'bc/C', alias: `bc/${MINI.cChain.blockchainId}` })).json.error.message,
    ).toBe(`route is either already aliased or already maps to a handle: /ext/bc/${MINI.cChain.blockchainId}`);
    expect(await chainIdAt(`${service.base}/ext/bc/C/rpc`)).toBe('0xa86a');
  });

  test('an alias longer than 512 bytes: "alias length is too long"; 512 bytes are accepted', async () => {
    expect((await admin('alias', { endpoint: 'bc/C', alias: 'a'.repeat(513) })).json.error).toEqual({
      code: -32000,
      message: 'alias length is too long',
      data: null,
    });
    expect((await admin('alias', { endpoint: 'bc/C', alias: 'é'.repeat(257) })).json.error.message).toBe(
      'alias length is too long',
    );
    expect((await admin('alias', { endpoint: 'bc/C', alias: 'b'.repeat(512) })).json.result).toEqual({});
    expect(await chainIdAt(`${service.base}/ext/${'b'.repeat(512)}/rpc`)).toBe('0xa86a');
  });

  test('an endpoint that does not exist is accepted silently', async () => {
    expect((await admin('alias', { endpoint: 'nothing/here', alias: 'ghost' })).json.result).toEqual({});
    expect((await send(`${service.base}/ext/ghost`, { body: call('eth_chainId') })).status).toBe(404);
  });

  test('arguments of the wrong type are the generic argument error', async () => {
    expect((await admin('alias', { endpoint: 5, alias: 'x' })).json.error).toEqual({
      code: -32000,
      message: GENERIC,
      data: null,
    });
  });
});

describe('admin.aliasChain and admin.getChainAliases', () => {
  test('the genesis aliases: C and evm, at /ext/C and /ext/bc/evm', async () => {
    expect((await admin('getChainAliases', { chain: MINI.cChain.blockchainId })).json.result).toEqual({
      aliases: ['C', 'evm', MINI.cChain.blockchainId],
    });
    for (const p of ['/ext/C/rpc', '/ext/evm/rpc', '/ext/bc/C/rpc', '/ext/bc/evm/rpc']) {
      expect(await chainIdAt(service.base + p)).toBe('0xa86a');
    }
  });

  test('the alias replaces the chain ID in /ext/bc/<alias> (rule 2), and only there', async () => {
    expect((await admin('aliasChain', { chain: MINI.l1.blockchainId, alias: 'minichain' })).json.result).toEqual({});
    expect(await chainIdAt(`${service.base}/ext/bc/minichain/rpc`)).toBe(`0x${MINI.l1.chainId.toString(16)}`);
    expect((await send(`${service.base}/ext/minichain/rpc`, { body: call('eth_chainId') })).status).toBe(404);
    expect((await admin('getChainAliases', { chain: MINI.l1.blockchainId })).json.result).toEqual({
      aliases: [MINI.l1.blockchainId, 'minichain'],
    });
  });

  test("the chain may be named by an alias; errors are the node's", async () => {
    expect((await admin('aliasChain', { chain: 'minichain', alias: 'mini2' })).json.result).toEqual({});
    expect((await admin('aliasChain', { chain: 'nope', alias: 'x' })).json.error.message).toBe(
      'there is no ID with alias: nope',
    );
    expect((await admin('aliasChain', { chain: 'C', alias: 'evm' })).json.error.message).toBe(
      'alias already mapped to an ID: evm',
    );
    expect((await admin('aliasChain', { chain: 'C', alias: 'c'.repeat(513) })).json.error.message).toBe(
      'alias length is too long',
    );
  });

  test('getChainAliases takes a chain ID only; an unknown well-formed ID has aliases null', async () => {
    expect((await admin('getChainAliases', { chain: 'X' })).json.error.message).toBe(
      'input string is smaller than the checksum size',
    );
    expect((await admin('getChainAliases', { chain: '' })).json.error.message).toBe(
      'base58 decoding error: zero length string',
    );
    expect((await admin('getChainAliases', { chain: vmId('unknown chain') })).json.result).toEqual({ aliases: null });
  });
});

describe('admin.getLoggerLevel and admin.setLoggerLevel', () => {
  test('named loggers: main, http, indexer, vm-factory and one per chain (primary alias)', async () => {
    const { loggerLevels } = (await admin('getLoggerLevel')).json.result;
    expect(Object.keys(loggerLevels)).toEqual(
      expect.arrayContaining(['main', 'http', 'indexer', 'vm-factory', 'C', MINI.l1.blockchainId]),
    );
    expect(Object.keys(loggerLevels)).toEqual([...Object.keys(loggerLevels)].sort());
    expect((await admin('getLoggerLevel', { loggerName: 'nope' })).json.error.message).toBe(
      'logger with name "nope" not found',
    );
  });

  test('levels are read in any case and answered upper case, for the loggers set (rule 4)', async () => {
    const answer = await admin('setLoggerLevel', { loggerName: 'indexer', logLevel: 'Verbo' });
    expect(answer.json.result).toEqual({ loggerLevels: { indexer: { logLevel: 'VERBO', displayLevel: 'INFO' } } });
    expect(
      (await admin('setLoggerLevel', { loggerName: 'indexer', displayLevel: 'off' })).json.result.loggerLevels.indexer,
    ).toEqual({ logLevel: 'VERBO', displayLevel: 'OFF' });
  });

  test('no name sets every logger', async () => {
    const { loggerLevels } = (await admin('setLoggerLevel', { displayLevel: 'warn' })).json.result;
    expect(new Set(Object.values(loggerLevels).map((l: any) => l.displayLevel))).toEqual(new Set(['WARN']));
    expect(Object.keys(loggerLevels)).toEqual(loggers.names());
  });

  test('neither level: "need to specify either displayLevel or logLevel"; an unknown level or logger fails', async () => {
    for (const params of [{}, { loggerName: 'main' }, { logLevel: null, displayLevel: null }]) {
      expect((await admin('setLoggerLevel', params)).json.error.message).toBe(
        'need to specify either displayLevel or logLevel',
      );
    }
    for (const level of ['warning', 'verbose', 'all', '', 5])
      expect((await admin('setLoggerLevel', { logLevel: level })).json.error.message).toBe(GENERIC);
    expect((await admin('setLoggerLevel', { loggerName: 'nope', logLevel: 'info' })).json.error.message).toBe(
      'logger with name "nope" not found',
    );
  });

  test('logLevel governs the log file, displayLevel the console, at run time', async () => {
    const file = path.join(dir, 'logs', 'http.log');
    const lines = async () =>
      (await readFile(file, 'utf8').catch(() => '')).split('\n').filter((l) => l.includes('/ext/bc/C/rpc'));
    await admin('setLoggerLevel', { loggerName: 'http', logLevel: 'debug', displayLevel: 'off' });
    displayed.length = 0; // the lines of earlier requests, shown at the default level
    await send(`${service.base}/ext/bc/C/rpc`, { body: call('eth_chainId') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const written = (await lines()).length;
    expect(written).toBeGreaterThan(0);
    expect(displayed.filter((l) => l.includes('"logger":"http"'))).toEqual([]);

    await admin('setLoggerLevel', { loggerName: 'http', logLevel: 'OFF', displayLevel: 'trace' });
    await admin('setLoggerLevel', { loggerName: 'http', displayLevel: 'debug' });
    await send(`${service.base}/ext/bc/C/rpc`, { body: call('eth_chainId') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await lines()).length).toBe(written);
    expect(
      displayed.filter((l) => l.includes('"logger":"http"') && l.includes('/ext/bc/C/rpc')).length,
    ).toBeGreaterThan(0);
  });
});

describe('admin profiles', () => {
  test('the CPU profiler: start, a second start fails, stop writes a V8 CPU profile, a second stop fails', async () => {
    expect((await admin('startCPUProfiler')).json.result).toEqual({});
    expect((await admin('startCPUProfiler')).json.error).toEqual({
      code: -32000,
      message: 'cpu profiler already running',
      data: null,
    });
    for (let i = 0; i < 20; i++)
      await send(`${service.base}/ext/bc/C/rpc`, { body: call('eth_getBlockByNumber', ['latest', true]) });
    expect((await admin('stopCPUProfiler')).json.result).toEqual({});
    expect((await admin('stopCPUProfiler')).json.error.message).toBe("cpu profiler doesn't exist");

    // The .cpuprofile format DevTools reads: a call tree of nodes, samples pointing at them, one time delta per sample.
    const profile = JSON.parse(await readFile(path.join(dir, 'profiles', 'cpu.profile'), 'utf8'));
    expect(profile).toEqual(
      expect.objectContaining({
        nodes: expect.any(Array),
        startTime: expect.any(Number),
        endTime: expect.any(Number),
        samples: expect.any(Array),
        timeDeltas: expect.any(Array),
      }),
    );
    expect(profile.endTime).toBeGreaterThan(profile.startTime);
    expect(profile.samples.length).toBe(profile.timeDeltas.length);
    const ids = new Set(profile.nodes.map((n: any) => n.id));
    for (const node of profile.nodes) {
      expect(node.callFrame).toEqual(
        expect.objectContaining({
          functionName: expect.any(String),
          scriptId: expect.any(String),
          url: expect.any(String),
          lineNumber: expect.any(Number),
          columnNumber: expect.any(Number),
        }),
      );
      for (const child of node.children ?? []) expect(ids.has(child)).toBe(true);
    }
    expect(profile.samples.every((s: number) => ids.has(s))).toBe(true);
    expect(profile.nodes.some((n: any) => n.callFrame.functionName === '(root)')).toBe(true);

    // The two states again: after a stop, a new start works.
    expect((await admin('startCPUProfiler')).json.result).toEqual({});
    expect((await admin('stopCPUProfiler')).json.result).toEqual({});
  });

  test('memoryProfile writes a V8 sampling heap profile', async () => {
    expect((await admin('memoryProfile')).json.result).toEqual({});
    const profile = JSON.parse(await readFile(path.join(dir, 'profiles', 'mem.profile'), 'utf8'));
    expect(profile.head).toEqual(
      expect.objectContaining({
        callFrame: expect.objectContaining({ functionName: '(root)' }),
        selfSize: expect.any(Number),
        id: expect.any(Number),
        children: expect.any(Array),
      }),
    );
    expect(profile.samples).toEqual(expect.any(Array));
    for (const sample of profile.samples.slice(0, 50))
      expect(sample).toEqual({ size: expect.any(Number), nodeId: expect.any(Number), ordinal: expect.any(Number) });
  });

  test('lockProfile writes the event-loop contention report', async () => {
    expect((await admin('lockProfile')).json.result).toEqual({});
    const report = JSON.parse(await readFile(path.join(dir, 'profiles', 'lock.profile'), 'utf8'));
    expect(report).toEqual(
      expect.objectContaining({
        format: 'avalanche-data-service/lock-profile@1',
        since: expect.any(String),
        eventLoopDelay: expect.objectContaining({
          resolutionMs: 10,
          samples: expect.any(Number),
          percentilesNs: expect.objectContaining({ '50': expect.any(Number), '99': expect.any(Number) }),
        }),
        eventLoopUtilization: expect.objectContaining({ utilization: expect.any(Number) }),
      }),
    );
    expect(report.eventLoopDelay.samples).toBeGreaterThan(0);
  });

  test('profile methods take no arguments', async () => {
    expect((await admin('lockProfile', 'x')).json.error.message).toBe(GENERIC);
    expect((await admin('lockProfile', [])).json.result).toEqual({});
  });
});

describe('admin.loadVMs', () => {
  const plugins = () => path.join(dir, 'plugins');
  /** admin.loadVMs on a service of its own whose plugin directory is `pluginDir`. */
  async function loadVMsWith(pluginDir: string) {
    const other = await startTestService(db, { nodeRpc: { adminEnabled: true, pluginDir } });
    try {
      return await send(`${other.base}/ext/admin`, { body: call('admin.loadVMs') });
    } finally {
      await other.close();
    }
  }

  test('loads the plugins named by VM ID or alias; a broken one lands in failedVMs and the service stays up (rule 3)', async () => {
    await writeFile(
      path.join(plugins(), `${VM.good}.js`),
      "module.exports = { version: 'good/v1.0.0', events: {} };\n",
    );
    await writeFile(
      path.join(plugins(), 'timestampvm.cjs'),
      "module.exports = { default: { version: () => Promise.resolve('ts/v0.1') } };\n",
    );
    await writeFile(path.join(plugins(), `${VM.broken}.js`), "throw new Error('plugin exploded');\n");
    await writeFile(path.join(plugins(), `${VM.empty}.js`), 'module.exports = {};\n');
    await writeFile(path.join(plugins(), '.gitkeep'), '');
    await writeFile(path.join(plugins(), 'evm.js'), "module.exports = { version: 'built in' };\n");

    const answer = await admin('loadVMs');
    expect(answer.json.result).toEqual({
      newVMs: { [VM.good]: [], [VM.aliased]: ['timestampvm'] },
      failedVMs: {
        [VM.broken]: 'plugin exploded',
        [VM.empty]: 'plugin exports no version: expected an object with a version string or function',
      },
    });
    expect(await chainIdAt(`${service.base}/ext/bc/C/rpc`)).toBe('0xa86a');
  });

  test('a second call loads nothing new; failedVMs is left out when nothing fails', async () => {
    await rm(path.join(plugins(), `${VM.broken}.js`));
    await rm(path.join(plugins(), `${VM.empty}.js`));
    expect((await admin('loadVMs')).json.result).toEqual({ newVMs: {} });
  });

  test('a plugin directory that does not exist yet (a fresh checkout\'s ./plugins) holds no VMs: {"newVMs":{}}, no error', async () => {
    const answer = await loadVMsWith(path.join(dir, 'not-created-yet'));
    expect([answer.json, answer.text.includes('not-created-yet')]).toEqual([
      { jsonrpc: '2.0', id: 1, result: { newVMs: {} } },
      false,
    ]);
  });

  test('a plugin directory that cannot be read (a file) still fails the call, as on the node', async () => {
    await writeFile(path.join(dir, 'plugins-is-a-file'), '');
    expect((await loadVMsWith(path.join(dir, 'plugins-is-a-file'))).json.error.code).toBe(-32000);
  });

  test('a file named neither by an alias nor by a VM ID fails the whole call', async () => {
    await writeFile(path.join(plugins(), 'not-a-vm.js'), "module.exports = { version: '1' };\n");
    try {
      expect((await admin('loadVMs')).json.error).toEqual({
        code: -32000,
        message: 'invalid vmID: "not-a-vm"',
        data: null,
      });
    } finally {
      await rm(path.join(plugins(), 'not-a-vm.js'));
    }
  });
});
