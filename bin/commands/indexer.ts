// `avalanche-data-service indexer --config FILE [--exit-at-head]`: the indexer process
// (indexer/runIndexerCommand.ts) with the options the command line declares.
import { runIndexerCommand } from '../../indexer/runIndexerCommand';
import { parseIndexerOptions } from '../../shared/config/commandOptions';

/** Runs `indexer`: 0 when stopped or at the head, 1 when a chain failed. */
export async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return runIndexerCommand(parseIndexerOptions(env, argv));
}
