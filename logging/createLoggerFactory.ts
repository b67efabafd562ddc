// Named loggers with two thresholds each, as avalanchego's logging.Factory keeps them: `logLevel`
// governs what is appended to `<logDir>/<name>.log`, `displayLevel` what is shown on the console.
// Both change at run time (admin.setLoggerLevel). Lines are pino's JSON lines (one object per line,
// `logger` names the logger); a terminal gets pino-pretty's human-friendly rendering instead, where
// a line may give a one-line text of its own (the request log's), so people read one line per event.
import { ServiceError } from '../shared/errors';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import { prettyFactory } from 'pino-pretty';
import { passes, type LogLevel } from './levels';

/** How one line shows on a terminal. */
export type LineOptions = {
  /**
   * What a terminal shows instead of the message and the fields below it: one line that says what
   * the fields hold (`GET /v1/… 200 3.1 ms`). Log files and JSON lines keep the message and fields.
   */
  terminal?: string;
};

/** One named logger. */
export type Logger = {
  readonly name: string;
  /** Writes `message` (and `fields` as members of the line) where the level passes: log file and/or console. */
  log(level: Exclude<LogLevel, 'OFF'>, message: string, fields?: Record<string, unknown>, line?: LineOptions): void;
  verbo(message: string, fields?: Record<string, unknown>, line?: LineOptions): void;
  debug(message: string, fields?: Record<string, unknown>, line?: LineOptions): void;
  trace(message: string, fields?: Record<string, unknown>, line?: LineOptions): void;
  info(message: string, fields?: Record<string, unknown>, line?: LineOptions): void;
  warn(message: string, fields?: Record<string, unknown>, line?: LineOptions): void;
  error(message: string, fields?: Record<string, unknown>, line?: LineOptions): void;
  fatal(message: string, fields?: Record<string, unknown>, line?: LineOptions): void;
  /** Whether a message at `level` would be written anywhere now: a caller can skip building its fields. */
  enabled(level: Exclude<LogLevel, 'OFF'>): boolean;
};

/** The loggers of a process and their levels. */
export type LoggerFactory = {
  /** The logger named `name`, created on first use with the factory's default levels. */
  get(name: string): Logger;
  /** Names of every logger created so far, sorted. */
  names(): string[];
  /** @throws LoggerNotFoundError */
  getLogLevel(name: string): LogLevel;
  /** @throws LoggerNotFoundError */
  getDisplayLevel(name: string): LogLevel;
  /** @throws LoggerNotFoundError */
  setLogLevel(name: string, level: LogLevel): void;
  /** @throws LoggerNotFoundError */
  setDisplayLevel(name: string, level: LogLevel): void;
  /** Flushes and closes the log files. */
  close(): Promise<void>;
};

/** Options of {@link createLoggerFactory}. */
export type LoggerFactoryOptions = {
  /** Threshold of the log files. @default 'INFO' */
  logLevel?: LogLevel;
  /** Threshold of the console. @default logLevel */
  displayLevel?: LogLevel;
  /** Folder of the `<name>.log` files; unset: no files. */
  logDir?: string;
  /** Where console lines go (one JSON line each, no newline). @default stdout: pretty on a terminal, JSON lines otherwise */
  display?: (line: string) => void;
  /** A terminal the console lines are rendered for (pino-pretty, without colours), instead of stdout. */
  terminal?: (text: string) => void;
  /** Timestamps of the lines. @default Date.now */
  now?: () => number;
};

/** A logger name the factory does not hold (avalanchego's wording). */
export class LoggerNotFoundError extends ServiceError {
  override name = 'LoggerNotFoundError';
  constructor(name: string) {
    super(`logger with name ${JSON.stringify(name)} not found`);
  }
}

// avalanchego's order on pino's numbers: the standard ones keep their values (log tooling reads 30 as
// info, 50 as error); VERBO takes pino's trace slot and avalanchego's TRACE sits between DEBUG and INFO.
const pinoLevels = { verbo: 10, debug: 20, trace: 25, info: 30, warn: 40, error: 50, fatal: 60 } as const;
type PinoLevel = keyof typeof pinoLevels;

/**
 * Creates the process's logger factory.
 * @param options default levels, log folder, console sink
 * @returns the factory
 * @example
 * const loggers = createLoggerFactory({ logLevel: 'INFO', logDir: './logs' })
 * loggers.get('main').info('ready') // {"level":30,"time":"…","logger":"main","msg":"ready"}
 */
