// The measuring process of one engine (started by the suite, bench/suite/runEngineProcess.ts):
// `node --expose-gc engineProcess.js '<EngineJob as JSON>' <result file>`. Its own process so the
// resident memory it reports is that engine's service, not the seeder's or the other engine's.
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { limitHeapGrowth } from '../../shared/limitHeapGrowth';
import { keepTrafficOnLoopback } from '../shared/keepTrafficOnLoopback';
import { stopLoad } from '../shared/runLoad';
import { measureEngine, type EngineJob } from './measureEngine';

process.env.APOLLO_TELEMETRY_DISABLED = '1';
keepTrafficOnLoopback();
// The service's own heap setting (`start` sets it): the figures are the service's as it runs.
limitHeapGrowth();
// The suite stops this process with SIGTERM, then drops the data set itself: nothing here needs saving.
process.once('SIGTERM', () => {
  stopLoad();
  process.exit(143);
});
const [jobText, resultFile] = process.argv.slice(2);
measureEngine(JSON.parse(jobText!) as EngineJob).then(
  (result) => {
    writeFileSync(resultFile!, JSON.stringify(result));
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
