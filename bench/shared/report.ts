// What every load bench prints and how every bench script starts and ends: one place, so the
// benches read alike and their numbers are comparable.

/** `application_name` of the benches' PostgreSQL connections: pg_stat_activity tells their backends apart. */
export const applicationName = 'avalanche-data-bench';

/**
 * The connection string with the bench's `application_name`.
 * @example withApplicationName('postgresql://postgres@127.0.0.1/test') // '…?application_name=avalanche-data-bench'
 */
export function withApplicationName(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', applicationName);
  return parsed.toString();
}

/** A share as a whole percentage; `?` when it could not be measured. */
export function percent(share: number): string {
  return Number.isNaN(share) ? '?' : `${(share * 100).toFixed(0)}%`;
}

/** A progress line on stderr, with the time of day (stdout keeps the results). */
export function progress(message: string): void {
  console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** The message of what was thrown. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The legend under a results table with the CPU columns, and a warning when runs shared the machine.
 * @param results the measurements, each with its CPU shares
 * @returns lines to print after the table
 */
export function cpuLegend(results: readonly { cpu: { other: number } }[]): string[] {
  const contended = results.filter(({ cpu }) => cpu.other > 0.1).length;
  return [
    "loop: the server's event loop busy; node, postgres, other: shares of all CPUs used by this process (server and",
    'autocannon), by the bench\'s PostgreSQL backends, and by everything else.',
    ...(contended > 0 ? [`${contended} of ${results.length} runs shared the CPUs with other work (other > 10%): their numbers are low.`] : []),
  ];
}

/**
 * Runs a bench script: arguments parsed first (a bad one exits 2 with its message), then `main`,
 * whose result is the exit code; if a handle leaked after cleanup, the process still ends.
 * @example runBench(() => parseBenchArgs(process.argv.slice(2)), main)
 */
export function runBench<Args>(parse: () => Args, main: (args: Args) => Promise<number>): void {
  let args: Args;
  try {
    args = parse();
  } catch (error) {
    console.error(describeError(error));
    process.exit(2);
  }
  main(args).then(
    (code) => {
      process.exitCode = code;
      // Everything is closed by now, so node exits on its own; if a handle leaked, say so and go.
      setTimeout(() => {
        console.error('handles still open 5 s after cleanup; exiting anyway');
        process.exit(code);
      }, 5000).unref();
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
