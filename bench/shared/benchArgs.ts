/** Command-line options of a bench. */
export type BenchArgs = {
  /** Seconds of measured load per path. `--duration`, default 10. */
  duration: number;
  /**
   * Seconds of unmeasured load per path before it. `--warmup`, default 10: the service reaches
   * its steady rate only after 10-15 s of load (JIT tiering of a large code path).
   */
  warmup: number;
  /** Concurrent keep-alive connections. `--connections`, default 10. */
  connections: number;
  /** Page sizes to request. `--page-sizes 10,100`, default 10 and 100. */
  pageSizes: number[];
  /** Which paths to load, by the first word of their name (`pg`, `rest`, `graphql`). `--paths`, default all. */
  paths?: string[];
};

const pathNames = ['pg', 'rest', 'graphql'];
const defaults: BenchArgs = { duration: 10, warmup: 10, connections: 10, pageSizes: [10, 100] };

/**
 * Reads `--name value` or `--name=value` options; anything else fails fast.
 * @param argv the arguments after the script path
 * @returns the options with defaults filled in
 * @throws {Error} "Validation failed: ..." on an unknown option or a bad value
 * @example parseBenchArgs(['--duration', '30']).duration // 30
 */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const args = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`Validation failed: ${flag} without a value, expected ${flag} <value>`);
    switch (flag) {
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
        args.pageSizes = value.split(',').map((size) => integer(flag, size, 1, 1000));
        break;
      case '--paths':
        args.paths = value.toLowerCase().split(',');
        if (args.paths.some((name) => !pathNames.includes(name))) {
          throw new Error(`Validation failed: --paths ${value}, expected a list of ${pathNames.join(', ')}`);
        }
        break;
      default:
        throw new Error(`Validation failed: option ${flag}, expected --duration, --warmup, --connections, --page-sizes or --paths`);
    }
  }
  return args;
}

function integer(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`Validation failed: ${flag} ${text}, expected an integer from ${min} to ${max}`);
  }
  return value;
}
