// `avalanche-data-service webhooks`: a webhook deliverer (webhooks/delivery/runWebhooksCommand.ts)
// with the options the command line declares.
import { parseWebhooksOptions } from '../../shared/config/commandOptions';
import { runWebhooksCommand } from '../../webhooks/delivery/runWebhooksCommand';

/** Runs `webhooks`: 0 once stopped by a signal. */
export async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return runWebhooksCommand(parseWebhooksOptions(env, argv));
}
