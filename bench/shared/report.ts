// What every bench prints and how every bench script starts and ends: one place, so the benches
// read alike and their numbers are comparable. (bench/RESULTS.md is written by suite/writeResults.ts.)
import os from 'node:os';
import path from 'node:path';
import type { LoadArgs } from './benchArgs';

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
    "autocannon), by the bench's PostgreSQL backends, and by everything else.",
    ...(contended > 0
      ? [`${contended} of ${results.length} runs shared the CPUs with other work (other > 10%): their numbers are low.`]
      : []),
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

/**
 * Lays rows out as a plain-text table: columns padded to their widest cell, text left-aligned,
 * numbers right-aligned, a rule under the header.
 *
 * @param header column titles
 * @param rows cells, already formatted
 * @returns the table, lines joined with newlines
 * @example formatTable(['path', 'req/s'], [['REST', '812']])
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((row) => /^[-+\d.,×%]*$/.test(row[i] ?? '')));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * The header of a load bench's output: what was measured, the machine and load, the command that
 * ran it, and how busy the machine was before.
 * @param what lines describing the data set and engine
 * @param args the load options
 * @param npmScript the bench's npm script, shown when it started the run
 * @param otherBefore share of the CPUs other processes used before the run
 * @returns the lines, joined, with a blank line after
 * @example console.log(benchHeader(['list subnets: …'], args, 'bench:subnets', otherBefore))
 */
export function benchHeader(
  what: readonly string[],
  args: Pick<LoadArgs, 'connections' | 'duration' | 'rounds' | 'warmup'>,
  npmScript: string,
  otherBefore: number,
): string {
  const options = process.argv.slice(2);
  const script = path.relative(process.cwd(), process.argv[1] ?? '');
  const command = [process.argv0, ...process.execArgv, script, ...options].join(' ');
  const viaNpm =
    process.env.npm_lifecycle_event === npmScript
      ? `npm run ${npmScript}${options.length > 0 ? ` -- ${options.join(' ')}` : ''} → `
      : '';
  return [
    ...what,
    `node ${process.version}, ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model.trim() ?? '?'}), ` +
      `autocannon ${args.connections} connections, ${args.duration} s per path in ${args.rounds} bursts taking turns, after ${args.warmup} s warm-up`,
    `command: ${viaNpm}${command}`,
    `other processes before the run: ${percent(otherBefore)} of the CPUs, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
    '',
  ].join('\n');
}
