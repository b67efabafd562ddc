// `avalanche-data-service start`: the service on one port.
import { startService } from '../../server';

/** Runs `start`: resolves once serving; the shutdown handlers end the process. */
export async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  await startService(argv, env);
  return 0;
}
