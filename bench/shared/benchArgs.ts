// The one command-line parser of the benches: each bench declares its options as setters on its
// defaults, and every script reads `--name value` / `--name=value` alike, with the same messages.

/** Sets one option on `args` from its text; throws "Validation failed: ..." on a bad value. */
export type OptionSetter<Args> = (args: Args, value: string, flag: string) => void;

/** A bench's options by flag (`--duration`). */
export type OptionSetters<Args> = Record<string, OptionSetter<Args>>;

/** Command-line options of a load bench. */
export type BenchArgs = {
  /** Seconds of measured load per path. `--duration`, default 10. */
  duration: number;
  /**
   * Seconds of unmeasured load per path before it. `--warmup`, default 10: the service reaches
   * its steady rate only after some seconds of load (JIT tiering of a large code path).
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

/** The load options every bench shares. */
export type LoadArgs = Pick<BenchArgs, 'duration' | 'warmup' | 'rounds' | 'connections' | 'pageSizes'>;

const pathNames = ['pg', 'rest', 'graphql'];

/** The defaults of a load bench. */
export const BENCH_DEFAULTS: Readonly<BenchArgs> = {
  duration: 10,
  warmup: 10,
  rounds: 5,
  connections: 10,
  pageSizes: [10, 100],
};

/**
 * Reads the options of `argv` into `args` (its defaults), each through its setter.
 * @param argv the arguments after the script path
 * @param args the defaults, changed in place
 * @param setters the options by flag
 * @param switches flags that take no value (their setter gets '')
 * @returns `args`
 * @throws {Error} "Validation failed: ..." on an unknown option, a missing value or a bad one
 * @example parseOptions(['--runs', '5'], { runs: 3 }, { '--runs': (args, value, flag) => (args.runs = integerOption(flag, value, 1, 100)) })
 */
export function parseOptions<Args extends object>(
  argv: readonly string[],
  args: Args,
  setters: OptionSetters<Args>,
  switches: readonly string[] = [],
): Args {
  const flags = Object.keys(setters);
  const expected =
    flags.length > 1 ? `${flags.slice(0, -1).join(', ')} or ${flags.at(-1)}` : (flags[0] ?? 'no options');
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const set = setters[flag];
    if (!set) throw new Error(`Validation failed: option ${flag}, expected ${expected}`);
    const value = switches.includes(flag) ? '' : (inline ?? argv[++i]);
    if (value === undefined) throw new Error(`Validation failed: ${flag} without a value, expected ${flag} <value>`);
    set(args, value, flag);
  }
  return args;
}

/**
 * The setters of the shared load options.
 * @param maxPageSize largest page size the benched requests accept
 * @example parseOptions(argv, { ...BENCH_DEFAULTS }, loadOptions(100))
 */
export function loadOptions<Args extends LoadArgs>(maxPageSize = 1000): OptionSetters<Args> {
  return {
    '--duration': (args, value, flag) => (args.duration = integerOption(flag, value, 1, 3600)),
    '--warmup': (args, value, flag) => (args.warmup = integerOption(flag, value, 0, 600)),
    '--rounds': (args, value, flag) => (args.rounds = integerOption(flag, value, 1, 100)),
    '--connections': (args, value, flag) => (args.connections = integerOption(flag, value, 1, 1000)),
    '--page-sizes': (args, value, flag) =>
      (args.pageSizes = value.split(',').map((size) => integerOption(flag, size, 1, maxPageSize))),
  };
}

/**
 * Reads the options of a load bench: the shared load options and `--paths`.
 * @param argv the arguments after the script path
 * @returns the options with defaults filled in
 * @throws {Error} "Validation failed: ..." on an unknown option or a bad value
 * @example parseBenchArgs(['--duration', '30']).duration // 30
 */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  return parseOptions(argv, { ...BENCH_DEFAULTS }, benchOptions<BenchArgs>());
}

/** The setters of {@link parseBenchArgs}, for a bench that adds its own. */
export function benchOptions<Args extends BenchArgs>(): OptionSetters<Args> {
  return {
    ...loadOptions<Args>(),
    '--paths': (args, value) => {
      args.paths = value.toLowerCase().split(',');
      if (args.paths.some((name) => !pathNames.includes(name)))
        throw new Error(`Validation failed: --paths ${value}, expected a list of ${pathNames.join(', ')}`);
    },
  };
}

/** An integer option within bounds, or "Validation failed: ..." naming it. */
export function integerOption(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(`Validation failed: ${flag} ${text}, expected an integer from ${min} to ${max}`);
  }
  return value;
}

/** A number above 0 and at most `max`, or "Validation failed: ..." naming it. */
export function positiveOption(flag: string, text: string, max: number): number {
  const value = Number(text);
  if (!(value > 0 && value <= max))
    throw new Error(`Validation failed: ${flag} ${text}, expected a number above 0, at most ${max}`);
  return value;
}

/** One of `choices`, or "Validation failed: ..." naming them. */
export function choiceOption<Choice extends string>(flag: string, text: string, choices: readonly Choice[]): Choice {
  if (!choices.includes(text as Choice))
    throw new Error(`Validation failed: ${flag} ${text}, expected ${choices.join(' or ')}`);
  return text as Choice;
}
