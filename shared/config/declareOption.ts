// One option, declared once: its environment variable, its flag, how its text is read, its default
// and what it means. Everything else (parsing, --help, the README table) is derived from this.
import type { Parser } from './parsers';

/** A declared option whose value is a `T`. */
export type Option<T> = {
  /** Environment variable (`PORT`); none for a command's own flags (`--force`). */
  env?: string;
  /** Command-line flag: the variable in kebab case (`--port`) unless declared. */
  flag: string;
  /** How its text is read, and what a valid value looks like. */
  parser: Parser<T>;
  /** The value when it is unset (or set to the empty string). */
  default: T;
  /** The default as the README and --help show it, when it is not the value itself (`generated`, `LOG_LEVEL`). */
  defaultText?: string;
  /** What it does, one or more sentences (Markdown). */
  meaning: string;
  /** Never repeat its value in an error (keys, connection strings that carry a password). */
  secret?: boolean;
  /** The empty string is a value (read by the parser), not "unset". */
  keepsEmpty?: boolean;
  /** The placeholder of its value in usage lines (`--scale N`). */
  placeholder?: string;
};

type Declaration<T> = Omit<Option<T>, 'flag' | 'parser' | 'default'> & { flag?: string; parse: Parser<T> };

/**
 * Declares an option.
 * @example const port = option({ env: 'PORT', parse: integer(0, 65535), default: 8080, meaning: 'HTTP port.' })
 */
export function option<T>(declaration: Declaration<T> & { default: NoInfer<T> }): Option<T>;
export function option<T>(declaration: Declaration<T> & { default?: undefined }): Option<T | undefined>;
export function option<T>(declaration: Declaration<T> & { default?: T }): Option<T | undefined> {
  const { parse, flag, env, ...rest } = declaration;
  const name = flag ?? (env === undefined ? undefined : `--${env.toLowerCase().replace(/_/g, '-')}`);
  if (name === undefined) throw new Error('an option needs an environment variable or a flag');
  return { ...rest, env, flag: name, parser: parse, default: declaration.default };
}

/** A command's options, by the name of their value. */
export type OptionSet = Record<string, Option<unknown>>;

/** The values an option set parses to. */
export type OptionValues<S extends OptionSet> = { [K in keyof S]: S[K] extends Option<infer T> ? T : never };

/**
 * The default as people read it: the declared text, else the value in backticks, `unset` for none.
 * @example defaultText(option({ env: 'PORT', parse: integer(0, 65535), default: 8080, meaning: '' })) // '`8080`'
 */
export function defaultText(declared: Option<unknown>): string {
  if (declared.defaultText !== undefined) return declared.defaultText;
  const value = declared.default;
  if (
    value === undefined ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && value !== null && Object.keys(value).length === 0)
  )
    return 'unset';
  return `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;
}
