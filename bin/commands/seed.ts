// `avalanche-data-service seed`: the deterministic demo data set.
import { runSeed } from '../../demo-data/seed';
import { parseSeedOptions } from '../../shared/config/commandOptions';

/** Runs `seed`; resolves to its exit code. */
export async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return runSeed(parseSeedOptions(env, argv));
}
