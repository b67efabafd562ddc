// `avalanche-data-service compose [--check]`: the checked-in contracts.
import { parseComposeOptions } from '../../shared/config/commandOptions';
import { compose } from '../tools/compose';

/** Runs `compose`: with `--check`, 1 when a checked-in file is stale. */
export async function run(argv: string[]): Promise<number> {
  const { check } = parseComposeOptions(argv);
  const { stale } = await compose({ check });
  return check && stale.length > 0 ? 1 : 0;
}
