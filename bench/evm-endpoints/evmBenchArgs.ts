import { BENCH_DEFAULTS, benchOptions, parseOptions, positiveOption, type BenchArgs } from '../shared/benchArgs';

/** Options of the EVM bench: the shared ones, plus the data set's. */
export type EvmBenchArgs = BenchArgs & {
  /** Demo data scale (about 68,000 EVM transactions per unit). `--scale`, default 15. */
  scale: number;
  /**
   * A PostgreSQL schema to use and keep: seeded at `--scale` when empty, reused as it is otherwise.
   * `--schema`; without it a throw-away `bench_<random>` schema is seeded and dropped.
   */
  schema?: string;
};

/**
 * Reads `--scale N` and `--schema NAME` besides the shared options; one page size by default,
 * the endpoint's default 10.
 * @param argv the arguments after the script path
 * @returns the options with defaults filled in
 * @throws {Error} "Validation failed: ..." on an unknown option or a bad value
 * @example parseEvmBenchArgs(['--scale', '15', '--duration', '10'])
 */
export function parseEvmBenchArgs(argv: readonly string[]): EvmBenchArgs {
  return parseOptions<EvmBenchArgs>(
    argv,
    { ...BENCH_DEFAULTS, pageSizes: [10], scale: 15 },
    {
      ...benchOptions<EvmBenchArgs>(),
      '--scale': (args, value, flag) => (args.scale = positiveOption(flag, value, 100)),
      '--schema': (args, value) => {
        if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value))
          throw new Error(`Validation failed: --schema ${value}, expected a lower-case PostgreSQL identifier`);
        args.schema = value;
      },
    },
  );
}
