// JSON text as the node's Go encoders write it: bigint values as plain numbers (subnet-evm's
// `*big.Int` and uint64 fields, even above 2^53), members in insertion order (callers build objects
// in the node's order), `undefined` members left out (Go's omitempty), `<`, `>`, `&`, U+2028 and
// U+2029 escaped as json.Encoder escapes them, and raw text kept verbatim (echoed ids).

/** Text already in JSON form, written as is (an `id` echoed from the request). */
export class RawJson {
  constructor(readonly text: string) {}
}

const escapes: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * Serializes a response value.
 * @param value plain data: objects, arrays, strings, numbers, bigints, booleans, null, {@link RawJson}
 * @returns JSON text
 * @example toJson({ gasLimit: 8_000_000n, big: 2n ** 70n }) // '{"gasLimit":8000000,"big":1180591620717411303424}'
 */
export function toJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => escapes[c]!);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value instanceof RawJson) return value.text;
      if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
      const parts: string[] = [];
      for (const [key, member] of Object.entries(value)) {
        if (member === undefined) continue;
        parts.push(`${toJson(key)}:${toJson(member)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      return 'null';
  }
}
