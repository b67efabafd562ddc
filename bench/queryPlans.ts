// `npm run bench:plans [-- --engines postgres,pglite --scale 1 --out bench/PLANS.md]`: how the list
// endpoints read their keyset pages, without the rest of the suite. Per engine it builds the suite's
// data set (the demo data at `--scale`, default 1, plus the validator history), starts the service
// on it, and writes the plan of every statement of each list's second page (bench/suite/explainListPlans.ts,
// the part the suite runs too). Only --engines, --scale and --out apply.
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_NOW } from '../demo-data';
import { createStatementRecorder } from './evm-endpoints/captureStatements';
import { createCleanup } from './shared/cleanup';
import { keepTrafficOnLoopback } from './shared/keepTrafficOnLoopback';
import { describeError, progress, runBench } from './shared/report';
import { startService } from './shared/startService';
import { explainListPlans, type StatementPlan } from './suite/explainListPlans';
import { machineInfo } from './suite/machineInfo';
import { openEngineDatabase, prepareEngineData } from './suite/prepareEngineData';
import { parseSuiteArgs, type Engine, type SuiteArgs } from './suite/suiteArgs';
import { plansSection } from './suite/writeResults';

const repoRoot = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../..' : '..');
const databaseUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';

async function main(args: SuiteArgs): Promise<number> {
  process.env.APOLLO_TELEMETRY_DISABLED = '1';
  keepTrafficOnLoopback();
  const cleanup = createCleanup((label, error) => console.error(`cleanup of ${label} failed: ${describeError(error)}`));
  process.once('SIGINT', () => void cleanup.run().finally(() => process.exit(130)));
  const engines: { engine: Engine; plans: StatementPlan[]; evmTransactions: number }[] = [];
  const failures: string[] = [];
  try {
    for (const engine of args.engines) {
      const data = await prepareEngineData(engine, {
        databaseUrl,
        scale: args.scale,
        validatorHistory: args.validatorHistory,
        log: progress,
        onCreated: (release) => cleanup.defer(`${engine} data set`, release),
      });
      const recorder = createStatementRecorder();
      const db = await openEngineDatabase(data.location, recorder.onQuery);
      try {
        const service = await startService(
          db,
          'bench-page-token-secret',
          (message, error) => failures.push(`${engine}: service: ${message}: ${describeError(error)}`),
          () => DEMO_NOW,
        );
        try {
          progress(`${engine}: explaining the list pages`);
          const plans = await explainListPlans(service.baseUrl, recorder, db, failures);
          engines.push({ engine, plans, evmTransactions: data.counts.evmTransactions });
        } finally {
          await service.close();
        }
      } finally {
        await db.close();
      }
    }
  } finally {
    await cleanup.run();
  }
  const machine = machineInfo(repoRoot);
  const document = [
    '# Query plans of the list endpoints',
    '',
    `Written by \`npm run bench:plans -- --engines ${args.engines.join(',')} --scale ${args.scale}\` (bench/queryPlans.ts) on ${machine.date}, commit ${machine.commit}: ` +
      `the demo data at scale ${args.scale} (${engines.map((e) => `${e.evmTransactions.toLocaleString('en-US')} EVM transactions on ${e.engine}`).join(', ')})` +
      `${args.validatorHistory ? " plus the list-validators bench's validator history" : ''}. \`npm run bench\` writes the same section into bench/RESULTS.md.`,
    '',
    ...(failures.length > 0 ? ['## Failures', '', ...failures.map((f) => `- ${f}`), ''] : []),
    ...plansSection(engines),
  ];
  writeFileSync(args.out, `${document.join('\n')}\n`);
  progress(`plans written to ${path.relative(process.cwd(), args.out) || args.out}`);
  return failures.length > 0 ? 1 : 0;
}

// The suite's options, with this tool's defaults first (explicit options still win).
runBench(
  () =>
    parseSuiteArgs(
      ['--scale', '1', '--out', path.join(repoRoot, 'bench', 'PLANS.md'), ...process.argv.slice(2)],
      repoRoot,
    ),
  main,
);
