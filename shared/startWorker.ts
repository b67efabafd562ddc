// Worker threads run real modules of this tree. Compiled (dist/), a worker module is a .js file that
// Node runs as it is. From the TypeScript sources (jest, which does not transform worker threads),
// the worker first installs a require hook that compiles .ts files with @swc/core, the compiler the
// tests already run through; only that path loads it, so the compiled service never needs it.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on the module `file`, resolved by the caller with `require.resolve`, which
 * names the compiled .js sibling under dist/ and the .ts source under jest.
 * @param file absolute path of the worker module (.js or .ts)
 * @param options Node's worker options (`eval` is decided here)
 * @returns the started worker
 * @example
 * const worker = startWorker(require.resolve('./pgliteWorker'), { workerData: { dataDir } })
 */
export function startWorker(file: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (!file.endsWith('.ts')) return new Worker(file, options);
  return new Worker(typeScriptBootstrap(file), { ...options, eval: true });
}

/**
 * The few lines a worker runs before a .ts module: a CommonJS hook compiling .ts files as jest's
 * configuration does (jest.config.js), then the module itself.
 * @param file absolute path of the .ts worker module
 * @returns CommonJS source for `new Worker(source, { eval: true })`
 */
export function typeScriptBootstrap(file: string): string {
  const swc = require.resolve('@swc/core');
  const options = {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    swcrc: false,
  };
  return [
    "const { readFileSync } = require('node:fs');",
    "const Module = require('node:module');",
    `const { transformSync } = require(${JSON.stringify(swc)});`,
    `const options = ${JSON.stringify(options)};`,
    "Module._extensions['.ts'] = (module, filename) => module._compile(transformSync(readFileSync(filename, 'utf8'), { ...options, filename }).code, filename);",
    `require(${JSON.stringify(file)});`,
  ].join('\n');
}
