// The composition root: the whole service on one port, on embedded PGlite unless DATABASE_URL is
// set (`avalanche-data-service start`, `npm start`).
import { createDatabase } from '../prisma/database';
import { derivedChainId } from '../indexer/evm/follow/derivedChainId';
import { runStoredBackfills } from '../indexer/primary-network/runStoredBackfills';
import { createLoggerFactory } from '../logging/createLoggerFactory';
import { limitHeapGrowth } from '../shared/limitHeapGrowth';
import { exampleUrls } from './exampleUrls';
import { loadDemoData } from './loadDemoData';
import { readLoadedData } from './loadedData';
import { buildOptions } from './options';
import { openReplicas } from './openReplicas';
import { resolvePageTokenSecret } from './resolvePageTokenSecret';
import { createService } from './service';
import { createServiceMetrics } from './serviceMetrics';
import { installShutdown } from './shutdown';
import { startBanner } from './startBanner';
import { createDeliverer, type Deliverer } from '../webhooks/delivery/createDeliverer';
import { createDeliveryMetrics } from '../webhooks/delivery/deliveryMetrics';

/**
 * Starts the service: options from the environment and flags, the database (migrated, demo data
 * on a fresh embedded one), REST, GraphQL and the node RPC on one port, and the shutdown handlers
 * (SIGTERM drains, a second one exits). Resolves once listening; throws what start-up failed on
 * (server/startupError.ts words it for the operator).
 * @param argv flags after the command (`--port=8081`, `--api-admin-enabled`)
 * @param env the environment
 * @example await startService(process.argv.slice(3), process.env)
 */
export async function startService(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  const started = Date.now();
  const options = buildOptions(env, argv);
  limitHeapGrowth();
  // Named loggers (admin.getLoggerLevel / setLoggerLevel): the composition root's lines go to `main`.
  const loggers = createLoggerFactory(options.logging);
  const main = loggers.get('main');
  const log = (message: string, error?: unknown) => (error ? main.error(message, { error }) : main.info(message));
  const metrics = createServiceMetrics();
  // Read (and checked) before the database opens, so a bad file fails the start at once.
  const indexerConfig = options.indexerConfig
    ? (await import('../indexer/config/readIndexerConfig')).readIndexerConfig(options.indexerConfig)
    : undefined;
  const db = await createDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    statementTimeoutMs: options.statementTimeoutMs,
    log,
    debug: (message) => main.debug(message),
    onQueryTime: (seconds) => metrics.databaseDuration.observe(seconds),
  });
  log(`database: ${db.kind === 'pglite' ? `embedded PGlite in ${options.dataDir}` : 'PostgreSQL'}`);
  const replicas = await openReplicas(db, options, { log, metrics });
  await runStoredBackfills(db, { log });
  const localSigners = await loadDemoData(db, options, log);
  const pageTokenSecret = await resolvePageTokenSecret(db, options.pageTokenSecret);
  const service = await createService({
    db,
    options: { ...options, pageTokenSecret },
    log,
    localSigners,
    metrics,
    loggers,
    replicas,
  });
  const server = await service.listen(options.port).catch(async (error: unknown) => {
    await service.close();
    await replicas?.close();
    await db.close();
    throw error;
  });
  // Examples on the data this database holds; with nothing indexed yet, the chain the indexer is
  // about to follow, under the blockchain ID it registers the chain with (registerChain.ts).
  const examples = exampleUrls(await readLoadedData(db), {
    rpcNetwork: options.nodeRpc.network,
    indexing: (indexerConfig?.evm ?? []).map((chain) => ({
      chainId: chain.chainId,
      blockchainId: chain.blockchainId ?? derivedChainId('blockchain', chain.chainId),
    })),
  });
  const banner = startBanner({
    base: `http://localhost:${options.port}`,
    seconds: (Date.now() - started) / 1000,
    examples,
    adminEnabled: options.nodeRpc.adminEnabled,
    logDir: options.logging.logDir,
  });
  for (const line of banner) log(line);

  // WEBHOOK_DELIVERY: a deliverer in this process (others, here or in `webhooks` processes, share the queue).
  const deliveryMetrics = createDeliveryMetrics({ registry: metrics.registry, db });
  let deliverer: Deliverer | undefined;
  if (options.webhookDelivery.enabled) {
    deliverer = createDeliverer({
      db,
      options: { ...options.webhookDelivery, allowedHosts: options.webhooks.allowedHosts },
      metrics: deliveryMetrics,
      log: loggers.get('webhooks'),
    });
    deliverer.start();
  }

  // INDEXER_CONFIG: the indexer follows its chains in this process; shutdown stops it at a block boundary first.
  let indexer: { stop(): Promise<void> } | undefined;
  if (indexerConfig) {
    const { createIndexer } = await import('../indexer/createIndexer');
    const started = createIndexer({
      db,
      config: indexerConfig,
      logger: loggers.get('indexer'),
      metrics,
      tty: null,
      onBlocksCommitted: () => deliverer?.wake(),
    });
    indexer = started;
    log(
      `  Indexer       ${[...indexerConfig.evm.map((c) => `evm:${c.chainId}`), ...indexerConfig.primaryNetwork.flatMap((n) => n.chains.map((c) => `${c.toLowerCase()}-chain:${n.network.toLowerCase()}`))].join(', ')} (${options.indexerConfig})`,
    );
    started.run().catch((error: unknown) => log('indexer stopped', error));
  }

  installShutdown({
    server,
    steps: [
      // The indexer stops at a block boundary and the deliverer records its attempts in flight, both before the database closes.
      async () => void (await Promise.all([indexer?.stop(), deliverer?.stop()])),
      () => service.close(),
      async () => replicas?.close(),
      () => db.close(),
      () => loggers.close(),
    ],
    log,
  });
}
