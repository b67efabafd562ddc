import {
  choiceOption,
  integerOption,
  parseBenchArgs,
  parseOptions,
  positiveOption,
} from '../../bench/shared/benchArgs';

describe('parseOptions()', () => {
  type Args = { runs: number; engine: 'pg' | 'pglite'; smoke: boolean };
  const parse = (argv: string[]) =>
    parseOptions<Args>(
      argv,
      { runs: 3, engine: 'pg', smoke: false },
      {
        '--runs': (args, value, flag) => (args.runs = integerOption(flag, value, 1, 100)),
        '--engine': (args, value, flag) => (args.engine = choiceOption(flag, value, ['pg', 'pglite'] as const)),
        '--smoke': (args) => (args.smoke = true),
      },
      ['--smoke'],
    );

  it('keeps the defaults when no option is given', () => {
    expect(parse([])).toEqual({ runs: 3, engine: 'pg', smoke: false });
  });

  it('reads `--name value`, `--name=value` and switches', () => {
    expect(parse(['--runs', '5', '--engine=pglite', '--smoke'])).toEqual({ runs: 5, engine: 'pglite', smoke: true });
  });

  it('refuses an unknown option, naming the known ones', () => {
    expect(() => parse(['--paths', 'rest'])).toThrow(
      'Validation failed: option --paths, expected --runs, --engine or --smoke',
    );
  });

  it('refuses an option without its value', () => {
    expect(() => parse(['--runs'])).toThrow('Validation failed: --runs without a value, expected --runs <value>');
  });

  it('refuses a value out of bounds or not among the choices', () => {
    expect(() => parse(['--runs', '0'])).toThrow('Validation failed: --runs 0, expected an integer from 1 to 100');
    expect(() => parse(['--runs', '2.5'])).toThrow('Validation failed: --runs 2.5');
    expect(() => parse(['--engine', 'mysql'])).toThrow('Validation failed: --engine mysql, expected pg or pglite');
  });
});

describe('value parsers', () => {
  it('integerOption: an integer within bounds, not an empty text', () => {
    expect(integerOption('--n', '7', 1, 10)).toBe(7);
    expect(() => integerOption('--n', '', 0, 10)).toThrow('Validation failed: --n');
    expect(() => integerOption('--n', '11', 1, 10)).toThrow('expected an integer from 1 to 10');
  });

  it('positiveOption: a number above 0, at most the bound', () => {
    expect(positiveOption('--scale', '0.02', 200)).toBe(0.02);
    expect(() => positiveOption('--scale', '0', 200)).toThrow(
      'Validation failed: --scale 0, expected a number above 0, at most 200',
    );
    expect(() => positiveOption('--scale', 'x', 200)).toThrow('Validation failed: --scale x');
  });
});

describe('parseBenchArgs()', () => {
  it('args: the load options with their defaults', () => {
    expect(parseBenchArgs([])).toEqual({ duration: 10, warmup: 10, rounds: 5, connections: 10, pageSizes: [10, 100] });
  });

  it('args: page sizes and paths as lists', () => {
    expect(parseBenchArgs(['--page-sizes', '10,1000', '--paths', 'PG,rest'])).toMatchObject({
      pageSizes: [10, 1000],
      paths: ['pg', 'rest'],
    });
  });

  it('error: a path that is not pg, rest or graphql', () => {
    expect(() => parseBenchArgs(['--paths', 'soap'])).toThrow(
      'Validation failed: --paths soap, expected a list of pg, rest, graphql',
    );
  });
});
