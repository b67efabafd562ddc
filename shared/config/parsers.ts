// Typed readers of option text (an environment variable or a flag's value). Each knows what a valid
// value looks like, so errors, `--help` and the README say the same thing.
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { ServiceError } from '../errors';

/** Reads one option's text. */
export type Parser<T> = {
  /** What a valid value looks like: `an integer from 0 to 65535`. */
  expected: string;
  /** The value of a bare flag (`--force` is `--force=true`); none: the flag takes a value. */
  bare?: string;
  /** @throws InvalidValue when the text is not a valid value */
  parse(text: string): T;
};

/** Thrown by a parser: the option's name and value are added by parseOptions (shared/config/parseOptions.ts). */
export class InvalidValue extends ServiceError {
  override name = 'InvalidValue';
  constructor(
    /** Overrides the parser's `expected`. */
    readonly expected?: string,
    /** Which entry of a list is wrong (named instead of the whole value). */
    readonly entry?: string,
    /** Why, when it helps (`ENOENT`). */
    readonly reason?: string,
  ) {
    super(expected ?? entry ?? reason ?? 'invalid value');
  }
}

/** `a, b or c`. */
export function alternatives(values: readonly string[]): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/**
 * Any text, as given.
 * @param expected what it is, for errors and the README (`a folder`)
 */
export function text(expected = 'text'): Parser<string> {
  return { expected, parse: (value) => value };
}

/**
 * An integer within bounds; digits only (no `1e3`, `0x10`, spaces or fractions).
 * @example integer(0, 65535).parse('8080') // 8080
 */
export function integer(min: number, max: number): Parser<number> {
  const expected = `an integer from ${min} to ${max}`;
  return {
    expected,
    parse(value) {
      const number = /^-?[0-9]+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(number) || number < min || number > max) throw new InvalidValue();
      return number;
    },
  };
}

/** `true` or `false`, also written `1` or `0`; anything else (`yes`, `flase`, `TRUE`) is an error. A bare flag is true. */
export const boolean: Parser<boolean> = {
  expected: 'true or false (or 1 or 0)',
  bare: 'true',
  parse(value) {
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw new InvalidValue();
  },
};

/**
 * One of a fixed set of words.
 * @param ignoreCase accept any case (the value is returned as declared)
 * @example oneOf(['in-process', 'http']).parse('http') // 'http'
 */
export function oneOf<const T extends string>(values: readonly T[], { ignoreCase = false } = {}): Parser<T> {
  return {
    expected: alternatives(values),
    parse(value) {
      const found = values.find((candidate) =>
        ignoreCase ? candidate.toLowerCase() === value.toLowerCase() : candidate === value,
      );
      if (found === undefined) throw new InvalidValue();
      return found;
    },
  };
}

/**
 * A URL of the given schemes with a host.
 * @param protocols schemes without the colon (`postgresql`)
 * @param expected what to tell, with an example
 * @example url(['redis', 'rediss'], 'a Redis URL such as redis://127.0.0.1:6379').parse('redis://10.0.0.7:6379/2')
 */
export function url(protocols: readonly string[], expected: string): Parser<string> {
  return {
    expected,
    parse(value) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(value);
      } catch {
        parsed = undefined;
      }
      if (!parsed || !protocols.includes(parsed.protocol.slice(0, -1)) || !parsed.hostname) throw new InvalidValue();
      return value;
    },
  };
}

/**
 * Comma-separated entries, trimmed, empty ones dropped; each read by `item` (an error names the entry's position).
 * @example list(text('a key'), 'comma-separated keys').parse('a, b,') // ['a', 'b']
 */
export function list<T = string>(
  item: Parser<T> = text('a value') as Parser<T>,
  expected = `comma-separated entries, each ${item.expected}`,
): Parser<T[]> {
  return {
    expected,
    parse(value) {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      return entries.map((entry, i) => {
        try {
          return item.parse(entry);
        } catch (error) {
          if (!(error instanceof InvalidValue)) throw error;
          throw new InvalidValue(error.expected ?? item.expected, error.entry ?? String(i + 1), error.reason);
        }
      });
    },
  };
}

/**
 * `name=url` pairs, comma-separated, http(s) URLs; an error shows the entry with any credentials masked.
 * @param example one entry as it should look
 * @example namedUrls('name=http://host:port/graphql').parse('evm=http://10.0.0.2:4002/graphql') // { evm: 'http://10.0.0.2:4002/graphql' }
 */
export function namedUrls(example: string): Parser<Record<string, string>> {
  return {
    expected: `comma-separated ${example}`,
    parse(value) {
      const urls: Record<string, string> = {};
      for (const entry of value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const at = entry.indexOf('=');
        const name = entry.slice(0, at).trim();
        const target = entry.slice(at + 1).trim();
        if (at <= 0 || !/^https?:\/\/\S+$/.test(target))
          throw new InvalidValue(example, entry.replace(/\/\/[^@/]*@/, '//…@'));
        urls[name] = target;
      }
      return urls;
    },
  };
}

/**
 * Why a file cannot be read, in words (`no such file`), from the error `fs` threw.
 * @example fileErrorReason(Object.assign(new Error(), { code: 'ENOENT' })) // 'no such file'
 */
export function fileErrorReason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === undefined) return message;
  const words: Record<string, string> = {
    ENOENT: 'no such file',
    EACCES: 'permission denied',
    EISDIR: 'a folder, not a file',
    ENOTDIR: 'a part of the path is not a folder',
  };
  return words[code] ?? code;
}

/**
 * The path of a file that exists and can be read, checked when the option is read: a wrong path
 * fails naming the variable or flag that gave it, before anything starts.
 * @param expected what the file is (`the path of a JSON file`)
 * @example readableFile('the path of a JSON file').parse('indexer.json') // 'indexer.json'
 */
export function readableFile(expected: string): Parser<string> {
  return {
    expected,
    parse(file) {
      try {
        accessSync(file, constants.R_OK);
        if (statSync(file).isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' });
      } catch (error) {
        throw new InvalidValue(undefined, undefined, fileErrorReason(error));
      }
      return file;
    },
  };
}

/**
 * A JSON file, read and checked when the option is read.
 * @param expected what the file must hold
 * @param check whether the parsed JSON is of that shape
 */
export function jsonFile<T>(expected: string, check: (json: unknown) => json is T): Parser<T> {
  return {
    expected,
    parse(file) {
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new InvalidValue(`a readable JSON file: ${expected}`, undefined, fileErrorReason(error));
      }
      if (!check(json)) throw new InvalidValue();
      return json;
    },
  };
}
