// `npm start`: the whole service on one port, on embedded PGlite unless DATABASE_URL is set.
import { createDatabase } from '../prisma/database';
import { loadDemoData } from './loadDemoData';
import { buildOptions } from './options';
import { resolvePageTokenSecret } from './resolvePageTokenSecret';
import { createService } from './service';

async function main() {
  const started = Date.now();
  const options = buildOptions(process.env);
  const log = (message: string, error?: unknown) => console.log(error ? `${message}: ${String(error)}` : message);
  const db = await createDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    log,
  });
  log(`database: ${db.kind === 'pglite' ? `embedded PGlite in ${options.dataDir}` : 'PostgreSQL'}`);
  const localSigners = await loadDemoData(db, options, log);
  const pageTokenSecret = await resolvePageTokenSecret(db, options.pageTokenSecret);
  const service = await createService({ db, options: { ...options, pageTokenSecret }, log, localSigners });
  const server = await service.listen(options.port);
  const base = `http://localhost:${options.port}`;
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  log(`  REST data     ${base}/v1   e.g. ${base}/v1/networks/mainnet/subnets?pageSize=2`);
  log(`  REST metrics  ${base}/v2`);
  log(`  GraphQL       ${base}/graphql`);
  log(`  OpenAPI       ${base}/openapi.json`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    await service.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
