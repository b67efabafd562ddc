// The typed readers of option text: what each accepts, and that anything else is an error.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  boolean,
  integer,
  InvalidValue,
  jsonFile,
  list,
  namedUrls,
  oneOf,
  readableFile,
  url,
} from '../../../shared/config/parsers';
import { addressRanges, blsSecretKeys, trustProxy } from '../../../shared/config/valueParsers';

/** The InvalidValue a parser throws for a text (fails the test when it returns). */
function invalid(parse: (text: string) => unknown, text: string): InvalidValue {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof InvalidValue) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(text)} was accepted`);
}

describe('integer()', () => {
  const port = integer(0, 65535);
  test('reads digits within the bounds, the bounds included', () => {
    expect(['0', '8080', '65535', '-0'].map(port.parse)).toEqual([0, 8080, 65535, -0]);
    expect(integer(-5, 5).parse('-5')).toBe(-5);
  });
  test.each(['', ' 80', '80 ', '1e3', '0x10', '8080.5', '65536', '-1', 'soon', '99999999999999999999'])(
    'refuses %j',
    (text) => {
      expect(invalid(port.parse, text)).toBeInstanceOf(InvalidValue);
    },
  );
  test('says its bounds', () => expect(port.expected).toBe('an integer from 0 to 65535'));
});

describe('boolean', () => {
  test('true, false, 1 and 0, exactly', () => {
    expect(['true', 'false', '1', '0'].map(boolean.parse)).toEqual([true, false, true, false]);
  });
  test.each(['flase', 'yes', 'no', 'TRUE', 'False', 'on', '', ' true'])('anything else is an error: %j', (text) => {
    expect(invalid(boolean.parse, text)).toBeInstanceOf(InvalidValue);
  });
  test('a bare flag is true', () => expect(boolean.bare).toBe('true'));
});

describe('oneOf()', () => {
  test('one of the words, as declared; any case only when asked', () => {
    expect(oneOf(['in-process', 'http']).parse('http')).toBe('http');
    expect(oneOf(['mainnet', 'fuji'], { ignoreCase: true }).parse('FUJI')).toBe('fuji');
    expect(invalid(oneOf(['mainnet', 'fuji']).parse, 'Fuji')).toBeInstanceOf(InvalidValue);
  });
  test('lists the words', () => expect(oneOf(['auto', 'blst', 'noble']).expected).toBe('auto, blst or noble'));
});

describe('url()', () => {
  const postgres = url(['postgres', 'postgresql'], 'a PostgreSQL connection string');
  test('a URL of one of the schemes with a host', () => {
    expect(postgres.parse('postgresql://u:p@db:5432/x')).toBe('postgresql://u:p@db:5432/x');
    expect(postgres.parse('postgres://db/x')).toBe('postgres://db/x');
  });
  test.each(['mysql://root@db/x', 'not a url', 'postgresql://', 'postgresql:///x'])('refuses %j', (text) => {
    expect(invalid(postgres.parse, text)).toBeInstanceOf(InvalidValue);
  });
});

describe('list()', () => {
  test('comma-separated, trimmed, empty entries dropped', () =>
    expect(list().parse(' a, b ,,c,')).toEqual(['a', 'b', 'c']));
  test('an entry its item parser refuses is named by its position', () => {
    expect(invalid(list(integer(0, 9)).parse, '1, 2, x')).toMatchObject({
      entry: '3',
      expected: 'an integer from 0 to 9',
    });
  });
});

describe('namedUrls()', () => {
  const urls = namedUrls('name=http://host:port/graphql');
  test('name=url pairs of http(s) URLs', () => {
    expect(urls.parse('evm=http://10.0.0.2:4002/graphql, metrics=https://m/graphql')).toEqual({
      evm: 'http://10.0.0.2:4002/graphql',
      metrics: 'https://m/graphql',
    });
  });
  test('a bad entry is shown with its credentials masked', () => {
    expect(invalid(urls.parse, 'C=ftp://user:secret@host/x')).toMatchObject({
      entry: 'C=ftp://…@host/x',
      expected: 'name=http://host:port/graphql',
    });
    expect(invalid(urls.parse, '=http://x').entry).toBe('=http://x');
  });
});

describe('jsonFile()', () => {
  const isStrings = (json: unknown): json is string[] =>
    Array.isArray(json) && json.every((item) => typeof item === 'string');
  const parser = jsonFile('an array of strings', isStrings);
  let folder: string;
  beforeAll(() => (folder = mkdtempSync(path.join(os.tmpdir(), 'json-file-'))));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  test('reads and checks the file', () => {
    writeFileSync(path.join(folder, 'good.json'), '["a"]');
    expect(parser.parse(path.join(folder, 'good.json'))).toEqual(['a']);
  });
  test('an unreadable file says why; a file of another shape says what it must hold', () => {
    expect(invalid(parser.parse, path.join(folder, 'missing.json'))).toMatchObject({
      reason: 'no such file',
      expected: 'a readable JSON file: an array of strings',
    });
    writeFileSync(path.join(folder, 'bad.json'), '{"a": 1}');
    expect(invalid(parser.parse, path.join(folder, 'bad.json')).expected).toBeUndefined();
  });
});

describe('readableFile()', () => {
  const parser = readableFile('the path of a JSON file');
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'readable-file-'));
    writeFileSync(path.join(folder, 'indexer.json'), '{}');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  test('a file that exists is its path, as given', () => {
    expect(parser.parse(path.join(folder, 'indexer.json'))).toBe(path.join(folder, 'indexer.json'));
  });
  test('a missing file or a folder is refused, saying which in words', () => {
    expect(invalid(parser.parse, path.join(folder, 'missing.json'))).toMatchObject({ reason: 'no such file' });
    expect(invalid(parser.parse, folder)).toMatchObject({ reason: 'a folder, not a file' });
    expect(invalid(parser.parse, path.join(folder, 'indexer.json', 'x'))).toMatchObject({
      reason: 'a part of the path is not a folder',
    });
  });
});

describe('trustProxy', () => {
  test('true or false, a hop count, or addresses and ranges', () => {
    expect(['true', 'false', '2', 'loopback, 10.0.0.0/8'].map(trustProxy.parse)).toEqual([
      true,
      false,
      2,
      'loopback, 10.0.0.0/8',
    ]);
    expect(invalid(trustProxy.parse, 'every$one')).toBeInstanceOf(InvalidValue);
    expect(invalid(trustProxy.parse, '101')).toBeInstanceOf(InvalidValue);
  });
});

describe('blsSecretKeys', () => {
  const one = `0x${'00'.repeat(31)}01`;
  test('0x and 64 hex digits, each a scalar in [1, r)', () => {
    expect(blsSecretKeys.parse(`${one}, ${one.slice(2)}`)).toEqual([
      Uint8Array.from([...new Array(31).fill(0), 1]),
      Uint8Array.from([...new Array(31).fill(0), 1]),
    ]);
  });
  test.each([['0x1234'], [`0x${'00'.repeat(32)}`], [`0x${'ff'.repeat(32)}`]])('refuses %s, naming the entry', (key) => {
    expect(invalid(blsSecretKeys.parse, `${one},${key}`).entry).toBe('2');
  });
});

describe('addressRanges', () => {
  test('addresses and CIDR ranges of both families, or *', () => {
    expect(addressRanges.parse('127.0.0.0/8, ::1, 10.0.0.5, fd00::/8, *')).toEqual([
      '127.0.0.0/8',
      '::1',
      '10.0.0.5',
      'fd00::/8',
      '*',
    ]);
  });
  test.each(['localhost', '10.0.0.0/33', '::1/129', '10.0.0.0/x'])('refuses %s, naming it', (entry) => {
    expect(invalid(addressRanges.parse, entry).entry).toBe(entry);
  });
});
