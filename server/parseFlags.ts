/**
 * Command-line flags as option names: `--api-admin-enabled=true` is `API_ADMIN_ENABLED=true`, a bare
 * `--api-admin-enabled` means `true` (avalanchego's flag style). Flags win over the environment.
 * @param argv arguments after the script (`process.argv.slice(2)`)
 * @param known the option names the service reads
 * @param fail throws the caller's configuration error (what is wrong, what was expected)
 * @returns the options the flags set, by option (environment variable) name
 * @example parseFlags(['--api-admin-enabled=true'], ['API_ADMIN_ENABLED'], fail) // { API_ADMIN_ENABLED: 'true' }
 */
export function parseFlags(argv: readonly string[], known: readonly string[], fail: (what: string, expected: string) => never): Record<string, string> {
  const options: Record<string, string> = {};
  for (const arg of argv) {
    const match = /^--([a-z0-9][a-z0-9-]*)(?:=(.*))?$/s.exec(arg);
    if (!match) fail(`argument ${arg}`, '--flag=value');
    const name = match![1]!.toUpperCase().replace(/-/g, '_');
    if (!known.includes(name)) fail(`flag --${match![1]}`, 'an option of the README\'s "Configuration" table');
    options[name] = match![2] ?? 'true';
  }
  return options;
}
