// `avalanche-data-service subgraph <name>`: one subgraph over HTTP.
import { startSubgraph } from '../../server/subgraph';
import { UsageError } from '../usageError';

/** Runs `subgraph`: resolves once serving. */
export async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  if (argv.length !== 1) throw new UsageError('expected the subgraph name');
  await startSubgraph(argv[0] as never, env);
  return 0;
}
