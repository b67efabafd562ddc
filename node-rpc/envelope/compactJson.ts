/**
 * Go's json.Compact as json.Encoder applies it to a json.RawMessage (an echoed `id` or `params`):
 * whitespace outside strings removed, `<`, `>`, `&`, U+2028 and U+2029 inside strings escaped,
 * everything else (number spelling included) kept byte for byte.
 * @param raw valid JSON text
 * @returns the compact text
 * @example compactJson('[ 1.50, "<a>" ]') // '[1.50,"\\u003ca\\u003e"]'
 */
export function compactJson(raw: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (inString) {
      if (c === '\\') {
        out += c + raw[++i];
        continue;
      }
      if (c === '"') inString = false;
      out +=
        c === '<'
          ? '\\u003c'
          : c === '>'
            ? '\\u003e'
            : c === '&'
              ? '\\u0026'
              : c === '\u2028'
                ? '\\u2028'
                : c === '\u2029'
                  ? '\\u2029'
                  : c;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') continue;
    if (c === '"') inString = true;
    out += c;
  }
  return out;
}
