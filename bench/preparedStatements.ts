// `npm run bench:prepared -- PATH...` (DATABASE_URL: a seeded PostgreSQL, `avalanche-data-service seed`):
// what parsing and planning cost per statement. Each path is requested through the whole service
// to capture the statements it sends; then each statement runs alone on one connection, unnamed
// (parsed and planned on every execution) and named (prepared once, PostgreSQL's plan cache),
// alternately twice, and the mean wall time per execution is printed.
import 'reflect-metadata';
import pg from 'pg';
import { createDatabase } from '../prisma/database';
import { createStatementRecorder, requestStatements } from './evm-endpoints/captureStatements';
import { formatTable } from './shared/report';
import { describeError, runBench } from './shared/report';
import { startService } from './shared/startService';

const EXECUTIONS = 300;
const WARM_UP = 20;

/** Parameters as the driver adapter sent them; pg takes bigint as text. */
const toPgParam = (value: unknown): unknown =>
  typeof value === 'bigint' ? value.toString() : Array.isArray(value) ? value.map(toPgParam) : value;

/** The request paths to capture, and the seeded PostgreSQL to run them on. */
function parseArgs(argv: readonly string[]): { databaseUrl: string; paths: string[] } {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || argv.length === 0 || argv.some((path) => !path.startsWith('/'))) {
    throw new Error(
      'Validation failed: usage: DATABASE_URL=postgresql://… npm run bench:prepared -- /v1/chains/43114/transactions/0x… [PATH...]',
    );
  }
  return { databaseUrl, paths: [...argv] };
}

async function main({ databaseUrl, paths }: { databaseUrl: string; paths: readonly string[] }): Promise<number> {
  const recorder = createStatementRecorder();
  const db = await createDatabase({ databaseUrl, migrate: false, onQuery: recorder.onQuery });
  let captured: Awaited<ReturnType<typeof requestStatements>>;
  try {
    const service = await startService(db, 'bench-page-token-secret', (message, error) =>
      console.error(message, describeError(error)),
    );
    try {
      await requestStatements(service.baseUrl, recorder, paths); // caches warm: the second capture is what a request sends
      captured = await requestStatements(service.baseUrl, recorder, paths);
    } finally {
      await service.close();
    }
  } finally {
    await db.close();
  }

  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  const client = new pg.Client({
    connectionString: url.toString(),
    options: schema ? `-c search_path="${schema}"` : undefined,
  });
  await client.connect();
  try {
    let names = 0;
    const meanMs = async (text: string, values: unknown[], name: string | undefined) => {
      for (let i = 0; i < WARM_UP; i++) await client.query({ name, text, values });
      const started = process.hrtime.bigint();
      for (let i = 0; i < EXECUTIONS; i++) await client.query({ name, text, values });
      return Number(process.hrtime.bigint() - started) / 1e6 / EXECUTIONS;
    };
    const rows: string[][] = [];
    for (const [i, path] of paths.entries()) {
      for (const { sql, params } of captured[i]!) {
        const values = params.map(toPgParam);
        const unnamed = [await meanMs(sql, values, undefined)];
        const named = [await meanMs(sql, values, `bench_${names++}`)];
        unnamed.push(await meanMs(sql, values, undefined));
        named.push(await meanMs(sql, values, `bench_${names++}`));
        rows.push([
          path.length > 60 ? `${path.slice(0, 57)}…` : path,
          sql.replace(/\s+/g, ' ').trim().slice(0, 60),
          unnamed.map((ms) => ms.toFixed(3)).join(' / '),
          named.map((ms) => ms.toFixed(3)).join(' / '),
        ]);
      }
    }
    console.log(
      `mean ms per execution, ${EXECUTIONS} sequential executions after ${WARM_UP}, one connection, two alternations`,
    );
    console.log(formatTable(['request', 'statement', 'unnamed ms', 'named ms'], rows));
  } finally {
    await client.end();
  }
  return 0;
}

runBench(() => parseArgs(process.argv.slice(2)), main);
