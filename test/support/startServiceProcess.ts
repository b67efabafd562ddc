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
async function startServiceProcess(cwd: string, env: Record<string, string>): Promise<ServiceProcess> {
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

/** Where {@link startIndexingService} keeps its data and which indexer configuration it follows. */
export type IndexingServiceFiles = { dataDir: string; indexerConfig: string };

/**
 * Starts `start` as an operator who follows their own nodes runs it: embedded PGlite in `dataDir`
 * (whatever the test run's engine), no demo data, the indexers of `indexerConfig`, info logs.
 * @param env further variables (API keys, webhook hosts, ...)
 * @example const service = await startIndexingService(folder, { dataDir, indexerConfig: configFile })
 */
export function startIndexingService(
  cwd: string,
  { dataDir, indexerConfig }: IndexingServiceFiles,
  env: Record<string, string> = {},
): Promise<ServiceProcess> {
  return startServiceProcess(cwd, {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    INDEXER_CONFIG: indexerConfig,
    LOG_LEVEL: 'info',
    ...env,
  });
}
