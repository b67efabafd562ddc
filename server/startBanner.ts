// The lines the start ends with: how long it took and where everything is, with examples that answer
// on the data this database holds (exampleUrls.ts) and the folder the log files go to.
import path from 'node:path';
import type { ExampleUrls } from './exampleUrls';

/** What the banner tells. */
export type StartBannerFacts = {
  /** `http://localhost:8080` */
  base: string;
  /** Seconds from the process's start to listening. */
  seconds: number;
  examples: ExampleUrls;
  /** Whether the admin API is served. */
  adminEnabled: boolean;
  /** The log folder; none: no files. */
  logDir?: string;
};

/**
 * The banner's lines, for the `main` logger.
 * @param facts origin, start time, examples, admin API, log folder
 * @returns one line per part of the service
 * @example for (const line of startBanner({ base, seconds, examples, adminEnabled: false, logDir })) log(line)
 */
export function startBanner({ base, seconds, examples, adminEnabled, logDir }: StartBannerFacts): string[] {
  const label = (name: string) => `  ${name.padEnd(13)} `;
  const [firstRest, ...otherRest] = examples.rest;
  const restLine = `${label('REST data')}${base}/v1   `;
  const admin = adminEnabled ? `, admin API ${base}/ext/admin` : '';
  return [
    `ready in ${seconds.toFixed(1)} s`,
    `${label('Front door')}${base}/ (what data is loaded; a page in a browser, JSON otherwise)`,
    firstRest === undefined
      ? `${restLine}(no chain data yet: see "Indexing a chain" in the README)`
      : `${restLine}e.g. ${base}${firstRest}`,
    ...otherRest.map((example) => `${' '.repeat(restLine.length)}     ${base}${example}`),
    `${label('REST metrics')}${base}/v2`,
    `${label('GraphQL')}${base}/graphql (explorer in a browser)`,
    `${label('API reference')}${base}/docs   OpenAPI ${base}/openapi.json`,
    examples.rpc === undefined
      ? `${label('Node RPC')}${base}/ext (no EVM chain loaded yet)${admin}`
      : `${label('Node RPC')}${base}${examples.rpc}${admin}`,
    `${label('Operations')}${base}/health/ready  ${base}/metrics`,
    `${label('Logs')}${logDir === undefined ? 'the console only (LOG_DIR is empty)' : path.resolve(logDir)}`,
  ];
}
