// A JSON reader that behaves like Go's json.Decoder as the node's servers use it: it reads the first
// value and ignores what follows, reports syntax errors in encoding/json's words (`unexpected EOF`,
// `invalid character 'x' after object key`, ...), which gorilla copies into its -32700 message, keeps
// integers beyond 2^53 exact (as bigint), and remembers the source text of the members of envelope
// objects, so an `id` is echoed exactly as it was sent.
import { ServiceError } from './errors';

/** A parsed JSON value. Objects have no prototype (a `__proto__` key is plain data). */
export type JsonValue = null | boolean | number | bigint | string | JsonValue[] | JsonObject;
/** A parsed JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** A syntax error, worded as Go's encoding/json words it. */
export class JsonSyntaxError extends ServiceError {
  override name = 'JsonSyntaxError';
  constructor(message: string) {
    super(message);
  }
}

/** Source text of each member of the objects at depth 0 and 1 (a message, or a batch's messages). */
const rawMembers = new WeakMap<object, Map<string, string>>();

/**
 * The source text of an object's member, for objects read by {@link parseJson} at depth 0 or 1.
 * @param object a parsed object
 * @param key the member's key, exactly
 * @returns its text, or undefined
 * @example rawMember(parseJson('{"id":1.50}') as JsonObject, 'id') // '1.50'
 */
export function rawMember(object: JsonObject, key: string): string | undefined {
  return rawMembers.get(object)?.get(key);
}

/**
 * Reads the first JSON value of `text`; anything after it is ignored (json.Decoder.Decode).
 * @param text the request body
 * @returns the value
 * @throws JsonSyntaxError `EOF` for an empty body, `unexpected EOF` for a cut one, `invalid character …`
 * @example parseJson('{"jsonrpc":"2.0","id":1}')
 */
export function parseJson(text: string): JsonValue {
  let at = 0;
  const fail = (context: string): never => {
    if (at >= text.length) throw new JsonSyntaxError('unexpected EOF');
    throw new JsonSyntaxError(`invalid character ${quoteChar(text[at]!)} ${context}`);
  };
  const skipSpace = () => {
    while (at < text.length && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')) at++;
  };

  const value = (depth: number): JsonValue => {
    skipSpace();
    const c = text[at];
    if (c === '{') return object(depth);
    if (c === '[') return array(depth);
    if (c === '"') return string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    return fail('looking for beginning of value');
  };

  const object = (depth: number): JsonObject => {
    const result: JsonObject = Object.create(null);
    const raws = depth <= 1 ? new Map<string, string>() : undefined;
    at++;
    skipSpace();
    if (text[at] === '}') {
      at++;
      if (raws) rawMembers.set(result, raws);
      return result;
    }
    for (;;) {
      skipSpace();
      if (text[at] !== '"') fail('looking for beginning of object key string');
      const key = string();
      skipSpace();
      if (text[at] !== ':') fail('after object key');
      at++;
      skipSpace();
      const start = at;
      result[key] = value(depth + 1);
      raws?.set(key, text.slice(start, at));
      skipSpace();
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text[at] === '}') {
        at++;
        if (raws) rawMembers.set(result, raws);
        return result;
      }
      fail('after object key:value pair');
    }
  };

  const array = (depth: number): JsonValue[] => {
    const result: JsonValue[] = [];
    at++;
    skipSpace();
    if (text[at] === ']') {
      at++;
      return result;
    }
    for (;;) {
      result.push(value(depth + 1));
      skipSpace();
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text[at] === ']') {
        at++;
        return result;
      }
      fail('after array element');
    }
  };

  const string = (): string => {
    at++;
    let out = '';
    let from = at;
    for (;;) {
      if (at >= text.length) fail('');
      const c = text[at]!;
      if (c === '"') {
        out += text.slice(from, at);
        at++;
        return out;
      }
      if (c < ' ') fail('in string literal');
      if (c !== '\\') {
        at++;
        continue;
      }
      out += text.slice(from, at);
      at++;
      const e = text[at];
      const simple: Record<string, string> = {
        '"': '"',
        '\\': '\\',
        '/': '/',
        b: '\b',
        f: '\f',
        n: '\n',
        r: '\r',
        t: '\t',
      };
      if (e !== undefined && e in simple) {
        out += simple[e];
        at++;
      } else if (e === 'u') {
        at++;
        for (let i = 0; i < 4; i++)
          if (!/[0-9a-fA-F]/.test(text[at + i] ?? '')) {
            at += i;
            fail('in \\u hexadecimal character escape');
          }
        out += String.fromCharCode(parseInt(text.slice(at, at + 4), 16));
        at += 4;
      } else fail('in string escape code');
      from = at;
    }
  };

  const number = (): number | bigint => {
    const start = at;
    const digits = () => {
      while (text[at] !== undefined && text[at]! >= '0' && text[at]! <= '9') at++;
    };
    const digit = () => text[at] !== undefined && text[at]! >= '0' && text[at]! <= '9';
    if (text[at] === '-') at++;
    if (!digit()) fail('in numeric literal');
    if (text[at] === '0') at++;
    else digits();
    let integer = true;
    if (text[at] === '.') {
      integer = false;
      at++;
      if (!digit()) fail('after decimal point in numeric literal');
      digits();
    }
    if (text[at] === 'e' || text[at] === 'E') {
      integer = false;
      at++;
      if (text[at] === '+' || text[at] === '-') at++;
      if (!digit()) fail('in exponent of numeric literal');
      digits();
    }
    const literalText = text.slice(start, at);
    const n = Number(literalText);
    return integer && !Number.isSafeInteger(n) ? BigInt(literalText) : n;
  };

  const literal = <T extends JsonValue>(word: string, result: T): T => {
    for (let i = 0; i < word.length; i++) {
      if (text[at] !== word[i]) fail(`in literal ${word} (expecting ${quoteChar(word[i]!)})`);
      at++;
    }
    return result;
  };

  skipSpace();
  if (at >= text.length) throw new JsonSyntaxError('EOF');
  return value(0);
}

/** Go's quoteChar: the character in single quotes, escaped as strconv.Quote escapes it. */
function quoteChar(c: string): string {
  if (c === "'") return `'\\''`;
  if (c === '"') return `'"'`;
  const named: Record<string, string> = {
    '\x07': '\\a',
    '\b': '\\b',
    '\f': '\\f',
    '\n': '\\n',
    '\r': '\\r',
    '\t': '\\t',
    '\v': '\\v',
    '\\': '\\\\',
  };
  if (named[c]) return `'${named[c]}'`;
  const code = c.charCodeAt(0);
  if (code < 0x20 || code === 0x7f) return `'\\x${code.toString(16).padStart(2, '0')}'`;
  return `'${c}'`;
}
