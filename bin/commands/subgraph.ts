// `avalanche-data-service subgraph <name>`: one subgraph over HTTP.
import { startSubgraph } from '../../server/subgraph';
import { parseSubgraphOptions } from '../../shared/config/commandOptions';

/** Runs `subgraph`: resolves once serving. */
export async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { name, options } = parseSubgraphOptions(env, argv);
  await startSubgraph(name, options);
  return 0;
}
