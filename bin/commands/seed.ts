// `avalanche-data-service seed`: the deterministic demo data set.
import { runSeed } from '../../demo-data/seed';

/** Runs `seed`; resolves to its exit code. */
export async function run(argv: string[]): Promise<number> {
  return runSeed(argv);
}
