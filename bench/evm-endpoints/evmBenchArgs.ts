import { parseBenchArgs, type BenchArgs } from '../shared/benchArgs';

/** Options of the EVM bench: the shared ones, plus the data set's. */
export type EvmBenchArgs = BenchArgs & {
  /** Demo data scale (about 68,000 EVM transactions per unit). `--scale`, default 15 (1.02 million). */
  scale: number;
  /**
   * A PostgreSQL schema to use and keep: seeded at `--scale` when empty, reused as it is otherwise.
   * `--schema`; without it a throw-away `bench_<random>` schema is seeded and dropped.
   */
  schema?: string;
};

/**
 * Reads `--scale N` and `--schema NAME`, and the shared options (benchArgs.ts) from the rest.
 * @param argv the arguments after the script path
 * @returns the options with defaults filled in
 * @throws {Error} "Validation failed: ..." on an unknown option or a bad value
 * @example parseEvmBenchArgs(['--scale', '15', '--duration', '10'])
 */
export function parseEvmBenchArgs(argv: readonly string[]): EvmBenchArgs {
  const rest: string[] = [];
  let scale = 15;
  let schema: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2);
    if (flag !== '--scale' && flag !== '--schema') {
      rest.push(argv[i]!);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`Validation failed: ${flag} without a value, expected ${flag} <value>`);
    if (flag === '--scale') {
      scale = Number(value);
      if (!Number.isFinite(scale) || scale <= 0 || scale > 100) throw new Error(`Validation failed: --scale ${value}, expected a number from 0 to 100`);
    } else {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value)) throw new Error(`Validation failed: --schema ${value}, expected a lower-case PostgreSQL identifier`);
      schema = value;
    }
  }
  const shared = parseBenchArgs(rest);
  // One page size by default: the endpoint's default, 10.
  const pageSizes = rest.some((arg) => arg.startsWith('--page-sizes')) ? shared.pageSizes : [10];
  return { ...shared, pageSizes, scale, schema };
}
