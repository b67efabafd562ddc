// `avalanche-data-service compose [--check]`: the checked-in contracts.
import { compose } from '../tools/compose';
import { onlyFlags } from '../usageError';

/** Runs `compose`: with `--check`, 1 when a checked-in file is stale. */
export async function run(argv: string[]): Promise<number> {
  onlyFlags(argv, ['--check']);
  const { stale } = await compose({ check: argv.includes('--check') });
  return argv.includes('--check') && stale.length > 0 ? 1 : 0;
}