export function createLoggerFactory(options: LoggerFactoryOptions = {}): LoggerFactory {
  const logLevel = options.logLevel ?? 'INFO';
  const displayLevel = options.displayLevel ?? logLevel;
  const now = options.now ?? Date.now;
  const files: ReturnType<typeof pino.destination>[] = [];
  const createPino = (stream: DestinationStream) =>
    pino(
      {
        customLevels: pinoLevels,
        useOnlyCustomLevels: true,
        // Thresholds are the factory's (two per logger, changed at run time): pino writes whatever it is given.
        level: 'verbo',
        timestamp: () => `,"time":"${new Date(now()).toISOString()}"`,
        serializers: { error: pino.stdSerializers.err, err: pino.stdSerializers.err },
      },
      stream,
    );
  // Rendered for people: an explicit terminal, or stdout when it is one (and no line sink is given).
  const onTerminal = !options.display && (options.terminal !== undefined || process.stdout.isTTY === true);
  let console: PinoLogger<PinoLevel> | undefined;
  const consoleRoot = () => {
    if (!console) {
      const stream = options.display
        ? lineSink(options.display)
        : options.terminal
          ? terminalSink(options.terminal, false)
          : onTerminal
            ? terminalSink((text) => process.stdout.write(text), true)
            : pino.destination({ dest: 1, sync: true });
      console = createPino(stream);
    }
    return console;
  };

  type Entry = {
    logger: Logger;
    logLevel: LogLevel;
    displayLevel: LogLevel;
    file?: PinoLogger<PinoLevel>;
    console?: PinoLogger<PinoLevel>;
  };
  const entries = new Map<string, Entry>();
  const fileOf = (entry: Entry) => {
    if (!entry.file) {
      mkdirSync(options.logDir!, { recursive: true });
      const stream = pino.destination({
        dest: path.join(options.logDir!, `${entry.logger.name}.log`),
        append: true,
        sync: true,
      });
      files.push(stream);
      entry.file = createPino(stream).child({ logger: entry.logger.name });
    }
    return entry.file;
  };
  const consoleOf = (entry: Entry) => (entry.console ??= consoleRoot().child({ logger: entry.logger.name }));

  const make = (name: string): Entry => {
    const write = (
      level: Exclude<LogLevel, 'OFF'>,
      message: string,
      fields?: Record<string, unknown>,
      line?: LineOptions,
    ) => {
      const method = level.toLowerCase() as PinoLevel;
      if (options.logDir !== undefined && passes(level, entry.logLevel)) fileOf(entry)[method](fields ?? {}, message);
      if (!passes(level, entry.displayLevel)) return;
      if (onTerminal && line?.terminal !== undefined) consoleOf(entry)[method](line.terminal);
      else consoleOf(entry)[method](fields ?? {}, message);
    };
    const logger: Logger = {
      name,
      log: write,
      verbo: (m, f, l) => write('VERBO', m, f, l),
      debug: (m, f, l) => write('DEBUG', m, f, l),
      trace: (m, f, l) => write('TRACE', m, f, l),
      info: (m, f, l) => write('INFO', m, f, l),
      warn: (m, f, l) => write('WARN', m, f, l),
      error: (m, f, l) => write('ERROR', m, f, l),
      fatal: (m, f, l) => write('FATAL', m, f, l),
      enabled: (level) =>
        (options.logDir !== undefined && passes(level, entry.logLevel)) || passes(level, entry.displayLevel),
    };
    const entry: Entry = { logger, logLevel, displayLevel };
    entries.set(name, entry);
    return entry;
  };
  const find = (name: string): Entry => {
    const entry = entries.get(name);
    if (!entry) throw new LoggerNotFoundError(name);
    return entry;
  };

  return {
    get: (name) => (entries.get(name) ?? make(name)).logger,
    names: () => [...entries.keys()].sort(),
    getLogLevel: (name) => find(name).logLevel,
    getDisplayLevel: (name) => find(name).displayLevel,
    setLogLevel: (name, level) => {
      find(name).logLevel = level;
    },
    setDisplayLevel: (name, level) => {
      find(name).displayLevel = level;
    },
    close: async () => {
      for (const entry of entries.values()) entry.file = undefined;
      // stdout stays open: only the log files end.
      await Promise.all(
        files.splice(0).map(
          (file) =>
            new Promise<void>((resolve) => {
              file.once('close', () => resolve());
              file.once('error', () => resolve());
              file.end();
            }),
        ),
      );
    },
  };
}

/** A console sink that is a function of the line (tests, embedding). */
function lineSink(display: (line: string) => void): DestinationStream {
  return { write: (chunk: string) => display(chunk.replace(/\n$/, '')) };
}

/** pino-pretty for a terminal: time, level, `<logger>` and message, other members below; written as each line comes. */
function terminalSink(write: (text: string) => void, colorize: boolean): DestinationStream {
  const prettify = prettyFactory({
    colorize,
    customLevels: Object.entries(pinoLevels)
      .map(([label, value]) => `${label}:${value}`)
      .join(','),
    useOnlyCustomProps: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,logger',
    messageFormat: '<{logger}> {msg}',
  });
  return { write: (chunk: string) => write(prettify(chunk)) };
}
