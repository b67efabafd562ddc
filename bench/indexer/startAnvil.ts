// A real local EVM node for the indexer tests and benchmark: anvil from @foundry-rs/anvil (npm), on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../shared/freePort';
import path from 'node:path';

/** A running anvil. */
export type Anvil = {
  url: string;
  /** One JSON-RPC call; throws the node's error. */
  rpc<T = any>(method: string, params?: unknown[]): Promise<T>;
  /** Several calls in one HTTP batch; throws the first error. */
  batch<T = any>(calls: { method: string; params: unknown[] }[]): Promise<T[]>;
  stop(): Promise<void>;
};

/** The anvil binary of this platform's @foundry-rs package. */
export function anvilBinary(): string {
  const pkg = require.resolve(
    `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}/package.json`,
  );
  return path.join(path.dirname(pkg), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

/**
 * Starts anvil (chain ID 31337, 20 funded accounts, automine off unless asked) and waits until it answers.
 * @param options extra command-line arguments
 * @returns the node
 * @example const anvil = await startAnvil(); await anvil.rpc('eth_blockNumber')
 */
export async function startAnvil(options: { args?: string[] } = {}): Promise<Anvil> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    anvilBinary(),
    [
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--accounts',
      '20',
      '--gas-limit',
      '1000000000',
      '--silent',
      ...(options.args ?? []),
    ],
    { stdio: 'ignore' },
  );
  // A test or bench that dies without its cleanup must not leave the node running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const url = `http://127.0.0.1:${port}`;
  let id = 1;
  const post = async (body: unknown) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.json() as Promise<any>;
  };
  const rpc = async (method: string, params: unknown[] = []) => {
    const answer = await post({ jsonrpc: '2.0', id: id++, method, params });
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result;
  };
  const batch = async (calls: { method: string; params: unknown[] }[]) => {
    if (calls.length === 0) return [];
    const answers = (await post(calls.map((c, i) => ({ jsonrpc: '2.0', id: i, ...c })))) as any[];
    answers.sort((a, b) => a.id - b.id);
    const failed = answers.find((a) => a.error);
    if (failed) throw new Error(`${calls[failed.id].method}: ${failed.error.message}`);
    return answers.map((a) => a.result);
  };
  for (let i = 0; ; i++) {
    try {
      await rpc('eth_chainId');
      break;
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    rpc,
    batch,
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', killOnExit);
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
