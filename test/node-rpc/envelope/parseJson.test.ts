// The JSON reader of the node RPC speaks Go's encoding/json: the texts gorilla copies into -32700.
import { JsonSyntaxError, parseJson, rawMember, type JsonObject } from '../../../shared/goJson';
import { toJson, RawJson } from '../../../node-rpc/envelope/toJson';
import { compactJson } from '../../../node-rpc/envelope/compactJson';

const error = (text: string) => {
  try {
    parseJson(text);
  } catch (e) {
    expect(e).toBeInstanceOf(JsonSyntaxError);
    return (e as Error).message;
  }
  return 'no error';
};

describe('parseJson()', () => {
  test('syntax errors are worded as Go words them', () => {
    const cases: [string, string][] = [
      ['', 'EOF'],
      ['  \n', 'EOF'],
      ['{', 'unexpected EOF'],
      ['{"a":1', 'unexpected EOF'],
      ['"abc', 'unexpected EOF'],
      ['x', "invalid character 'x' looking for beginning of value"],
      ['{"a" 1}', "invalid character '1' after object key"],
      ['{"a":1 "b":2}', `invalid character '"' after object key:value pair`],
      ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
      ['{1:2}', "invalid character '1' looking for beginning of object key string"],
      ['[1 2]', "invalid character '2' after array element"],
      ['[1,]', "invalid character ']' looking for beginning of value"],
      ['"a\u0001"', "invalid character '\\x01' in string literal"],
      ['"a\nb"', "invalid character '\\n' in string literal"],
      ['"\\x"', "invalid character 'x' in string escape code"],
      ['"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
      ['-a', "invalid character 'a' in numeric literal"],
      ['1.e3', "invalid character 'e' after decimal point in numeric literal"],
      ['1e+', 'unexpected EOF'],
      ['tru', 'unexpected EOF'],
      ['trux', "invalid character 'x' in literal true (expecting 'e')"],
      ["{'a':1}", "invalid character '\\'' looking for beginning of object key string"],
    ];
    for (const [text, message] of cases) expect([text, error(text)]).toEqual([text, message]);
  });

  test('only the first value is read; what follows is ignored (json.Decoder)', () => {
    expect(parseJson('{"a":1} trailing')).toEqual({ a: 1 });
    expect(parseJson('01')).toBe(0);
  });

  test('integers above 2^53 stay exact as bigint; keys named __proto__ are data', () => {
    expect(parseJson('[9007199254740993, 1.5, -12]')).toEqual([9007199254740993n, 1.5, -12]);
    const object = parseJson('{"__proto__":{"x":1}}') as JsonObject;
    expect(Object.keys(object)).toEqual(['__proto__']);
    expect(({} as any).x).toBeUndefined();
  });

  test('the members of envelope objects keep their source text', () => {
    const message = parseJson('{"id": 1.50 ,"params":[ "0x1" ]}') as JsonObject;
    expect(rawMember(message, 'id')).toBe('1.50');
    expect(rawMember(message, 'params')).toBe('[ "0x1" ]');
    expect(compactJson('[ "<a & b>" , 1.50 ]')).toBe('["\\u003ca \\u0026 b\\u003e",1.50]');
  });
});

describe('toJson()', () => {
  test('bigints are plain numbers, undefined members left out, HTML characters escaped as Go does', () => {
    expect(
      toJson({ big: 2n ** 70n, gone: undefined, text: '<&>', raw: new RawJson('1.50'), list: [1, null, true] }),
    ).toBe('{"big":1180591620717411303424,"text":"\\u003c\\u0026\\u003e","raw":1.50,"list":[1,null,true]}');
  });
});
