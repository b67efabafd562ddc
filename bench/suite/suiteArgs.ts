import os from 'node:os';
import path from 'node:path';

/** A database engine the suite measures on. */
export type Engine = 'postgres' | 'pglite';

/** Options of `npm run bench` (the suite). */
export type SuiteArgs = {
  /** `--engines postgres,pglite` (default both). */
  engines: Engine[];
  /** Demo data scale: about 68,000 EVM transactions per unit. `--scale`, default 15 (1,000,000+). */
  scale: number;
  /** Seconds measured per path. `--duration`, default 10. */
  duration: number;
  /** Seconds of unmeasured load per path before it. `--warmup`, default 10. */
  warmup: number;
  /** autocannon keep-alive connections. `--connections`, default 10. */
  connections: number;
  /** Page sizes of the loaded lists. `--page-sizes`, default 10,100 (statements are counted at 10 and 100 always). */
  pageSizes: number[];
  /** Validators of the aggregation runs. `--validators`, default 1000. */
  validators: number;
  /** Full-quorum aggregation runs per curve library. `--runs`, default 3. */
  runs: number;
  /** anvil blocks of the indexer backfill, and transactions per block. `--backfill-blocks` 200, `--tx-per-block` 50. */
  backfillBlocks: number;
  txPerBlock: number;
  /**
   * Whether the list-validators bench's 14,300 validations join the demo's ~2,500 (the issue asks for
   * 10,000+). Off in the smoke, where inserting them would take longer than the rest.
   */
  validatorHistory: boolean;
  /** `--smoke`: tiny everything, both engines, no timings judged; writes to a temporary file unless `--out`. */
  smoke: boolean;
  /** Where the results go. `--out`, default bench/RESULTS.md (smoke: a temporary file). */
  out: string;
};

const engineNames: Engine[] = ['postgres', 'pglite'];

/**
 * Reads the suite's options (`--name value` or `--name=value`); `--smoke` first sets the small
 * defaults, any explicit option still wins.
 * @param argv the arguments after the script path
 * @param repoRoot where bench/RESULTS.md lives
 * @returns the options
 * @throws {Error} "Validation failed: ..." on an unknown option or a bad value
 * @example parseSuiteArgs(['--smoke', '--engines', 'pglite'], process.cwd())
 */
export function parseSuiteArgs(argv: readonly string[], repoRoot: string): SuiteArgs {
  const smoke = argv.includes('--smoke');
  const args: SuiteArgs = smoke
    ? { engines: [...engineNames], scale: 0.02, duration: 1, warmup: 0, connections: 4, pageSizes: [10], validators: 50, runs: 1, backfillBlocks: 3, txPerBlock: 5, validatorHistory: false, smoke, out: path.join(os.tmpdir(), `bench-smoke-${process.pid}.md`) }
    : { engines: [...engineNames], scale: 15, duration: 10, warmup: 10, connections: 10, pageSizes: [10, 100], validators: 1000, runs: 3, backfillBlocks: 200, txPerBlock: 50, validatorHistory: true, smoke, out: path.join(repoRoot, 'bench', 'RESULTS.md') };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--smoke') continue;
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`Validation failed: ${flag} without a value, expected ${flag} <value>`);
    switch (flag) {
      case '--engines': {
        const engines = value.split(',').map((name) => (name === 'pg' ? 'postgres' : name));
        if (engines.length === 0 || engines.some((name) => !engineNames.includes(name as Engine))) {
          throw new Error(`Validation failed: --engines ${value}, expected a list of ${engineNames.join(', ')}`);
        }
        args.engines = engines as Engine[];
        break;
      }
      case '--scale':
        args.scale = Number(value);
        if (!(args.scale > 0 && args.scale <= 200)) throw new Error(`Validation failed: --scale ${value}, expected a number above 0, at most 200`);
        break;
      case '--duration':
        args.duration = integer(flag, value, 1, 3600);
        break;
      case '--warmup':
        args.warmup = integer(flag, value, 0, 600);
        break;
      case '--connections':
        args.connections = integer(flag, value, 1, 1000);
        break;
      case '--page-sizes':
        args.pageSizes = value.split(',').map((size) => integer(flag, size, 1, 100));
        break;
      case '--validators':
        args.validators = integer(flag, value, 1, 10_000);
        break;
      case '--runs':
        args.runs = integer(flag, value, 1, 100);
        break;
      case '--backfill-blocks':
        args.backfillBlocks = integer(flag, value, 1, 100_000);
        break;
      case '--tx-per-block':
        args.txPerBlock = integer(flag, value, 1, 1000);
        break;
      case '--out':
        args.out = path.resolve(value);
        break;
      default:
        throw new Error(
          `Validation failed: option ${flag}, expected --smoke, --engines, --scale, --duration, --warmup, --connections, --page-sizes, --validators, --runs, --backfill-blocks, --tx-per-block or --out`,
        );
    }
  }
  return args;
}

function integer(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`Validation failed: ${flag} ${text}, expected an integer from ${min} to ${max}`);
  return value;
}
