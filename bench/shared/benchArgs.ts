/** Command-line options of a bench. */
export type BenchArgs = {
  /** Seconds of measured load per path. `--duration`, default 10. */
  duration: number;
  /**
   * Seconds of unmeasured load per path before it. `--warmup`, default 10: the service reaches
   * its steady rate only after 10-15 s of load (JIT tiering of a large code path).
   */
  warmup: number;
  /**
   * Bursts the measured seconds are split into, taking turns with the other paths (floor, REST,
   * GraphQL, floor, …) so the host's drift falls on all of them alike. `--rounds`, default 5.
   */
  rounds: number;
  /** Concurrent keep-alive connections. `--connections`, default 10. */
  connections: number;
  /** Page sizes to request. `--page-sizes 10,100`, default 10 and 100. */
  pageSizes: number[];
  /** Which paths to load, by the first word of their name (`pg`, `rest`, `graphql`). `--paths`, default all. */
  paths?: string[];
};

const pathNames = ['pg', 'rest', 'graphql'];
const defaults: BenchArgs = { duration: 10, warmup: 10, rounds: 5, connections: 10, pageSizes: [10, 100] };

/** The load options every bench shares. */
export type LoadArgs = Pick<BenchArgs, 'duration' | 'warmup' | 'rounds' | 'connections' | 'pageSizes'>;

/**
 * Reads `--name value` or `--name=value` options; anything else fails fast.
 * @param argv the arguments after the script path
 * @returns the options with defaults filled in
 * @throws {Error} "Validation failed: ..." on an unknown option or a bad value
 * @example parseBenchArgs(['--duration', '30']).duration // 30
 */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { ...defaults };
  readOptions(argv, '--duration, --warmup, --rounds, --connections, --page-sizes or --paths', (flag, value) => {
    if (applyLoadOption(args, flag, value)) return true;
    if (flag !== '--paths') return false;
    args.paths = value.toLowerCase().split(',');
    if (args.paths.some((name) => !pathNames.includes(name))) throw new Error(`Validation failed: --paths ${value}, expected a list of ${pathNames.join(', ')}`);
    return true;
  });
  return args;
}

/**
 * Walks the `--name value` / `--name=value` pairs of a command line (and bare `switches`, given the
 * value ''), handing each to `apply`, which returns false for a flag it does not know.
 * @param argv the arguments after the script path
 * @param expected the known options, for the message of an unknown one
 * @param apply sets one option; throws on a bad value
 * @param switches options that take no value
 * @throws {Error} "Validation failed: ..." on an unknown option or a missing value
 * @example readOptions(argv, '--scale', (flag, value) => flag === '--scale' && ((scale = Number(value)), true))
 */
export function readOptions(argv: readonly string[], expected: string, apply: (flag: string, value: string) => boolean, switches: readonly string[] = []): void {
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = switches.includes(flag) ? '' : (inline ?? argv[++i]);
    if (value === undefined) throw new Error(`Validation failed: ${flag} without a value, expected ${flag} <value>`);
    if (!apply(flag, value)) throw new Error(`Validation failed: option ${flag}, expected ${expected}`);
  }
}

/**
 * Sets one of the shared load options.
 * @param maxPageSize largest page size the benched requests accept
 * @returns false when `flag` is not a load option
 */
export function applyLoadOption(args: LoadArgs, flag: string, value: string, maxPageSize = 1000): boolean {
  switch (flag) {
    case '--duration':
      args.duration = integerOption(flag, value, 1, 3600);
      return true;
    case '--warmup':
      args.warmup = integerOption(flag, value, 0, 600);
      return true;
    case '--rounds':
      args.rounds = integerOption(flag, value, 1, 100);
      return true;
    case '--connections':
      args.connections = integerOption(flag, value, 1, 1000);
      return true;
    case '--page-sizes':
      args.pageSizes = value.split(',').map((size) => integerOption(flag, size, 1, maxPageSize));
      return true;
    default:
      return false;
  }
}

/** An integer option within bounds, or "Validation failed: ..." naming it. */
export function integerOption(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`Validation failed: ${flag} ${text}, expected an integer from ${min} to ${max}`);
  }
  return value;
}
