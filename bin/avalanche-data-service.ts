#!/usr/bin/env node
// The one entry point: `avalanche-data-service <command> [arguments]` (npm scripts call it too).
import { commands } from './commands';
import { didYouMean } from '../shared/config/closestKey';
import { UsageError } from '../shared/config/configError';
import { servicePackage } from '../shared/servicePackage';
import { startupError } from '../server/startupError';

const name = 'avalanche-data-service';

/** What may come first instead of a command. */
const helpWords = ['help', '--help', '-h'];
const versionWords = ['--version', '-v'];

function help(): string {
  const width = Math.max(...Object.keys(commands).map((command) => command.length));
  return [
    `Usage: ${name} <command> [arguments]`,
    '',
    'Commands:',
    ...Object.entries(commands).map(([command, { summary }]) => `  ${command.padEnd(width)}  ${summary}`),
    '',
    `${name} <command> --help tells more about one command; ${name} --version prints the version.`,
  ].join('\n');
}

function commandHelp(command: string): string {
  const { summary, usage, details = [] } = commands[command]!;
  return [
    `Usage: ${name} ${command}${usage ? ` ${usage}` : ''}`,
    '',
    summary,
    ...(details.length ? ['', ...details] : []),
  ].join('\n');
}

/**
 * Runs the command line.
 * @param argv arguments after the program (`process.argv.slice(2)`)
 * @returns the exit code: 0 done, 1 failed, 2 wrong usage
 */
export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || helpWords.includes(command)) {
    console.log(help());
    return command === undefined ? 2 : 0;
  }
  if (versionWords.includes(command)) {
    console.log(servicePackage().version);
    return 0;
  }
  if (!Object.hasOwn(commands, command)) {
    const suggestion = didYouMean(command, [...Object.keys(commands), ...helpWords, ...versionWords]);
    console.error(`${name}: unknown command ${JSON.stringify(command)}${suggestion}\n\n${help()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(commandHelp(command));
    return 0;
  }
  try {
    return await commands[command]!.run(rest, env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${name} ${command}: ${error.message}\n\n${commandHelp(command)}`);
      return 2;
    }
    console.error(startupError(error, commands[command]!.action));
    return 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2), process.env).then(
    // `start` and `subgraph` keep serving: only set the code, the shutdown handlers end the process.
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
