// avalanchego's log levels (utils/logging/level.go): eight names, most to least verbose VERBO, DEBUG,
// TRACE, INFO, WARN, ERROR, FATAL, OFF. TRACE sits between DEBUG and INFO, unlike most libraries.
// Names are read case-insensitively and always written upper case.
import { ServiceError } from '../shared/errors';

/** The level names, most verbose first. */
export const LOG_LEVELS = ['VERBO', 'DEBUG', 'TRACE', 'INFO', 'WARN', 'ERROR', 'FATAL', 'OFF'] as const;

/** A log level, as written. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A level name that is none of the eight. */
export class UnknownLogLevelError extends ServiceError {
  override name = 'UnknownLogLevelError';
  constructor(text: string) {
    super(`unknown log level: ${JSON.stringify(text)}`);
  }
}

/**
 * Reads a level name, in any case.
 * @param text e.g. `info`, `Debug`, `OFF`
 * @returns the level, upper case
 * @throws UnknownLogLevelError for anything else (`warning`, `verbose`, `all`, the empty string)
 * @example toLogLevel('debug') // 'DEBUG'
 */
export function toLogLevel(text: string): LogLevel {
  const upper = text.toUpperCase();
  const level = LOG_LEVELS.find((name) => name === upper);
  if (!level) throw new UnknownLogLevelError(text);
  return level;
}

/**
 * Whether a message at `message` level passes a threshold: OFF lets nothing through.
 * @param message level of the message (never OFF)
 * @param threshold the logger's level
 * @returns true when it is written
 * @example passes('TRACE', 'INFO') // false
 */
export function passes(message: LogLevel, threshold: LogLevel): boolean {
  return threshold !== 'OFF' && LOG_LEVELS.indexOf(message) >= LOG_LEVELS.indexOf(threshold);
}
