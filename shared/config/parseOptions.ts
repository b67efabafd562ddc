// Reads a command's options from the environment and its command line: flags win over the
// environment, and every error names the variable or flag and what it expects.
import { ConfigError, UsageError } from './configError';
import { didYouMean } from './closestKey';
import type { Option, OptionSet, OptionValues } from './declareOption';
import { InvalidValue } from './parsers';

/** What a command line held besides its flags. */
export type ParsedOptions<S extends OptionSet> = { values: OptionValues<S>; positionals: string[] };

/**
 * Parses an option set. A flag is `--name=value`, `--name value`, or a bare `--name` for a boolean
 * (true); the empty string means unset unless the option keeps it.
 * @param set the command's options
 * @param env the environment (`process.env`)
 * @param argv the command's arguments
 * @param positionals how many arguments that are not flags the command takes
 * @returns the values, every option present (its default when unset), and the other arguments
 * @throws UsageError for an unknown flag, a flag without its value, too many arguments; ConfigError for a value that cannot be used
 * @example parseOptions({ port }, { PORT: '8080' }, ['--port=9650']).values.port // 9650
 */
export function parseOptions<S extends OptionSet>(
  set: S,
  env: NodeJS.ProcessEnv,
  argv: readonly string[] = [],
  positionals = 0,
): ParsedOptions<S> {
  const byFlag = new Map(Object.entries(set).map(([key, declared]) => [declared.flag, key]));
  const given = new Map<string, { text: string; label: string }>();
  const others: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      if (others.length >= positionals)
        throw new UsageError(
          `argument ${arg}`,
          positionals === 0 ? 'flags only (--name=value)' : `at most ${positionals} argument(s) besides the flags`,
        );
      others.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const flag = equals < 0 ? arg : arg.slice(0, equals);
    const key = byFlag.get(flag);
    if (key === undefined)
      throw new UsageError(
        `unknown flag ${flag}${didYouMean(flag, [...byFlag.keys()], '')}`,
        byFlag.size === 0 ? 'no flags' : `one of ${[...byFlag.keys()].join(' ')}`,
      );
    const declared = set[key]!;
    let text: string;
    if (equals >= 0) text = arg.slice(equals + 1);
    else if (declared.parser.bare !== undefined) text = declared.parser.bare;
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) text = argv[++i]!;
    else throw new UsageError(`flag ${flag} without a value`, `${flag}=<${declared.parser.expected}>`);
    given.set(key, { text, label: flag });
  }
  const values: Record<string, unknown> = {};
  for (const [key, declared] of Object.entries(set)) {
    const source =
      given.get(key) ??
      (declared.env !== undefined && env[declared.env] !== undefined
        ? { text: env[declared.env]!, label: declared.env }
        : undefined);
    values[key] =
      source === undefined || (source.text === '' && !declared.keepsEmpty)
        ? declared.default
        : read(declared, source.text, source.label);
  }
  return { values: values as OptionValues<S>, positionals: others };
}

/** One option's value, or a ConfigError naming the variable or flag. */
function read<T>(declared: Option<T>, text: string, label: string): T {
  try {
    return declared.parser.parse(text);
  } catch (error) {
    if (!(error instanceof InvalidValue)) throw error;
    const what =
      error.entry !== undefined ? `${label} entry ${error.entry}` : declared.secret ? label : `${label}=${text}`;
    throw new ConfigError(
      error.reason ? `${what} (${error.reason})` : what,
      error.expected ?? declared.parser.expected,
    );
  }
}

/**
 * The environment variables and flags of an option set, for `--help`.
 * @example flagLines({ scale }) // ['  --scale N  Multiplies the demo data set. Default `1`.']
 */
export function flagLines(set: OptionSet): string[] {
  const entries = Object.values(set).map(
    (declared) => [`${declared.flag}${declared.placeholder ? ` ${declared.placeholder}` : ''}`, declared] as const,
  );
  const width = Math.max(0, ...entries.map(([usage]) => usage.length));
  return entries.map(([usage, declared]) => `  ${usage.padEnd(width)}  ${declared.meaning}`);
}
