// The errors of configuration: a value that cannot be used, and a command line that does not fit
// the command. Both say what is wrong and what was expected, in the project's wording.
import { ServiceError } from '../errors';

/** A configuration value that cannot be used: `Validation failed: <what>, expected <expected>`. */
export class ConfigError extends ServiceError {
  override name = 'ConfigError';
  constructor(
    /** What is wrong: the variable, flag or key, with its value unless it is a secret. */
    readonly what: string,
    /** What a usable value looks like. */
    readonly expected: string,
  ) {
    super(`Validation failed: ${what}, expected ${expected}`);
  }
}

/** A command line the command does not take (an unknown flag, a missing argument): exit code 2 with the usage. */
export class UsageError extends ConfigError {
  override name = 'UsageError';
}
