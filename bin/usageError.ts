// Wrong arguments on the command line, and the check every command makes of its flags.

/** Wrong arguments: told with the command's usage, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Fails on arguments a command does not take (a typo must not silently do the default).
 * @param argv the command's arguments
 * @param allowed the flags it takes
 * @throws UsageError naming the first argument it does not take
 * @example onlyFlags(argv, ['--check'])
 */
export function onlyFlags(argv: string[], allowed: string[]): void {
  const unknown = argv.filter((arg) => !allowed.includes(arg));
  if (unknown.length > 0) throw new UsageError(`unknown argument ${unknown[0]}; expected ${allowed.length ? allowed.join(' or ') : 'none'}`);
}
