// `avalanche-data-service indexer --config FILE [--exit-at-head]`: reads the flags and the options,
// then runs the indexer process (indexer/runIndexerCommand.ts).
import { runIndexerCommand } from '../../indexer/runIndexerCommand';
import { buildOptions } from '../../server/options';
import { UsageError } from '../usageError';

/** Runs `indexer`: 0 when stopped or at the head, 1 when a chain failed. */
export async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let file: string | undefined;
  let exitAtHead = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--exit-at-head') exitAtHead = true;
    else if (arg === '--config' && argv[i + 1] !== undefined) file = argv[++i];
    else if (arg.startsWith('--config=')) file = arg.slice('--config='.length);
    else throw new UsageError(`unknown argument ${arg}; expected --config FILE or --exit-at-head`);
  }
  if (!file) throw new UsageError('expected --config FILE');
  const options = buildOptions({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR, LOG_LEVEL: env.LOG_LEVEL, LOG_DISPLAY_LEVEL: env.LOG_DISPLAY_LEVEL, LOG_DIR: env.LOG_DIR });
  return runIndexerCommand({ config: file, exitAtHead, databaseUrl: options.databaseUrl, dataDir: options.dataDir, logging: options.logging });
}
