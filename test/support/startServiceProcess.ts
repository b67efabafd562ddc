// `avalanche-data-service start` in a child process, as an operator runs it: the real command line on
// a free loopback port, its output kept for the test's failure messages.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../bench/shared/freePort';

const root = path.resolve(__dirname, '../..');

/** A running `start` process. */
export type ServiceProcess = {
  child: ChildProcess;
  port: number;
  /** Everything it wrote to stdout and stderr, in order. */
  output: string[];
  /** Its exit code once it exits. */
  exited: Promise<number | null>;
};

/**
 * Starts `avalanche-data-service start` from `cwd` with the environment's variables and `env` (its
 * `PORT` is a free port of its own).
 * @example const service = await startServiceProcess(folder, { DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' })
 */
export async function startServiceProcess(cwd: string, env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-r',
      path.join(root, 'test/support/registerTypeScript.js'),
      path.join(root, 'bin/avalanche-data-service.ts'),
      'start',
    ],
    { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env, PORT: String(port) } },
  );
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output, exited };
}
