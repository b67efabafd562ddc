// One subgraph as its own HTTP service, for the scale-out shape:
//   PORT=4001 DATABASE_URL=... avalanche-data-service subgraph primary-network
// then run the gateway with SUBGRAPH_TRANSPORT=http SUBGRAPH_URLS=primary-network=http://...,evm=...,metrics=...
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { startStandaloneServer } from '@apollo/server/standalone';
import { createDatabase } from '../prisma/database';
import type { StartOptions } from '../shared/config/commandOptions';
import type { SubgraphName } from '../shared/config/subgraphNames';
import { buildSubgraphs } from '../subgraphs';
import { toServiceOptions } from './options';
import { maskError } from '../gateway/graphqlServer';
import { createWarpAggregator } from './createWarpAggregator';
import { limitHeapGrowth } from '../shared/limitHeapGrowth';
import { resolvePageTokenSecret } from './resolvePageTokenSecret';
import { systemClock } from '../shared/clock';
import { createKeyLookup } from './access/apiKeys';
import { subgraphRequestContext } from './subgraphRequestContext';
import { openReplicas } from './openReplicas';

/**
 * Serves one subgraph over HTTP (Apollo Server standalone) on PORT, against PostgreSQL (reads on its
 * replicas when DATABASE_REPLICA_URLS names some).
 * @param name the subgraph
 * @param parsed the service's options (shared/config/commandOptions.ts parseSubgraphOptions)
 * @returns once listening
 * @example const { name, options } = parseSubgraphOptions(process.env, ['evm']); await startSubgraph(name, options)
 */
export async function startSubgraph(name: SubgraphName, parsed: StartOptions): Promise<void> {
  const options = toServiceOptions(parsed);
  // Several processes cannot share one embedded PGlite folder: scale-out needs PostgreSQL.
  if (!options.databaseUrl) throw new Error('a subgraph service needs DATABASE_URL (PostgreSQL)');
  limitHeapGrowth();
  const db = await createDatabase({ databaseUrl: options.databaseUrl });
  const replicas = await openReplicas(db, options, { log: (line) => console.log(line) });
  const [subgraph] = await buildSubgraphs([name]);
  const pageTokenSecret = await resolvePageTokenSecret(db, options.pageTokenSecret);
  const deps = {
    prisma: db.prisma,
    read: db.read,
    replicas,
    pageTokens: { secret: pageTokenSecret },
    clock: systemClock,
    signatureAggregator: createWarpAggregator(db, options.warp),
    webhooks: { transaction: db.transaction, options: options.webhooks, now: () => new Date() },
    // Jobs are recorded here and built by the workers of `start` processes, which share the database.
    exports: { db, options: { downloadBaseUrl: options.exports.downloadBaseUrl }, now: () => new Date() },
  };
  // The gateway forwards the key its access control recognised; this process looks it up again
  // (the same lookup) to know the caller, as the gateway's own subgraphs are told it.
  const lookup = createKeyLookup(db.prisma, options.apiKeys);
  const server = new ApolloServer({
    schema: subgraph!.schema,
    formatError: (formatted, error) => maskError(formatted, error, console.error),
    // Inline traces are for Apollo's usage reporting, which this service never sends.
    plugins: [ApolloServerPluginInlineTraceDisabled()],
  });
  const { url } = await startStandaloneServer(server, {
    listen: { port: options.port, host: '127.0.0.1' },
    context: subgraphRequestContext(subgraph!, deps, lookup),
  });
  console.log(`subgraph ${name} at ${url}`);
}
