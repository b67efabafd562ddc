// `avalanche-data-service start` with INDEXER_CONFIG, as an operator runs it: the process serves
// the API and follows the configured chain into its database; SIGTERM stops the indexer at a block
// boundary, then the service, and the process exits 0; started again, it resumes where it stopped.
// A real node (anvil) and the real command line in a child process, on an embedded database in a
// temp folder (the demo data off, so the only data is what the indexer wrote).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAnvil, type Anvil } from '../../bench/indexer/startAnvil';
import { startIndexingService, type ServiceProcess } from '../support/startServiceProcess';

const folder = mkdtempSync(path.join(os.tmpdir(), 'start-with-indexer-'));
/** The folder the service is started from: it must stay empty (the data and the logs go to DATA_DIR). */
const cwd = path.join(folder, 'cwd');
let anvil: Anvil;
let configFile: string;

type Service = ServiceProcess;

const start = (): Promise<Service> =>
  startIndexingService(cwd, { dataDir: path.join(folder, 'data'), indexerConfig: configFile });

/**
 * GETs `path` until it answers 200 (the service starting, the indexer catching up), then its body.
 * The first start creates the database: PGlite's initdb and the migrations took 35 s on a machine
 * running both test suites at once.
 */
async function whenAnswered(service: Service, path: string, timeoutMs = 120_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    // Refused until the service listens (fetch's error comes from another realm than jest's: no instanceof).
    const response = await fetch(`http://127.0.0.1:${service.port}${path}`).catch(() => undefined);
    if (response) {
      if (response.status === 200) return response.json();
      last = `${response.status} ${await response.text()}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${path} did not answer 200 within ${timeoutMs} ms (last: ${last || 'no answer'}); output:\n${service.output.join('')}`,
  );
}

/** POSTs a JSON-RPC call to `url` until it answers 200 (the chain's route registered), then its result. */
async function whenRpcAnswers(url: string, method: string, timeoutMs = 30_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    });
    if (response.status === 200) return (await response.json()).result;
    last = `${response.status} ${await response.text()}`;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

async function stop(service: Service): Promise<number | null> {
  service.child.kill('SIGTERM');
  const code = await Promise.race([
    service.exited,
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000)),
  ]);
  if (code === 'hung') {
    service.child.kill('SIGKILL');
    throw new Error(`no exit within 30 s of SIGTERM; output:\n${service.output.join('')}`);
  }
  if (code !== 0) throw new Error(`exit code ${code} after SIGTERM; output:\n${service.output.join('')}`);
  return code;
}

/** A value transfer from one of anvil's unlocked accounts, mined at once; its hash. */
async function transfer(value: bigint): Promise<string> {
  const [from, to] = (await anvil.rpc('eth_accounts')) as string[];
  return anvil.rpc('eth_sendTransaction', [{ from, to, value: `0x${value.toString(16)}` }]) as Promise<string>;
}

/** The banner's line that starts with `label` (the `main` logger's JSON lines), without the label. */
function bannerLine(service: Service, label: string): string {
  const messages = service.output
    .join('')
    .split('\n')
    .flatMap((text) => {
      try {
        return [String(JSON.parse(text).msg)];
      } catch {
        return [];
      }
    });
  const line = messages.find((msg) => msg.startsWith(`  ${label}`));
  if (line === undefined) throw new Error(`no banner line ${label}; output:\n${service.output.join('')}`);
  return line.slice(label.length + 2).trim();
}

beforeAll(async () => {
  mkdirSync(cwd);
  anvil = await startAnvil();
  configFile = path.join(folder, 'indexer.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      evm: [
        {
          chainId: 31337,
          rpcUrl: anvil.url,
          network: 'fuji',
          startBlock: 0,
          confirmations: 0,
          headTag: 'latest',
          name: 'Anvil',
          pollIntervalMs: 50,
          traceMethod: 'trace_block',
        },
      ],
    }),
  );
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('start with INDEXER_CONFIG', () => {
  test('follows the chain while serving it, stops on SIGTERM with exit 0, and resumes after its last block when started again', async () => {
    const first = await transfer(1_000n);
    const service = await start();
    try {
      const tx = await whenAnswered(service, `/v1/chains/31337/transactions/${first}`);
      expect(tx.nativeTransaction).toMatchObject({ txHash: first, value: '1000', blockNumber: '1' });
      // The banner's examples (printed before anything was indexed) are the followed chain's, and answer.
      const base = `http://localhost:${service.port}`;
      expect(bannerLine(service, 'REST data')).toBe(`${base}/v1   e.g. ${base}/v1/chains/31337/blocks?pageSize=2`);
      const blocks = await whenAnswered(service, '/v1/chains/31337/blocks?pageSize=2');
      expect(blocks.blocks.map((block: { blockNumber: string }) => block.blockNumber)).toEqual(['1', '0']);
      const rpc = bannerLine(service, 'Node RPC');
      expect(rpc).toMatch(new RegExp(`^${base}/ext/bc/\\w+/rpc$`));
      // The node RPC serves a chain indexed after its start from its next refresh (at most 5 s apart).
      expect(await whenRpcAnswers(rpc.replace('localhost', '127.0.0.1'), 'eth_blockNumber')).toBe(
        await anvil.rpc('eth_blockNumber'),
      );
      // The log files are in DATA_DIR, which the banner names; the folder the service started from stays empty.
      expect(bannerLine(service, 'Logs')).toBe(path.join(folder, 'data', 'logs'));
      expect(existsSync(path.join(folder, 'data', 'logs', 'http.log'))).toBe(true);
      expect(readdirSync(cwd)).toEqual([]);
      // A block mined while the service runs is followed too.
      const second = await transfer(2_000n);
      expect((await whenAnswered(service, `/v1/chains/31337/transactions/${second}`)).nativeTransaction).toMatchObject({
        value: '2000',
        blockNumber: '2',
      });
    } finally {
      expect(await stop(service)).toBe(0);
    }

    // Mined while the service is down: the next start picks it up from the stored cursor.
    const third = await transfer(3_000n);
    const again = await start();
    try {
      expect((await whenAnswered(again, `/v1/chains/31337/transactions/${third}`)).nativeTransaction).toMatchObject({
        value: '3000',
        blockNumber: '3',
      });
      const block = await whenAnswered(again, '/v1/chains/31337/blocks/2/transactions');
      expect(block.transactions.map((t: { txHash: string }) => t.txHash)).toEqual([
        (await anvil.rpc('eth_getBlockByNumber', ['0x2', false])).transactions[0],
      ]);
    } finally {
      expect(await stop(again)).toBe(0);
    }
  }, 300_000);
});
