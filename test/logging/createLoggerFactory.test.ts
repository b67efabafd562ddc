// Named loggers with avalanchego's levels: two thresholds each, changed at run time.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLoggerFactory, LoggerNotFoundError } from '../../logging/createLoggerFactory';
import { LOG_LEVELS, passes, toLogLevel, UnknownLogLevelError } from '../../logging/levels';

describe('toLogLevel() and passes()', () => {
  test('eight names, read in any case, TRACE between DEBUG and INFO, OFF passes nothing', () => {
    expect(LOG_LEVELS).toEqual(['VERBO', 'DEBUG', 'TRACE', 'INFO', 'WARN', 'ERROR', 'FATAL', 'OFF']);
    expect(['off', 'Fatal', 'ERROR', 'warn', 'info', 'trace', 'debug', 'verbo'].map(toLogLevel)).toEqual([
      'OFF',
      'FATAL',
      'ERROR',
      'WARN',
      'INFO',
      'TRACE',
      'DEBUG',
      'VERBO',
    ]);
    for (const bad of ['warning', 'verbose', 'all', 'crit', ''])
      expect(() => toLogLevel(bad)).toThrow(new UnknownLogLevelError(bad));
    expect([
      passes('TRACE', 'INFO'),
      passes('TRACE', 'DEBUG'),
      passes('DEBUG', 'TRACE'),
      passes('FATAL', 'OFF'),
    ]).toEqual([false, true, false, false]);
  });
});

describe('createLoggerFactory()', () => {
  test('the log level governs <name>.log, the display level the console, both changeable', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'loggers-'));
    const shown: string[] = [];
    const loggers = createLoggerFactory({
      logLevel: 'INFO',
      displayLevel: 'WARN',
      logDir: dir,
      display: (line) => shown.push(line),
    });
    const main = loggers.get('main');
    main.info('one');
    main.debug('two');
    main.warn('three');
    loggers.setLogLevel('main', 'DEBUG');
    loggers.setDisplayLevel('main', 'OFF');
    main.debug('four');
    main.error('five');
    await loggers.close();
    const file = await readFile(path.join(dir, 'main.log'), 'utf8');
    const brief = (line: string) => {
      const { level, logger, msg } = JSON.parse(line);
      return `${level} ${logger} ${msg}`;
    };
    // pino's numbers: debug 20, info 30, warn 40, error 50.
    expect(file.split('\n').filter(Boolean).map(brief)).toEqual([
      '30 main one',
      '40 main three',
      '20 main four',
      '50 main five',
    ]);
    expect(shown.map(brief)).toEqual(['40 main three']);
    expect(loggers.names()).toEqual(['main']);
    expect(() => loggers.getLogLevel('nope')).toThrow(new LoggerNotFoundError('nope'));
    expect(new LoggerNotFoundError('nope').message).toBe('logger with name "nope" not found');
    await rm(dir, { recursive: true, force: true });
  });

  test('enabled(level): whether a message would be written to the log file or the console now', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'loggers-'));
    const withFile = createLoggerFactory({ logLevel: 'DEBUG', displayLevel: 'WARN', logDir: dir, display: () => {} });
    const consoleOnly = createLoggerFactory({ logLevel: 'DEBUG', displayLevel: 'WARN', display: () => {} });
    const [filed, shown] = [withFile.get('http'), consoleOnly.get('http')];
    // The file takes DEBUG and up; without a log folder only the console's WARN counts.
    expect([filed.enabled('VERBO'), filed.enabled('DEBUG'), filed.enabled('INFO')]).toEqual([false, true, true]);
    expect([shown.enabled('INFO'), shown.enabled('WARN')]).toEqual([false, true]);
    consoleOnly.setDisplayLevel('http', 'OFF');
    expect(shown.enabled('FATAL')).toBe(false);
    consoleOnly.setDisplayLevel('http', 'VERBO');
    expect(shown.enabled('VERBO')).toBe(true);
    await withFile.close();
    await consoleOnly.close();
    await rm(dir, { recursive: true, force: true });
  });
});

describe('log lines', () => {
  test('one JSON object per line: time, level, logger, message and the fields as members (errors with their stack, bigints as numbers)', () => {
    const shown: string[] = [];
    const loggers = createLoggerFactory({ display: (line) => shown.push(line), now: () => Date.UTC(2026, 10, 22, 12) });
    loggers.get('indexer').warn('behind', { chain: 'C', lag: 12n, error: new Error('boom') });
    loggers.get('main').trace('hidden at INFO');
    expect(shown).toHaveLength(1);
    const line = JSON.parse(shown[0]!);
    expect(line).toMatchObject({
      level: 40,
      time: '2026-11-22T12:00:00.000Z',
      logger: 'indexer',
      msg: 'behind',
      chain: 'C',
      lag: 12,
      error: { type: 'Error', message: 'boom' },
    });
    expect(line.error.stack).toContain('Error: boom');
  });

  test("avalanchego's order on pino's numbers: VERBO < DEBUG < TRACE < INFO < WARN < ERROR < FATAL", () => {
    const shown: string[] = [];
    const loggers = createLoggerFactory({ display: (line) => shown.push(line), displayLevel: 'VERBO' });
    const logger = loggers.get('main');
    for (const level of ['VERBO', 'DEBUG', 'TRACE', 'INFO', 'WARN', 'ERROR', 'FATAL'] as const)
      logger.log(level, level);
    const numbers = shown.map((line) => JSON.parse(line).level as number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(7);
    expect(numbers.slice(3)).toEqual([30, 40, 50, 60]);
  });
});

describe('on a terminal', () => {
  test("a line's terminal text is all a terminal shows of it, one line; the log file keeps its message and fields", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'loggers-'));
    const shown: string[] = [];
    const loggers = createLoggerFactory({ logDir: dir, terminal: (text) => shown.push(text) });
    loggers.get('http').info('request', { method: 'GET', status: 404 }, { terminal: 'GET /nowhere 404 0.5 ms: gone' });
    await loggers.close();
    expect(shown).toHaveLength(1);
    expect(shown[0]!.split('\n').filter(Boolean)).toHaveLength(1);
    expect(shown[0]).toMatch(/INFO.*<http> GET \/nowhere 404 0\.5 ms: gone\n$/);
    expect(shown[0]).not.toContain('status');
    const [line] = (await readFile(path.join(dir, 'http.log'), 'utf8')).split('\n');
    expect(JSON.parse(line!)).toMatchObject({ logger: 'http', msg: 'request', method: 'GET', status: 404 });
    await rm(dir, { recursive: true, force: true });
  });

  test('a line without a terminal text shows its message, then its fields below it', () => {
    const shown: string[] = [];
    const loggers = createLoggerFactory({ terminal: (text) => shown.push(text) });
    loggers.get('main').info('listening', { port: 8080 });
    expect(shown).toHaveLength(1);
    expect(shown[0]!.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/INFO.*<main> listening$/),
      '    port: 8080',
    ]);
  });

  test('JSON lines (not a terminal) keep the message and fields of a line that has a terminal text', () => {
    const shown: string[] = [];
    const loggers = createLoggerFactory({ display: (line) => shown.push(line) });
    loggers.get('http').info('request', { status: 200 }, { terminal: 'GET / 200 1 ms' });
    expect(shown.map((line) => JSON.parse(line))).toEqual([expect.objectContaining({ msg: 'request', status: 200 })]);
  });
});
